import { expect, test } from './fixtures.ts';
import { HEADINGS, prepareVisitor, type Language } from './site-support.ts';

// Issue 18 item 10: the public pages arrive as prerendered HTML in the visitor's language (what a crawler
// or a phone without JavaScript reads), and the app hydrates that markup instead of painting anew.

const PRERENDERED = [
  '/',
  '/index.html',
  '/my-story',
  '/how-it-works',
  '/pricing',
  '/faq',
  '/privacy-policy',
  '/contact-us',
  '/feedback',
  '/not-found',
] as const;

const PRICING_TITLE: Record<Language, string> = { en: 'Pricing', de: 'Preise' };
const FAQ_QUESTION: Record<Language, string> = { en: 'Who can join?', de: 'Wer kann mitmachen?' };

/** The text of an HTML document as a reader sees it, without tags, styles or entities. */
function textOf(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

test.describe('the HTML a crawler fetches', () => {
  for (const language of ['en', 'de'] as const) {
    test(`every public page holds its own text in ${language.toUpperCase()} (?lng=${language})`, async ({
      request,
    }) => {
      for (const path of PRERENDERED) {
        const response = await request.get(`${path}?lng=${language}`);
        expect(response.status(), path).toBe(200);
        expect(response.headers()['content-language'], path).toBe(language);
        const html = await response.text();
        expect(html, path).toContain(`<html lang="${language}">`);
        expect(html, path).toContain(`data-prerendered="${language}"`);
        const text = textOf(html);
        const heading = HEADINGS[path as keyof typeof HEADINGS]?.[language] ?? PRICING_TITLE[language];
        expect(text, path).toContain(heading);
        // The whole page, not a loader: header and footer around the screen, and no inline script.
        expect(html, path).not.toMatch(/<script(?![^>]*\bsrc=)/);
      }
      expect(textOf(await (await request.get(`/faq?lng=${language}`)).text())).toContain(
        FAQ_QUESTION[language],
      );
    });
  }

  test('the language follows the cookie, then the browser languages, English last', async ({
    playwright,
    baseURL,
  }) => {
    const ask = async (headers: Record<string, string>) => {
      const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
      const html = await (await context.get('/faq')).text();
      await context.dispose();
      return /<html lang="(\w+)">/.exec(html)?.[1];
    };
    expect(await ask({})).toBe('en');
    expect(await ask({ 'Accept-Language': 'de-AT,de;q=0.9,en;q=0.8' })).toBe('de');
    expect(await ask({ 'Accept-Language': 'fr-FR,de;q=0.5' })).toBe('de');
    expect(await ask({ 'Accept-Language': 'fr-FR' })).toBe('en');
    expect(await ask({ 'Accept-Language': 'de', Cookie: 'i18next=en' })).toBe('en');
    expect(await ask({ 'Accept-Language': 'en', Cookie: 'i18next=de' })).toBe('de');
  });

  test('pages are sent pre-compressed and uncached; they vary with the language headers', async ({
    request,
  }) => {
    for (const encoding of ['br', 'gzip']) {
      const response = await request.get('/faq', { headers: { 'Accept-Encoding': encoding } });
      expect(response.headers()['content-encoding']).toBe(encoding);
      expect(response.headers()['cache-control']).toBe('no-cache');
      expect(response.headers()['vary']).toMatch(/Accept-Language/);
      expect(response.headers()['vary']).toMatch(/Cookie/);
    }
  });

  test('the member area stays the client-rendered app; an unknown path is the prerendered 404', async ({
    request,
  }) => {
    for (const path of ['/messages', '/settings/user-info', '/community', '/auth', '/pods']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).not.toContain('data-prerendered');
    }
    const unknown = await request.get('/no/such/page');
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain('data-prerendered="en"');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 720 } });

  for (const language of ['en', 'de'] as const) {
    test(`a visitor reads every public page, all of its blocks visible (${language.toUpperCase()})`, async ({
      page,
    }) => {
      for (const path of PRERENDERED) {
        await page.goto(`${path}?lng=${language}`);
        const heading = HEADINGS[path as keyof typeof HEADINGS]?.[language] ?? PRICING_TITLE[language];
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
        // Scroll animations never hide text: every block is fully opaque where it stands.
        const hidden = await page
          .locator('[data-reveal]')
          .evaluateAll((blocks) => blocks.filter((b) => getComputedStyle(b).opacity !== '1').length);
        expect(hidden, path).toBe(0);
      }
    });
  }
});

test.describe('hydration', () => {
  for (const language of ['en', 'de'] as const) {
    test(`the app takes over the prerendered markup without painting anew (${language.toUpperCase()})`, async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // The heading node as the HTML parser made it, before any script ran.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { parsedHeading: Element | null }).parsedHeading =
            document.querySelector('h1');
        });
      });
      for (const path of ['/', '/faq', '/how-it-works', '/pricing']) {
        await page.goto(`${path}?lng=${language}`);
        // Interactive once hydrated: the language switcher is React's.
        await page.waitForLoadState('networkidle');
        await expect(page.getByTestId('language-switcher')).toBeVisible();
        const same = await page.evaluate(
          () =>
            (window as unknown as { parsedHeading: Element | null }).parsedHeading ===
            document.querySelector('h1'),
        );
        expect(same, `${path}: the prerendered heading was replaced`).toBe(true);
      }
      // React hydrated: a click on the switcher changes the language in place.
      await page.goto(`/faq?lng=${language}`);
      const other = language === 'en' ? 'de' : 'en';
      await page.waitForLoadState('networkidle');
      await page.getByTestId('language-switcher').locator(`label[for$="-${other}"]`).click();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      expect(errors).toEqual([]);
    });
  }

  test('the language chosen in the app is the one the server sends next time (no flash)', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto('/faq');
    await page.waitForLoadState('networkidle');
    await page.getByTestId('language-switcher').locator('label[for$="-de"]').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const cookie = (await context.cookies(baseURL)).find((c) => c.name === 'i18next');
    expect(cookie?.value).toBe('de');
    // The next document arrives in German: the server read the cookie.
    const response = await page.goto('/how-it-works');
    expect(await response!.text()).toContain('<html lang="de">');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS['/how-it-works']!.de);
  });
});

test.describe('the public site and the app', () => {
  test('a visitor’s page runs the light public site; signing in loads the member app', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/');
    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In / Sign Up' });
    await expect(signIn).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => path.startsWith('/assets/site-'))).toHaveLength(1);
    expect(scripts.filter((path) => path.startsWith('/assets/index-'))).toEqual([]);
    // Into the app: the sign-up page is the member app's, which a page load brings (issue 18.4's tab).
    await signIn.click();
    await expect(page).toHaveURL(/\/auth\?tab=signUp$/);
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(scripts.filter((path) => path.startsWith('/assets/index-'))).toHaveLength(1);
  });
});
