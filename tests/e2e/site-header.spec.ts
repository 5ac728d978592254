import type { Page } from '@playwright/test';
import { ONBOARDING_STORAGE_KEY } from '@amiko/core';
import { eq } from 'drizzle-orm';
import { expect, test } from './fixtures.ts';
import { signedInMember } from './members.ts';
import { expectAccessible, prepareVisitor, switchLanguage } from './site-support.ts';

// SPEC §2 Header and Footer: partial navigation for visitors, full navigation for members who finished
// their profile, only the logo during onboarding, and a mobile menu with the same sets; all by keyboard.

const navLinks = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link');

test.describe('header', () => {
  test('a visitor: pricing, how it works, community and Sign In / Sign Up; no member controls', async ({
    page,
  }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/faq');
    await expect(navLinks(page)).toHaveText(['Pricing', 'How it works', 'Community']);
    // It opens the Sign Up tab (issue 18.4).
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In / Sign Up' })).toHaveAttribute(
      'href',
      '/auth?tab=signUp',
    );
    await expect(page.getByTestId('messages-icon')).toHaveCount(0);
    await expect(page.getByTestId('avatar-menu')).toHaveCount(0);
    await expect(page.getByTestId('logo')).toHaveAttribute('href', '/');
  });

  test('a member with a finished profile: full navigation, messages and the avatar menu by keyboard', async ({
    page,
    context,
    amiko,
  }) => {
    await signedInMember(amiko, context, { language: 'en' });
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/how-it-works');
    await expect(navLinks(page)).toHaveText(['Pricing', 'How it works', 'Profile', 'Community', 'Pods']);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In / Sign Up' })).toHaveCount(0);
    await expect(page.getByTestId('messages-icon')).toHaveAttribute('href', '/messages');
    await expect(page.getByTestId('messages-icon')).toHaveAccessibleName('Messages');
    await expect(page.getByTestId('unread-dot')).toHaveAttribute('data-unread', 'false');

    // The avatar menu opens with the keyboard, lists settings, favorites and sign out, and closes with Escape.
    const avatar = page.getByTestId('avatar-menu');
    await avatar.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Settings', 'Favorites', 'Sign Out']);
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await expect(menu.getByRole('menuitem', { name: 'Favorites' })).toHaveAttribute('href', '/favorites');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(avatar).toBeFocused();

    // Sign out from the menu returns to / with the visitor's header.
    await avatar.click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In / Sign Up' })).toBeVisible();
  });

  test('the wide header holds the spec’s set; My Why is on the home page and in the menu (issue 30.17)', async ({
    page,
    context,
    browser,
    amiko,
  }) => {
    for (const language of ['en', 'de'] as const) {
      const myWhy = language === 'en' ? 'My Why' : 'Mein Warum';
      const expected =
        language === 'en'
          ? ['Pricing', 'How it works', 'Community']
          : ['Preise', "So funktioniert's", 'Community'];
      const visitor = await browser.newContext({ baseURL: amiko.url });
      const tab = await visitor.newPage();
      await prepareVisitor(tab, { language });
      for (const width of [1280, 768]) {
        await tab.setViewportSize({ width, height: 800 });
        await tab.goto('/faq');
        const nav = tab.getByRole('navigation', {
          name: language === 'en' ? 'Main navigation' : 'Hauptnavigation',
        });
        await expect(nav.getByRole('link')).toHaveText(expected);
        await expect(tab.getByRole('banner').getByRole('link', { name: myWhy })).toHaveCount(0);
      }
      // The home page leads to it.
      await tab.goto('/');
      const link = tab.getByTestId('my-why-link');
      await expect(link).toContainText(myWhy);
      await link.click();
      await expect(tab).toHaveURL(/\/my-story$/);
      await visitor.close();
    }
    // A member's wide header: profile among its links, no My Why, and nothing pushed out of the page.
    await prepareVisitor(page, { language: 'de' });
    await signedInMember(amiko, context, { language: 'de' });
    await page.setViewportSize({ width: 768, height: 800 });
    await page.goto('/faq');
    await expect(page.getByTestId('avatar-menu')).toBeVisible();
    const main = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(main.getByRole('link', { name: 'Profil', exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Mein Warum' })).toHaveCount(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  });

  test('during onboarding only the logo shows, and it is not a link', async ({ page, context, amiko }) => {
    await signedInMember(amiko, context, { onboarded: false });
    await page.addInitScript((key) => sessionStorage.setItem(key, 'interests'), ONBOARDING_STORAGE_KEY);
    await page.goto('/faq');
    const header = page.getByRole('banner');
    await expect(header.getByTestId('logo')).toHaveText('Amiko');
    await expect(header.getByRole('link')).toHaveCount(0);
    await expect(header.getByRole('button')).toHaveCount(0);
    await expect(header.getByRole('navigation')).toHaveCount(0);
  });

  test('the skip link is the first stop and moves focus to the content', async ({ page }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });
});

test.describe('mobile menu at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a visitor: Home, My Why and the visitor links; opens and closes by keyboard', async ({ page }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    const burger = page.getByRole('button', { name: 'Open menu' });
    // Usable once the page's app runs (the prerendered burger is disabled until then).
    await expect(burger).toBeEnabled();
    await burger.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    // One way to close it (issue 18.8): the drawer's own button, not a second one in the header beside it.
    await expect(page.getByRole('button', { name: 'Close menu', includeHidden: true })).toHaveCount(1);
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeVisible();
    await expect(page.locator('header [data-opened]')).toHaveCount(0);
    await expect(drawer.getByRole('navigation').getByRole('link')).toHaveText([
      'Home',
      'My Why',
      'Pricing',
      'How it works',
      'Community',
    ]);
    await expect(drawer.getByRole('link', { name: 'Sign In / Sign Up' })).toHaveAttribute(
      'href',
      '/auth?tab=signUp',
    );
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    // Following a link closes the menu.
    await burger.click();
    await drawer.getByRole('link', { name: 'How it works' }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect(drawer).toBeHidden();
  });

  test('a member: the full set, with messages, favorites, settings and Sign Out', async ({
    page,
    context,
    amiko,
  }) => {
    await signedInMember(amiko, context);
    await prepareVisitor(page, { language: 'de' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('navigation').getByRole('link')).toHaveText([
      'Startseite',
      'Mein Warum',
      'Preise',
      "So funktioniert's",
      'Profil',
      'Community',
      'Pods',
      'Nachrichten',
      'Favoriten',
      'Einstellungen',
    ]);
    await expect(drawer.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  });
});

test.describe('language switcher', () => {
  test('a visitor’s choice changes every text and <html lang> and is remembered', async ({ page }) => {
    await prepareVisitor(page, {});
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
    await switchLanguage(page, 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Häufige Fragen');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('contentinfo')).toContainText('Datenschutzerklärung');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('de');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Finde deine Menschen, wohin das Leben dich auch führt',
    );
  });

  test('a member’s choice is saved to the account, so mail reaches them in it', async ({
    page,
    context,
    amiko,
  }) => {
    const member = await signedInMember(amiko, context, { language: 'en' });
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/faq');
    await expect(page.getByTestId('avatar-menu')).toBeVisible();
    await switchLanguage(page, 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Häufige Fragen');
    const { db, t } = amiko.db();
    const language = async () =>
      (
        await db.select({ language: t.members.language }).from(t.members).where(eq(t.members.id, member.id))
      )[0]?.language;
    await expect.poll(language).toBe('de');
    await switchLanguage(page, 'en');
    await expect.poll(language).toBe('en');
  });
});
