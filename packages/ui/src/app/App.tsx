import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { PlatformProvider, type Platform } from '../platform.tsx';
import { cssVariablesResolver, theme } from '../theme.ts';
import { createQueryClient, createTrpcClient, trpc } from '../trpc.ts';
import { routes } from './routes.tsx';

// Notifications are shown after actions, never on first paint: their code loads after the page.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

export function App({ platform }: { platform: Platform }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() => createTrpcClient(platform.apiBaseUrl));
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <PlatformProvider platform={platform}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
            <Suspense fallback={null}>
              <Notifications position="top-center" />
            </Suspense>
            <RouterProvider router={router} />
          </MantineProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </PlatformProvider>
  );
}
