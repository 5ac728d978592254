import { newId, type Database } from '@amiko/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// Shared by the site journeys: the public routes, axe, page-view rows, members in bulk.

export type Language = 'en' | 'de';

/** Every route a visitor can open without signing in (SPEC §2). */
export const PUBLIC_ROUTES = [
  '/',
  '/index.html',
  '/my-story',
  '/how-it-works',
  '/pricing',
  '/faq',
  '/privacy-policy',
  '/contact-us',
  '/feedback',
  '/community',
  '/auth',
  '/reset-password-request',
  '/auth-action',
  '/not-found',
] as const;

/** The h1 of the site's own pages, word for word. */
export const HEADINGS: Partial<Record<(typeof PUBLIC_ROUTES)[number], Record<Language, string>>> = {
  '/': {
    en: 'Find your people, wherever life takes you',
    de: 'Finde deine Menschen, wohin das Leben dich auch führt',
  },
  '/index.html': {
    en: 'Find your people, wherever life takes you',
    de: 'Finde deine Menschen, wohin das Leben dich auch führt',
  },
  '/my-story': { en: 'My Why', de: 'Mein Warum' },
  '/how-it-works': { en: 'How it works', de: "So funktioniert's" },
  '/faq': { en: 'Frequently asked questions', de: 'Häufige Fragen' },
  '/privacy-policy': { en: 'Privacy Policy', de: 'Datenschutzerklärung' },
  '/contact-us': { en: 'Contact us', de: 'Kontakt' },
  '/feedback': { en: 'Feedback', de: 'Feedback' },
  '/not-found': { en: 'Oops! Page not found', de: 'Hoppla! Seite nicht gefunden' },
};

/** The names of the header and footer links a visitor sees, and where they lead. */
export const VISITOR_NAV: Record<Language, { header: [string, string][]; footer: [string, string][] }> = {
  en: {
    header: [
      ['Pricing', '/pricing'],
      ['How it works', '/how-it-works'],
      ['Community', '/community'],
      ['Sign In / Sign Up', '/auth?tab=signUp'],
    ],
    footer: [
      ['Privacy Policy', '/privacy-policy'],
      ['Contact Us', '/contact-us'],
      ['Feedback', '/feedback'],
      ['FAQ', '/faq'],
    ],
  },
  de: {
    header: [
      ['Preise', '/pricing'],
      ["So funktioniert's", '/how-it-works'],
      ['Community', '/community'],
      ['Anmelden / Registrieren', '/auth?tab=signUp'],
    ],
    footer: [
      ['Datenschutzerklärung', '/privacy-policy'],
      ['Kontakt', '/contact-us'],
      ['Feedback', '/feedback'],
      ['FAQ', '/faq'],
    ],
  },
};

/** Opens pages in a language the way a returning visitor's choice is remembered, with a known visitor id. */
export async function prepareVisitor(page: Page, options: { language?: Language; visitorId?: string }) {
  await page.addInitScript(
    ({ language, visitorId }) => {
      if (language) window.localStorage.setItem('i18nextLng', language);
      if (visitorId) window.localStorage.setItem('amiko.visitorId', visitorId);
    },
    { language: options.language, visitorId: options.visitorId },
  );
}

export function newVisitorId(): string {
  return `e2e-${Math.random().toString(36).slice(2, 12)}`;
}

export { expectAccessible } from './accessibility.ts';

/** Waits for the page view of a path by a visitor to be stored. */
export async function expectPageView(database: Database, visitorId: string, path: string) {
  const { db, t } = database;
  await expect
    .poll(
      async () =>
        (
          await db
            .select({ path: t.pageViews.path })
            .from(t.pageViews)
            .where(and(eq(t.pageViews.visitorId, visitorId), eq(t.pageViews.path, path)))
        ).length,
      { message: `page view of ${path}` },
    )
    .toBeGreaterThan(0);
}

/**
 * Puts `count` bare members holding an early-access place straight into the database, and counts their
 * places (the banner shows the places taken: a place goes with a verified address).
 */
export async function insertBareMembers(database: Database, count: number) {
  const { db, t } = database;
  const now = new Date();
  for (let done = 0; done < count; done += 100) {
    const rows = Array.from({ length: Math.min(100, count - done) }, () => {
      const id = newId();
      return {
        id,
        email: `bare-${id.toLowerCase()}@example.com`,
        name: 'Bare',
        emailVerified: true,
        hasFreeAccess: true,
        createdAt: now,
        updatedAt: now,
      };
    });
    await db.insert(t.members).values(rows);
  }
  await db
    .update(t.appCounters)
    .set({ value: sql`${t.appCounters.value} + ${count}` })
    .where(eq(t.appCounters.name, 'earlyAccess'));
}

/** Clicks EN or DE in the footer's language switcher, as a visitor does. */
export async function switchLanguage(page: Page, language: Language) {
  await page.getByTestId('language-switcher').locator(`label[for$="-${language}"]`).click();
}
