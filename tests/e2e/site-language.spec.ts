import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// SPEC §9: the interface language is detected in the order query string `lng`, cookie, localStorage,
// sessionStorage, browser language, <html lang>; the result is cached in localStorage. Each case sets one
// source to German and every later source to English (or the opposite), so only the order decides.

const GERMAN = 'Häufige Fragen';
const ENGLISH = 'Frequently asked questions';

interface Sources {
  cookie?: string;
  localStorage?: string;
  sessionStorage?: string;
}

async function arrange(page: Page, context: BrowserContext, baseURL: string, sources: Sources) {
  if (sources.cookie) await context.addCookies([{ name: 'i18next', value: sources.cookie, url: baseURL }]);
  await page.addInitScript((s: Sources) => {
    // Only before the app's first start: later loads must see what the app itself cached.
    if (sessionStorage.getItem('arranged')) return;
    sessionStorage.setItem('arranged', '1');
    if (s.localStorage) localStorage.setItem('i18nextLng', s.localStorage);
    if (s.sessionStorage) sessionStorage.setItem('i18nextLng', s.sessionStorage);
  }, sources);
}

async function expectLanguage(page: Page, language: 'en' | 'de') {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'de' ? GERMAN : ENGLISH);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  // The detected language is cached in localStorage (by the app, which starts once the prerendered page
  // has loaded).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe(language);
}

test.describe('language detection order', () => {
  test.use({ locale: 'en-US' });

  test('the query string beats the cookie, localStorage and sessionStorage', async ({
    page,
    context,
    baseURL,
  }) => {
    await arrange(page, context, baseURL!, { cookie: 'en', localStorage: 'en', sessionStorage: 'en' });
    await page.goto('/faq?lng=de');
    await expectLanguage(page, 'de');
    // Cached: the next page without the query string stays German (localStorage now says de, but the
    // cookie still says en and comes first; so the cookie is cleared to see the cache at work).
    await context.clearCookies({ name: 'i18next' });
    await page.goto('/faq');
    await expectLanguage(page, 'de');
  });

  test('the cookie beats localStorage and sessionStorage', async ({ page, context, baseURL }) => {
    await arrange(page, context, baseURL!, { cookie: 'de', localStorage: 'en', sessionStorage: 'en' });
    await page.goto('/faq');
    await expectLanguage(page, 'de');
  });

  test('localStorage beats sessionStorage and the browser', async ({ page, context, baseURL }) => {
    await arrange(page, context, baseURL!, { localStorage: 'de', sessionStorage: 'en' });
    await page.goto('/faq');
    await expectLanguage(page, 'de');
  });

  test('sessionStorage beats the browser language', async ({ page, context, baseURL }) => {
    await arrange(page, context, baseURL!, { sessionStorage: 'de' });
    await page.goto('/faq');
    await expectLanguage(page, 'de');
  });
});

test.describe('the browser language', () => {
  test.use({ locale: 'de-AT' });

  test('beats <html lang>, and a regional variant means German', async ({ page }) => {
    await page.goto('/faq');
    await expectLanguage(page, 'de');
  });
});

test.describe('<html lang>', () => {
  test.use({ locale: 'fr-FR' });

  test('decides when the browser speaks neither language', async ({ page }) => {
    // The page as served says lang="en"; here it arrives saying "de", as a page served in German would.
    await page.route('**/faq', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('<html lang="en">', '<html lang="de">');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/faq');
    await expectLanguage(page, 'de');
  });

  test('and without any source, English is the default', async ({ page }) => {
    await page.goto('/faq');
    await expectLanguage(page, 'en');
  });
});
