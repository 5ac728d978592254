import { createBrowserI18n } from '@amiko/i18n/browser';
import { isValidElement, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { matchRoutes } from 'react-router';
import { linkManifestOf } from './app-manifest.ts';
import { App } from './app/App.tsx';
import { routes } from './app/routes.tsx';
import type { LazyScreen } from './lazy.tsx';
import type { Platform } from './platform.tsx';
import { registerServiceWorker } from './service-worker.ts';
import './styles.css';

/**
 * Starts Amiko in `element` once the interface language and its common texts are loaded. A public page
 * arrives prerendered (the build's prerender.tsx; `data-prerendered` names its language): React hydrates
 * it. Any other page, or a prerendered one in the other language than the one detected here, renders anew.
 */
export async function mountApp(element: HTMLElement, platform: Platform): Promise<void> {
  const { i18n, ready } = createBrowserI18n([initReactI18next]);
  await ready;
  // The service worker is the browser's (the desktop app has its own notifications), and a build's (Vite's
  // development server has no /sw.js).
  if (platform.kind === 'browser' && import.meta.env.PROD) registerServiceWorker();
  linkManifestOf(i18n.resolvedLanguage);
  i18n.on('languageChanged', () => linkManifestOf(i18n.resolvedLanguage));
  const app = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App platform={platform} />
      </I18nextProvider>
    </StrictMode>
  );
  if (element.dataset.prerendered && element.dataset.prerendered === i18n.resolvedLanguage) {
    // Everything the page shows, loaded first: hydration then never waits, and never paints anew.
    await Promise.all([
      i18n.loadNamespaces(element.dataset.namespaces?.split(' ').filter(Boolean) ?? []),
      ...(matchRoutes(routes, window.location) ?? []).map((match) => preloadScreen(match.route.element)),
    ]);
    hydrateRoot(element, app, {
      onRecoverableError: (error) => console.error('Hydration of the prerendered page failed', error),
    });
  } else {
    createRoot(element).render(app);
  }
}

/** Loads the code of a route's screen, when it is one of lazyScreen's. */
function preloadScreen(element: ReactNode): Promise<unknown> | undefined {
  if (!isValidElement(element) || typeof element.type !== 'function') return undefined;
  return (element.type as Partial<LazyScreen<object>>).preload?.();
}
