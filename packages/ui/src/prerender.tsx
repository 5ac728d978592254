import { PRERENDER_ORIGIN, UI_LANGUAGES, type UiLanguage } from '@amiko/core';
import type { Resources } from '@amiko/i18n';
import { createPrerenderI18n } from '@amiko/i18n/prerender';
import { isValidElement, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { AppProviders } from './app/App.tsx';
import { pageOf } from './app/pages.ts';
import { routes } from './app/routes.tsx';
import { RequireAuth } from './components/RequireAuth.tsx';
import { browserPlatform } from './platform.tsx';

/**
 * The public pages the build prerenders, by the file name each gets (pages/<language>/<name>.html) and its
 * path. /index.html is the same page as /, and unknown paths show the client's own not-found page.
 */
export const PUBLIC_PAGES = [
  { name: 'index', path: '/' },
  { name: 'my-story', path: '/my-story' },
  { name: 'how-it-works', path: '/how-it-works' },
  { name: 'pricing', path: '/pricing' },
  { name: 'faq', path: '/faq' },
  { name: 'privacy-policy', path: '/privacy-policy' },
  { name: 'contact-us', path: '/contact-us' },
  { name: 'feedback', path: '/feedback' },
  { name: 'not-found', path: '/not-found' },
] as const;

export { PRERENDER_ORIGIN, UI_LANGUAGES };

/** The paths of the member area (the routes behind RequireAuth): robots.txt keeps crawlers out of them. */
export const MEMBER_PATHS: string[] = routes[0]!.children!.flatMap((route) =>
  isValidElement(route.element) && route.element.type === RequireAuth && route.path ? [route.path] : [],
);

/**
 * The path of each route in `list` and below, children's joined to their parent's; not the app's catch-all
 * (the not-found page), but a section's (`/settings/*`, which the sign-in guards; issue 30.13).
 */
function routePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*' && parent === '') return [];
    const path =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`;
    return [...(route.path === undefined ? [] : [path]), ...routePaths(route.children ?? [], path)];
  });
}

/**
 * Every path of the app's route table (`/profile-view/:userId`, `/settings/user-info`): the build writes
 * them to routes.json, and the server answers these with 200 and any other page path with 404.
 */
export const APP_PATHS: string[] = [...new Set(routePaths(routes))];

type PublicPageKey = Exclude<keyof Resources['site']['meta'], 'ogImageAlt'>;

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  namespaces: string[];
  /** The page's <title> and meta description (common:titles, site:meta), in its language. */
  title: string;
  description: string;
  /** The alt text of the page's share image. */
  imageAlt: string;
}

/**
 * A page as a visitor's first render shows it (session and counts still loading), in `language`: the
 * markup the browser hydrates (mount.tsx), and the translation namespaces it uses. React's prerender waits for every lazy screen. Its Suspense
 * boundaries are written in place, never "outlined" (sent after the rest with an inline script that moves
 * them, which the CSP refuses): hence the unbounded chunk size, and no script may appear in the markup.
 */
export async function renderPage(path: string, language: UiLanguage): Promise<RenderedPage> {
  const i18n = createPrerenderI18n(language, [initReactI18next]);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppProviders platform={browserPlatform}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </I18nextProvider>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error(`prerender: ${path} has an inline script`);
  const page = pageOf(context.matches.map((match) => match.route));
  return {
    html,
    // The translation namespaces the page used: the browser loads them before it hydrates.
    namespaces: i18n.reportNamespaces?.getUsedNamespaces() ?? [],
    title: i18n.t(`titles.${page}`),
    description: i18n.t(`site:meta.${page as PublicPageKey}`),
    imageAlt: i18n.t('site:meta.ogImageAlt'),
  };
}
