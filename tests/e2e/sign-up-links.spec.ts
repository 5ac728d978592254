import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { prepareVisitor } from './site-support.ts';

// Issue 18.4: every button or link that says sign up or join opens /auth on its Sign Up tab; /auth on its
// own still opens Sign In (for the links that say sign in).

/** What a sign-up or join control says, in English: the names found on the visitor's pages. */
const SAYS_SIGN_UP = /sign up|join|create your profile|get started|claim your place|find your people/i;

/** The pages where a visitor meets such a control. */
const PAGES = ['/', '/my-story', '/how-it-works', '/community', '/faq', '/pricing'];

async function signUpLinks(page: Page) {
  // The header's button is held invisible until the session is known: wait for it, then read them all.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In / Sign Up' })).toBeVisible();
  // A page's sections arrive one after another (a loaded machine shows it): read the links once their
  // number has held still for a moment, not at the first paint.
  const links = page.getByRole('link', { name: SAYS_SIGN_UP });
  let seen = -1;
  await expect
    .poll(
      async () => {
        const before = seen;
        seen = await links.count();
        return seen === before;
      },
      { intervals: [500] },
    )
    .toBe(true);
  return links.all();
}

test.describe('sign-up buttons', () => {
  test('every control that says sign up or join leads to the Sign Up tab, on every page', async ({
    page,
  }) => {
    await prepareVisitor(page, { language: 'en' });
    const found = new Set<string>();
    for (const path of PAGES) {
      await page.goto(path);
      for (const link of await signUpLinks(page)) {
        const name = (await link.textContent())?.trim() ?? '';
        found.add(name);
        await expect(link, `${path}: "${name}"`).toHaveAttribute('href', '/auth?tab=signUp');
      }
    }
    // The ones the issue names, and the others found on these pages, were all checked.
    expect([...found].sort()).toEqual(
      expect.arrayContaining(['Claim your place', 'Create your profile', 'Get started', 'Join Amiko']),
    );
    expect(found).toContain('Sign In / Sign Up');

    // A visitor's way to either kind of access begins with an account.
    await page.goto('/pricing');
    for (const name of ['Get Early Access', 'Get Standard Access']) {
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', '/auth?tab=signUp');
    }
  });

  test('a sign-up button opens the Sign Up form; /auth alone keeps Sign In', async ({ page }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/');
    await page.getByRole('link', { name: 'Join Amiko' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=signUp$/);
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('sign-up-submit')).toBeVisible();

    await page.goto('/how-it-works');
    await page.getByRole('link', { name: 'Get started' }).click();
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');

    // The mobile menu's button too.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Sign In / Sign Up' }).click();
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');

    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  });
});
