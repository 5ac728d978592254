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
