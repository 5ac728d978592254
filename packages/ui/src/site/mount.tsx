import { MantineProvider } from '@mantine/core';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Layout } from '../app/Layout.tsx';
import type { PageKey } from '../app/pages.ts';
import { lazyScreen, type LazyScreen } from '../lazy.tsx';
import { browserPlatform, PlatformProvider } from '../platform.tsx';
import { cssVariablesResolver, theme } from '../theme.ts';
import { I18nextProvider, SiteI18n } from './i18n.tsx';
import { SitePageProvider } from './router.tsx';
import { nextTask } from './tasks.ts';

// The public pages' own entry (apps/web/src/site.ts, built by apps/web/vite.site.config.ts): a visitor's
// prerendered page hydrates with its layout and its one screen, without the member app (its router, its
// query cache, its screens). Every link is a page load: another public page arrives prerendered, the member
// area (sign in, community, …) loads the app. A member's page loads the app instead (prerender.ts's start
// script decides).

const SCREENS: Record<string, { page: PageKey; Screen: LazyScreen<object> }> = {};
const screen = (paths: string[], page: PageKey, Screen: LazyScreen<object>) => {
  for (const path of paths) SCREENS[path] = { page, Screen };
};
screen(
  ['/', '/index.html'],
  'home',
  lazyScreen(() => import('../screens/site/HomeScreen.tsx')),
);
screen(
  ['/my-story'],
  'myStory',
  lazyScreen(() => import('../screens/site/MyStoryScreen.tsx')),
);
screen(
  ['/how-it-works'],
  'howItWorks',
  lazyScreen(() => import('../screens/site/HowItWorksScreen.tsx')),
);
screen(
  ['/pricing'],
  'pricing',
  lazyScreen(() => import('../screens/payment/PricingScreen.tsx')),
);
screen(
  ['/faq'],
  'faq',
  lazyScreen(() => import('../screens/site/FaqScreen.tsx')),
);
screen(
  ['/privacy-policy'],
  'privacyPolicy',
  lazyScreen(() => import('../screens/site/PrivacyPolicyScreen.tsx')),
);
screen(
  ['/contact-us'],
  'contact',
  lazyScreen(() => import('../screens/site/ContactScreen.tsx')),
);
screen(
  ['/feedback'],
  'feedback',
  lazyScreen(() => import('../screens/site/FeedbackScreen.tsx')),
);
const notFound = {
  page: 'notFound' as const,
  Screen: lazyScreen(() => import('../screens/NotFoundScreen.tsx')),
};

/**
 * Hydrates the prerendered public page in `element` once its language, its texts and its screen are
 * loaded (so hydration never waits and never paints anew); renders it anew when the visitor's language is
 * not the one the server sent.
 */
export async function mountSite(element: HTMLElement): Promise<void> {
  // Evaluating the site's modules is one task; its start and its hydration follow in tasks of their own.
  await nextTask();
  const i18n = new SiteI18n();
  const page = SCREENS[window.location.pathname] ?? notFound;
  const prerendered = element.dataset.prerendered === i18n.resolvedLanguage;
  const screen = page.Screen.preload();
  await nextTask();
  await Promise.all([
    i18n.loadNamespaces(['common', ...(element.dataset.namespaces?.split(' ').filter(Boolean) ?? [])]),
    screen,
  ]);
  i18n.prepareFormats();
  await nextTask();
  const site = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <PlatformProvider platform={browserPlatform}>
          <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
            <SitePageProvider value={page}>
              <Layout />
            </SitePageProvider>
          </MantineProvider>
        </PlatformProvider>
      </I18nextProvider>
    </StrictMode>
  );
  // As a transition, React hydrates (or renders) in slices of a few milliseconds and lets the browser in
  // between, instead of in one long task: the prerendered page stays responsive while it comes alive.
  startTransition(() => {
    if (prerendered) {
      hydrateRoot(element, site, {
        onRecoverableError: (error) => console.error('Hydration of the prerendered page failed', error),
      });
    } else {
      createRoot(element).render(site);
    }
  });
}
