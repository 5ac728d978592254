import type { Resources } from '@amiko/i18n';

/** A route's page: its title (common:titles), set as the document title (and prerendered). */
export interface PageHandle {
  page: PageKey;
}

export type PageKey = keyof Resources['common']['titles'];

/** The page of the deepest matched route that names one. */
export function pageOf(matches: readonly { handle?: unknown }[]): PageKey {
  const pages = matches.map((match) => (match.handle as PageHandle | undefined)?.page);
  return pages.filter((key) => key !== undefined).at(-1) ?? 'notFound';
}

/**
 * The public site's pages (site:meta describes each; the build prerenders them): they show their text
 * without the server, so they stay on show when it cannot be reached, where other pages show the offline
 * screen.
 */
const SITE_PAGES = {
  home: true,
  myStory: true,
  howItWorks: true,
  pricing: true,
  faq: true,
  privacyPolicy: true,
  contact: true,
  feedback: true,
  notFound: true,
} satisfies Record<Exclude<keyof Resources['site']['meta'], 'ogImageAlt'>, true>;

export function isSitePage(page: PageKey): boolean {
  return page in SITE_PAGES;
}
