import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { UpdateNotice } from '../components/UpdateNotice.tsx';
import { NotificationsOutlet } from '../notify.tsx';
import { PlatformProvider, type Platform } from '../platform.tsx';
import { cssVariablesResolver, theme } from '../theme.ts';
import { createQueryClient, createTrpcClient, trpc } from '../trpc.ts';
import { routes } from './routes.tsx';

// A member whose system asks for less motion gets dialogs, drawers and menus without their transitions
// (WCAG 2.3.3). The browser journeys run so too: a click on a dialog still scaling in could land between two
// positions of its button and do nothing (two such failures in one CI run). The public site keeps Mantine's
// default: its first visit's JavaScript is at its budget.
const memberTheme = { ...theme, respectReducedMotion: true };

/** Everything around the router, the same in the browser and in the build's prerendering (prerender.tsx). */
export function AppProviders({ platform, children }: { platform: Platform; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() => createTrpcClient(platform.apiBaseUrl));
  return (
    <PlatformProvider platform={platform}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <MantineProvider theme={memberTheme} cssVariablesResolver={cssVariablesResolver}>
            <NotificationsOutlet />
            {children}
          </MantineProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </PlatformProvider>
  );
}

export function App({ platform }: { platform: Platform }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders platform={platform}>
      {/* Route changes are not transitions: while a screen's code loads, its loader replaces the
          previous screen. As a transition, the previous screen stayed on show under the new
          address, and what a member typed into it was gone when the new screen arrived. */}
      <RouterProvider router={router} useTransitions={false} />
      <UpdateNotice />
    </AppProviders>
  );
}
