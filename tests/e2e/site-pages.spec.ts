import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { expect, test } from './fixtures.ts';
import {
  expectAccessible,
  expectPageView,
  HEADINGS,
  newVisitorId,
  prepareVisitor,
  PUBLIC_ROUTES,
  switchLanguage,
  VISITOR_NAV,
  type Language,
} from './site-support.ts';

// Every public route in English and German: the page's heading, the header and footer a visitor sees,
// no serious or critical axe violation, and a first-party page view stored for the visit.

for (const language of ['en', 'de'] as const) {
  test.describe(`public pages in ${language.toUpperCase()}`, () => {
    for (const path of PUBLIC_ROUTES) {
      test(`${path}`, async ({ page, amiko }) => {
        const visitorId = newVisitorId();
        await prepareVisitor(page, { language, visitorId });
        // Everything in its final place, so axe sees every block as a visitor does after scrolling.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const heading = page.getByRole('heading', { level: 1 });
        const expected = HEADINGS[path]?.[language];
        if (expected) await expect(heading).toHaveText(expected);
        else await expect(page.locator('main')).not.toBeEmpty();
        await expectVisitorNavigation(page, language);
        await expectAccessible(page);
        await expectPageView(amiko.db(), visitorId, path);
      });
    }
  });
}

async function expectVisitorNavigation(page: Page, language: Language) {
  const header = page.getByRole('banner');
  for (const [name, href] of VISITOR_NAV[language].header) {
    await expect(header.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of VISITOR_NAV[language].footer) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  const year = new Date().getFullYear();
  await expect(footer).toContainText(
    language === 'en' ? `© ${year} Amiko. All rights reserved.` : `© ${year} Amiko. Alle Rechte vorbehalten.`,
  );
  // The switcher names both languages and marks the current one.
  await expect(footer.getByRole('radio', { name: 'EN English' })).toBeChecked({ checked: language === 'en' });
  await expect(footer.getByRole('radio', { name: 'DE Deutsch' })).toBeChecked({ checked: language === 'de' });
  // To the eye it says only EN and DE: the full names are for screen readers.
  for (const [code, name] of [
    ['EN', 'English'],
    ['DE', 'Deutsch'],
  ] as const) {
    const label = footer.getByTestId('language-switcher').locator('label', { hasText: code });
    expect((await label.getByText(name).boundingBox())?.width).toBeLessThanOrEqual(1);
  }
}

test.describe('what the site pages say', () => {
  test('home: hero, about us, mission, vision and values, with ways in', async ({ page }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/');
    const main = page.getByRole('main');
    for (const name of ['About us', 'Our mission', 'Our vision', 'Our values', 'Ready to meet your people?'])
      await expect(main.getByRole('heading', { level: 2, name })).toBeVisible();
    for (const value of [
      'Kindness',
      'Authenticity',
      'Openness',
      'Safety and privacy',
      'Curiosity',
      'Belonging',
    ])
      await expect(main.getByRole('heading', { level: 3, name: value })).toBeAttached();
    await expect(main.getByRole('link', { name: 'Join Amiko' })).toHaveAttribute('href', '/auth?tab=signUp');
    await expect(main.getByRole('link', { name: 'How it works' })).toHaveAttribute('href', '/how-it-works');
  });

  test('My Why: the founder’s story in the first person, reachable from the menu', async ({ page }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'My Why' }).click();
    await expect(page).toHaveURL(/\/my-story$/);
    const story = page.getByRole('article');
    await expect(story).toContainText('I packed my life into two suitcases');
    await expect(story).toContainText('Loneliness is not a personal failure.');
  });

  test('how it works: six steps in order, the price in the reader’s format', async ({ page }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/how-it-works');
    const steps = page.getByTestId('steps').getByRole('listitem');
    await expect(steps).toHaveCount(6);
    await expect(steps.nth(0)).toContainText('Create your account');
    await expect(steps.nth(5)).toContainText('The first 500 members message for free');
    await expect(steps.nth(5)).toContainText('a one-time payment of €30 unlocks unlimited messaging');
    await switchLanguage(page, 'de');
    await expect(steps.nth(5)).toContainText('einmalige Zahlung von 30 €');
  });

  test('FAQ: free for the first 500, 30 euros once, the first message leads to payment', async ({ page }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/faq');
    const cost = page.getByRole('button', { name: 'What does Amiko cost?' });
    await cost.click();
    await expect(page.getByRole('region', { name: 'What does Amiko cost?' })).toContainText(
      'The first 500 members get every feature free. After that, membership costs a one-time payment of €30',
    );
    // Keyboard: Tab to the next question and open it with Enter.
    await cost.focus();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('button', { name: 'What happens when I send my first message?' }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('region', { name: 'What happens when I send my first message?' }),
    ).toContainText('your first attempt to send a message takes you to the payment page');
    await page.getByRole('button', { name: 'My question is not answered here.' }).click();
    await expect(page.getByRole('link', { name: 'Go to the contact form' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
  });

  test('privacy policy: the German version for German, the default otherwise, dated per language', async ({
    page,
  }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/privacy-policy');
    const policy = page.getByRole('article');
    for (const text of [
      'religion',
      'Re-encoding removes all metadata',
      'random visitor id',
      'no third-party analytics',
      'never touch Amiko',
      'shown as coming from a deleted member',
      'lodge a complaint with a data protection supervisory authority',
    ])
      await expect(policy).toContainText(text);
    await expect(page.getByTestId('privacy-updated')).toHaveText('Last updated: November 29, 2026');
    await expect(policy.getByRole('link', { name: 'Contact us about data protection' })).toHaveAttribute(
      'href',
      '/contact-us',
    );

    await page.goto('/privacy-policy?lng=de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutzerklärung');
    await expect(page.getByTestId('privacy-updated')).toHaveText('Stand: 29. November 2026');
    await expect(page.getByRole('main')).toContainText('Datenschutz-Grundverordnung (DSGVO)');
    await expect(policy).toContainText('erscheinen als Nachrichten eines gelöschten Mitglieds');
  });

  test('a page view is recorded for every route change inside the app, without a query string', async ({
    page,
    amiko,
  }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/?utm_source=test');
    // A first visit makes an anonymous id and keeps it in localStorage (once the app has started).
    const readVisitorId = () => page.evaluate(() => localStorage.getItem('amiko.visitorId'));
    await expect.poll(readVisitorId).toMatch(/^[0-9a-f]{32}$/);
    const visitorId = (await readVisitorId())!;
    // Each page is a page load whose view its script records once it has started: the test leaves a page
    // only after that, as a link followed before the script arrives leaves no view (by design: no script,
    // no tracking).
    await expectPageView(amiko.db(), visitorId, '/');
    await page.getByRole('banner').getByRole('link', { name: 'How it works' }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expectPageView(amiko.db(), visitorId, '/how-it-works');
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expectPageView(amiko.db(), visitorId, '/faq');
    const { db, t } = amiko.db();
    const rows = await db.select().from(t.pageViews).where(eq(t.pageViews.visitorId, visitorId));
    expect(rows.map((r) => r.path).sort()).toEqual(['/', '/faq', '/how-it-works']);
    expect(rows.every((r) => r.language === 'en')).toBe(true);
    // The id stays the same across page loads.
    await page.reload();
    await expect
      .poll(() => db.select().from(t.pageViews).where(eq(t.pageViews.visitorId, visitorId)))
      .toHaveLength(4);
  });
});
