import { expect, test } from './fixtures.ts';

// Each screen's code is fetched when the screen is first visited. Until it arrives, the new address shows
// the loader, not the previous screen: a member typing into the previous screen's form would lose it all
// when the new screen replaced it (this happened with the sign-in form on the way to the reset request).
// Without the service worker: once it has cached the screens' code (issue 31) it serves the chunk itself,
// past the held route, and the screen arrives at once (the CI run where the loader never showed).
test.use({ serviceWorkers: 'block' });
test('while a screen loads, its loader replaces the previous screen, and what is typed after stays', async ({
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/ResetPasswordRequestScreen-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/auth');
  await expect(page.getByLabel('Email')).toBeVisible();

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password-request$/);
  await expect(page.getByTestId('page-loader')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeHidden();

  release();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill('someone@example.com');
  await expect(page.getByLabel('Email')).toHaveValue('someone@example.com');
});
