import { expect, test } from './fixtures.ts';
import { signedInMember } from './members.ts';

test.describe('guard', () => {
  test('an unverified member is sent to /verify-email', async ({ page, context, amiko }) => {
    await signedInMember(amiko, context, { verified: false });
    await page.goto('/messages');
    await expect(page).toHaveURL(/\/verify-email$/);
  });

  test('a member who has not finished onboarding is sent to their next step', async ({
    page,
    context,
    amiko,
  }) => {
    await signedInMember(amiko, context, { onboarded: false });
    await page.goto('/community');
    await expect(page).toHaveURL(/\/community$/); // the directory is public
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/interests-list$/);
  });

  test('a member with a finished profile gets the full navigation', async ({ page, context, amiko }) => {
    await signedInMember(amiko, context);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('messages-icon')).toBeVisible();
    await expect(page.getByTestId('avatar-menu')).toBeVisible();
  });
});
