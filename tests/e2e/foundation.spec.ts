import { expect, test } from './fixtures.ts';

test.describe('foundation', () => {
  test('home renders in English by default', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Find your people, wherever life takes you',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('home renders in German with ?lng=de, and <html lang> follows', async ({ page }) => {
    await page.goto('/?lng=de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Finde deine Menschen, wohin das Leben dich auch führt',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('an unknown path and /not-found show the not-found page', async ({ page }) => {
    // Issue 36.3: the server answers an unknown path with 404 (no soft 404), the app's routes with 200.
    expect((await page.goto('/this/does/not/exist'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.goto('/not-found');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    expect((await page.goto('/gibt/es/nicht?lng=de'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Hoppla! Seite nicht gefunden' })).toBeVisible();
    for (const path of ['/profile-view/someone', '/settings/user-info', '/messages'])
      expect((await page.request.get(path)).status(), path).toBe(200);
  });

  test('/profile sends an anonymous visitor to /auth', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('/auth-action without a mode, or with an unknown one, says so', async ({ page }) => {
    await page.goto('/auth-action');
    await expect(page.getByTestId('auth-action-error')).toHaveText('Invalid action.');
    await page.goto('/auth-action?mode=recoverEmail');
    await expect(page.getByTestId('auth-action-error')).toHaveText('Unsupported action mode: recoverEmail');
  });
});
