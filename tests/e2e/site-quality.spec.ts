import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PAGE_ANIMATION_MS } from '@amiko/core';
import { spawnAmiko } from '../support/amiko-process.ts';
import { expect, test } from './fixtures.ts';
import { prepareVisitor, PUBLIC_ROUTES } from './site-support.ts';

// Layout from 360 px up, the scroll animations and reduced motion, the JavaScript a first visit to the
// home page really loads, and the README's screenshots.

// The public site's light entry: issue 18.12's 100 KiB (docs/decisions.md, "A light entry for the public pages").
const HOME_BUDGET_KIB = 100;
const HOME_BUDGET_BYTES = HOME_BUDGET_KIB * 1024;

for (const language of ['en', 'de'] as const) {
  test(`no public page scrolls sideways at 360 px (${language.toUpperCase()})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await prepareVisitor(page, { language });
    for (const path of PUBLIC_ROUTES) {
      await page.goto(path);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(
        page.getByRole('button', { name: language === 'en' ? 'Open menu' : 'Menü öffnen' }),
      ).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(360);
    }
    await context.close();
  });
}

test('wide screens get the inline navigation and a centred page', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1000 });
  await prepareVisitor(page, { language: 'en' });
  await page.goto('/how-it-works');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  const box = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  expect(box.x).toBeGreaterThan(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1920);
});

test.describe('scroll animations', () => {
  // A visitor who has not asked for less motion (the journeys' default asks for it: playwright.config.ts).
  test.use({ viewport: { width: 1280, height: 720 }, reducedMotion: 'no-preference' });

  test(`blocks further down fade in over ${PAGE_ANIMATION_MS} ms when scrolled to; blocks in view only rise`, async ({
    page,
  }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/how-it-works');
    const steps = page.getByTestId('steps').getByRole('listitem');
    const first = steps.first();
    const last = steps.last();
    await expect(first).toHaveClass(/in-view/);
    expect(await first.evaluate((e) => getComputedStyle(e).animationDuration)).toBe(
      `${PAGE_ANIMATION_MS / 1000}s`,
    );
    // Below the fold: hidden until it scrolls into view, then a 1000 ms transition.
    await expect(last).not.toHaveClass(/is-revealed/);
    expect(await last.evaluate((e) => getComputedStyle(e).opacity)).toBe('0');
    expect(await last.evaluate((e) => getComputedStyle(e).transitionDuration)).toBe(
      `${PAGE_ANIMATION_MS / 1000}s, ${PAGE_ANIMATION_MS / 1000}s`,
    );
    await last.scrollIntoViewIfNeeded();
    await expect(last).toHaveClass(/is-revealed/);
    await expect.poll(() => last.evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
  });

  test('under prefers-reduced-motion everything is simply there', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await prepareVisitor(page, { language: 'en' });
    for (const path of ['/', '/how-it-works', '/privacy-policy']) {
      await page.goto(path);
      await expect(page.locator('[data-reveal]').first()).toBeAttached();
      const moving = await page.locator('[data-reveal]').evaluateAll((elements) =>
        elements
          .map((e) => getComputedStyle(e))
          .filter((s) => s.opacity !== '1' || s.transform !== 'none' || s.animationName !== 'none')
          .map((s) => `${s.opacity} ${s.transform} ${s.animationName}`),
      );
      expect(moving, path).toEqual([]);
    }
  });
});

for (const language of ['en', 'de'] as const) {
  test(`a first visit to the home page loads at most ${HOME_BUDGET_KIB} KiB of gzipped JavaScript, measured over the whole visit (${language.toUpperCase()})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await prepareVisitor(page, { language });
    const scripts = new Map<string, number>();
    const encodings = new Set<string>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => null);
      if (!body) return;
      scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
      // The build compresses files of 1 KiB and more.
      if (body.length >= 1024) encodings.add(response.headers()['content-encoding'] ?? 'none');
    });
    await page.goto('/');
    await expect(page.getByTestId('free-places-left')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    test.info().annotations.push({
      type: 'home page JavaScript',
      description: `${(total / 1024).toFixed(1)} KiB gzipped in ${scripts.size} files`,
    });
    expect(scripts.size).toBeGreaterThan(3);
    // Sent as the build compressed them (Brotli), not compressed per request or not at all.
    expect([...encodings]).toEqual(['br']);
    expect(total).toBeLessThanOrEqual(HOME_BUDGET_BYTES);
    // No chunk of a member screen is among them, nor the member app's entry: the page runs the public site.
    expect(
      [...scripts.keys()].filter((url) => /Profile|Messages|Settings|Community|Payment/.test(url)),
    ).toEqual([]);
    expect([...scripts.keys()].filter((url) => /\/assets\/index-/.test(url))).toEqual([]);
    expect([...scripts.keys()].filter((url) => /\/assets\/site-/.test(url))).toHaveLength(1);
    await context.close();
  });
}

test('the README screenshots of the home page, in English and German', async ({ browser }) => {
  // A server of its own: no members yet, so the banner reads the same on every run.
  const fresh = await spawnAmiko();
  const folder = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
  mkdirSync(folder, { recursive: true });
  try {
    for (const language of ['en', 'de'] as const) {
      const context = await browser.newContext({
        baseURL: fresh.url,
        viewport: { width: 1280, height: 860 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await prepareVisitor(page, { language });
      await page.goto('/');
      await expect(page.getByTestId('free-places-left')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${folder}home-${language}.png` });
      await context.close();
    }
  } finally {
    await fresh.stop();
  }
});
