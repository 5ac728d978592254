import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test as base, useLanguage } from './fixtures.ts';

// Amiko as an installed app (issue 31): the web app manifest and iOS's tags, the service worker at /sw.js
// (the member area's shell offline, a new version offered rather than switched to), and Web Push as the
// worker receives it (delivered through CDP: headless Chromium reaches no real push service).

/**
 * A browser profile on disk, as an installed app has: Playwright's usual contexts are incognito, where
 * Chromium offers no install ("in-incognito") and no push subscription.
 */
const test = base.extend<{ page: Page; app: BrowserContext }>({
  app: async ({ playwright, launchOptions, baseURL }, use) => {
    const profile = mkdtempSync(join(tmpdir(), 'amiko-pwa-profile-'));
    const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
    await use(context);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  },
  page: async ({ app }, use) => {
    await use(app.pages()[0] ?? (await app.newPage()));
  },
});

/** What Chromium itself says stands between the page and an install (CDP Page.getInstallabilityErrors). */
async function installabilityErrors(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const { url, errors } = await cdp.send('Page.getAppManifest');
    return { errors: installabilityErrors.map((e) => e.errorId), manifestUrl: url, parseErrors: errors };
  } finally {
    await cdp.detach();
  }
}

test.describe('installable', () => {
  test('the member area and the public pages are installable, in the page’s language', async ({ page }) => {
    await page.goto('/messages');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const app = await installabilityErrors(page);
    expect(app.errors).toEqual([]);
    expect(app.parseErrors).toEqual([]);
    expect(app.manifestUrl).toMatch(/\/manifest\.webmanifest$/);
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      /apple-touch-icon\.png$/,
    );
    await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'Amiko');

    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({
      display: 'standalone',
      start_url: '/community',
      scope: '/',
      lang: 'en',
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const answer = await page.request.get(icon.src);
      expect(answer.headers()['content-type']).toBe('image/png');
    }
    expect((manifest.shortcuts as { url: string }[]).map((s) => s.url)).toEqual(['/messages']);

    // The German home page links the German manifest, and so does the app in German.
    await page.goto('/?lng=de');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-de.webmanifest');
    const site = await installabilityErrors(page);
    expect(site.errors).toEqual([]);
    const german = (await (await page.request.get('/manifest-de.webmanifest')).json()) as Record<
      string,
      unknown
    >;
    expect(german).toMatchObject({
      lang: 'de',
      name: 'Amiko',
      shortcuts: [{ name: 'Nachrichten', url: '/messages' }],
    });
    expect(german.description).toMatch(/gemeinsame Interessen/);
  });

  test('the app in German links the German manifest', async ({ page }) => {
    await useLanguage(page, 'de');
    await page.goto('/auth');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-de.webmanifest');
    expect((await installabilityErrors(page)).errors).toEqual([]);
  });
});
