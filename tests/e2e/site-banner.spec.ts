import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';
import { expect, test } from './fixtures.ts';
import { insertBareMembers, prepareVisitor, PUBLIC_ROUTES } from './site-support.ts';

// SPEC §1 and §2: the early-access banner shows at / and /index.html only, while the fetched member count
// is below 500, with the free places left. This server is ours alone: the count is arranged in its database.

test.describe.configure({ mode: 'serial' });

let amiko: AmikoProcess;
test.beforeAll(async () => {
  amiko = await spawnAmiko();
});
test.afterAll(async () => {
  await amiko?.stop();
});

test('with no members: all 500 places are free, in English and German', async ({ page }) => {
  await prepareVisitor(page, { language: 'en' });
  await page.goto(`${amiko.url}/`);
  const banner = page.getByTestId('early-access-banner');
  await expect(banner).toContainText('The first 500 members get every feature free.');
  await expect(page.getByTestId('free-places-left')).toHaveText('500 free places left.');
  await expect(banner.getByRole('link', { name: 'Claim your place' })).toHaveAttribute(
    'href',
    '/auth?tab=signUp',
  );
  await page.goto(`${amiko.url}/index.html?lng=de`);
  await expect(page.getByTestId('free-places-left')).toHaveText('Noch 500 kostenlose Plätze frei.');
});

test('only at / and /index.html: no other page shows it', async ({ page }) => {
  await prepareVisitor(page, { language: 'en' });
  for (const path of PUBLIC_ROUTES.filter((p) => p !== '/' && p !== '/index.html')) {
    await page.goto(`${amiko.url}${path}`);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByTestId('early-access-banner'), path).toHaveCount(0);
  }
  // Also not after navigating away from home inside the app.
  await page.goto(`${amiko.url}/`);
  await expect(page.getByTestId('early-access-banner')).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'How it works' }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(page.getByTestId('early-access-banner')).toHaveCount(0);
});

test('at 499 members one place is left (singular), at 500 the banner is gone', async ({ page }) => {
  await insertBareMembers(amiko.db(), 499);
  await prepareVisitor(page, { language: 'en' });
  await page.goto(`${amiko.url}/`);
  await expect(page.getByTestId('free-places-left')).toHaveText('Only 1 free place left.');
  await page.goto(`${amiko.url}/?lng=de`);
  await expect(page.getByTestId('free-places-left')).toHaveText('Nur noch 1 kostenloser Platz frei.');

  await insertBareMembers(amiko.db(), 1);
  for (const path of ['/', '/index.html']) {
    await page.goto(`${amiko.url}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The count has arrived (the banner's held space is gone), and nothing shows.
    await expect(page.getByTestId('early-access-banner')).toHaveCount(0);
  }
});
