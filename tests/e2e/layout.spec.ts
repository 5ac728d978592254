import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signedInMember } from './members.ts';

// Issue 18.8's layout points: every page in the header's container, and toasts that leave the header free.

const STORY =
  'I came to Leipzig for a new job in spring and I am slowly finding my way around. I love calligraphy, clear nights with a telescope and long games of chess in the park. I would like to meet people who enjoy slow weekends, good coffee and a walk by the river, and who do not mind that I still get lost on the tram.';

/**
 * The left edge and width of the page's content column: the container around its title. Null while
 * the column is hidden: a part of the page still loading suspends it for a moment (React hides it).
 */
async function contentColumn(page: Page) {
  const box = await page
    .getByRole('main')
    .getByRole('heading', { level: 1 })
    .locator('xpath=ancestor::div[contains(@class, "mantine-Container-root")][1]')
    .boundingBox();
  return box && { x: Math.round(box.x), width: Math.round(box.width) };
}

test.use({ viewport: { width: 1440, height: 900 } });

test('the community page is as wide as the header and the other member pages', async ({
  page,
  context,
  amiko,
}) => {
  await signedInMember(amiko, context, { story: STORY });
  await page.goto('/settings/user-info');
  await expect(page.getByRole('heading', { name: 'User Info', level: 2 })).toBeVisible();
  const headerBox = await page.getByRole('banner').locator('.mantine-Container-root').boundingBox();
  const header = { x: Math.round(headerBox!.x), width: Math.round(headerBox!.width) };
  await expect.poll(() => contentColumn(page)).toEqual(header);

  await page.goto('/community');
  await expect(page.getByRole('heading', { name: 'Community', level: 1 })).toBeVisible();
  await expect.poll(() => contentColumn(page)).toEqual(header);
});

test('a success toast leaves the header’s links free', async ({ page, context, amiko }) => {
  await signedInMember(amiko, context, { story: STORY });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Skill sets and talents', exact: true }).click();
  await page.getByRole('textbox', { name: 'Current job title' }).fill('Librarian');
  await page.getByTestId('section-skills').getByRole('button', { name: 'Save' }).click();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Saved.' });
  await expect(toast).toBeVisible();
  // Back at the top of the page, where the header is: the toast is elsewhere.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  const headerBox = (await page.getByRole('banner').boundingBox())!;
  expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
  const link = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Community' });
  const linkBox = (await link.boundingBox())!;
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.getAttribute('href') ?? null,
    { x: linkBox.x + linkBox.width / 2, y: linkBox.y + linkBox.height / 2 },
  );
  expect(onTop).toBe('/community');
  // The header's links can be used while the toast shows.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Community' })
    .click();
  await expect(page).toHaveURL(/\/community$/);
});
