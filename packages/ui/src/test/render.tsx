import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { PlatformProvider, type Platform } from '../platform.tsx';
import { cssVariablesResolver, theme } from '../theme.ts';
import { createQueryClient, trpc } from '../trpc.ts';
import { createTestI18n } from './i18n.ts';
import { createTestLink, type TestApi } from './trpc-double.ts';

/** A host for component tests: the API's address and what the app asked of it. */
export function testPlatform(apiBaseUrl = ''): Platform & { notified: { title: string; body: string }[] } {
  const notified: { title: string; body: string }[] = [];
  return {
    kind: 'browser',
    apiBaseUrl,
    notified,
    setUnreadCount: () => undefined,
    notify: ({ title, body }) => void notified.push({ title, body }),
    openExternal: () => undefined,
    onNavigate: () => () => undefined,
    notificationAccess: () => 'unsupported',
    requestNotificationAccess: async () => 'unsupported',
    push: null,
  };
}

/**
 * Renders `ui` inside the app's providers: Mantine with the app's theme (in Mantine's test mode: no
 * transitions, no portals), the real i18n texts, a real QueryClient with the app's settings, a router at
 * `path`, and the API answered by `api`. Returns Testing Library's queries (`rerender` keeps the
 * providers), a user-event session, the API calls made, and the QueryClient.
 */
export function renderWithApp(
  ui: ReactNode,
  {
    api = {},
    language = 'en',
    path = '/',
    platform = testPlatform(),
  }: { api?: TestApi; language?: 'en' | 'de'; path?: string; platform?: Platform } = {},
) {
  const queryClient = createQueryClient();
  const { link, calls } = createTestLink(api);
  const trpcClient = trpc.createClient({ links: [link] });
  // No pause between keystrokes: the app has no timing of its own there.
  const user = userEvent.setup({ delay: null });
  const i18n = createTestI18n(language);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PlatformProvider platform={platform}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>
            <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
              <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
            </MantineProvider>
          </I18nextProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </PlatformProvider>
  );
  const result = render(ui, { wrapper });
  return { ...result, user, calls, queryClient };
}
