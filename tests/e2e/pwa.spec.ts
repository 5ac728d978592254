import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';
import { expect, test as base, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';

const DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

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

/** Waits until the page is controlled by Amiko's service worker, and returns its registration's scope. */
async function controlledScope(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
}

/** Every URL the service worker has cached. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

test.describe('service worker', () => {
  // A server of their own: these tests cut it off, or change the build it serves.
  let own: AmikoProcess | null = null;
  let build: string | null = null;
  test.afterEach(async () => {
    await own?.stop();
    own = null;
    if (build) rmSync(build, { recursive: true, force: true });
    build = null;
  });

  test('registers at scope "/" and an installed Amiko opens offline to the offline screen', async ({
    app,
    page,
  }) => {
    own = await spawnAmiko();
    await signedInMember(own, app, { name: 'Ana' });
    await page.goto(`${own.url}/messages`);
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    expect(await controlledScope(page)).toBe(`${own.url}/`);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${own.url}/sw.js`);

    // The member's messages page asked the API and showed their avatar: none of it is cached, only the
    // shell and code.
    const cached = await cachedUrls(page);
    expect(cached).toContain('/messages');
    expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true);
    for (const url of cached) expect(url).toMatch(/^\/(messages|assets\/.+|favicon\.svg|icons\/.+)$/);

    // The network gone (the server stopped): the member area opens from the cache, and says so.
    await own.stop();
    own = null;
    await page.reload();
    await expect(page.getByTestId('offline-screen')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(page.url()).toMatch(/\/messages$/);
  });

  test('the offline screen is in German for a German member', async ({ app, page }) => {
    own = await spawnAmiko();
    await signedInMember(own, app, { name: 'Bea', language: 'de' });
    await useLanguage(page, 'de');
    await page.goto(`${own.url}/messages`);
    await controlledScope(page);
    await app.setOffline(true);
    await page.reload().catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'Du bist offline' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
    // Back online, "try again" brings the page back.
    await app.setOffline(false);
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByRole('heading', { name: 'Nachrichten', level: 1 })).toBeVisible();
  });

  test('a new version is offered with "Reload to update", never switched to under the member', async ({
    app,
    page,
  }) => {
    // A copy of the build, so that a new version can be put in its place without touching the shared one.
    build = mkdtempSync(join(tmpdir(), 'amiko-pwa-build-'));
    cpSync(realpathSync(DIST), build, { recursive: true });
    own = await spawnAmiko({ env: { WEB_DIST: build } });
    await signedInMember(own, app, { name: 'Cleo' });
    await page.goto(`${own.url}/messages`);
    await controlledScope(page);
    await expect(page.getByTestId('update-notice')).toHaveCount(0);

    const worker = join(build, 'sw.js');
    const next = readFileSync(worker, 'utf8').replace(
      /const VERSION = '([0-9a-f]+)';/,
      "const VERSION = '$1-next';",
    );
    writeFileSync(worker, next);
    rmSync(`${worker}.br`, { force: true });
    rmSync(`${worker}.gz`, { force: true });

    // The browser finds the new worker on the next page load; the page stays on the version it has.
    await page.reload();
    await expect(page.getByTestId('update-notice')).toBeVisible();
    await expect(page.getByTestId('update-notice')).toContainText('A new version of Amiko is ready.');
    const versionOf = (state: 'active' | 'waiting') =>
      page.evaluate(async (which) => {
        const registration = await navigator.serviceWorker.ready;
        const script = registration[which]?.scriptURL;
        return script ? which : null;
      }, state);
    expect(await versionOf('waiting')).toBe('waiting');

    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Reload to update' }).click(),
    ]);
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    await expect(page.getByTestId('update-notice')).toHaveCount(0);
    expect(await versionOf('waiting')).toBeNull();
    const versions = await Promise.all(app.serviceWorkers().map((sw) => sw.evaluate(() => VERSION)));
    expect(versions.some((v) => v.endsWith('-next'))).toBe(true);
  });
});

declare const VERSION: string;
