import { expectAccessible } from './accessibility.ts';
import { seedMembers } from '@amiko/db';
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { insertMember } from '../support/members.ts';
import { expect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';

test.use({ actionTimeout: 15_000 });

async function seeded(amiko: { db(): Parameters<typeof seedMembers>[0] }, count: number) {
  await seedMembers(amiko.db(), { count, photoKeys: ['AAAAAAAAAAAAAAAAAAAAAA.webp'], seed: count });
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('visitors see cards with less detail and are sent to /auth for profiles', async ({ page, amiko }) => {
  await insertMember(amiko.db(), { name: 'Greta Maria Visible', city: 'Hamburg', birthday: '1990-03-03' });
  await page.goto('/community');
  await expect(page.getByTestId('visitor-note')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply filters' })).toHaveCount(0);
  const card = page.getByRole('article', { name: 'Greta' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Hamburg');
  await expect(card).not.toContainText('years');
  await expect(card).not.toContainText('Visible');
  await card.getByRole('link', { name: /View Profile/ }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('filters: age range messages, Load More, empty state; works at 360 px and in German', async ({
  page,
  context,
  amiko,
}) => {
  await seeded(amiko, 45);
  await signedInMember(amiko, context, { name: 'Filter Fiona' });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/community');
  await expect(page.getByTestId('member-card')).toHaveCount(20);
  await noHorizontalScroll(page);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(page.getByTestId('member-card')).toHaveCount(40);
  await page.getByRole('button', { name: 'Load More' }).click();
  // The seeded 45, and whoever other tests on this server added; each once.
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  const names = await page.getByTestId('member-card').getByRole('heading').allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(45);
  const ids = await page
    .getByTestId('member-card')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(new Set(ids).size).toBe(ids.length);

  await page.getByRole('button', { name: 'Show filters' }).click();
  await page.getByRole('textbox', { name: 'Min age' }).fill('15');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('Min age must be between 16 and 100.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Min age' }).fill('60');
  await page.getByRole('textbox', { name: 'Max age' }).fill('40');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('Min age cannot be greater than Max age.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Min age' }).fill('20');
  // A town where nobody of these journeys lives (a place of the gazetteer, issue 33).
  await page.getByRole('combobox', { name: 'City', exact: true }).fill('Qaanaaq');
  await page.getByRole('option', { name: 'Qaanaaq, Avannaata, Greenland' }).click();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByTestId('directory-empty')).toHaveText(
    'No Users available for the filters you selected',
  );
  await noHorizontalScroll(page);

  await useLanguage(page, 'de');
  await page.goto('/community?lng=de');
  await expect(page.getByRole('button', { name: 'Mehr laden' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Profil ansehen/ }).first()).toBeVisible();
});

test('favourites: search by name, remove after confirming, empty state', async ({ page, context, amiko }) => {
  const database = amiko.db();
  const me = await signedInMember(amiko, context, { name: 'Fav Finder' });
  const { t } = database;
  for (const name of ['Hanna Schmidt', 'Jonas Weber', 'Johanna Berg']) {
    const other = await insertMember(database, { name });
    await database.db
      .insert(t.favorites)
      .values({ memberId: me.id, favoriteId: other.id, createdAt: new Date() });
  }
  await page.goto('/favorites');
  await expect(page.getByTestId('favorite')).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Search favorites by name' }).fill('hanna');
  await expect(page.getByTestId('favorite')).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Search favorites by name' }).fill('nobody');
  await expect(page.getByTestId('favorites-empty')).toHaveText('No favorite matches your search.');
  await page.getByRole('textbox', { name: 'Search favorites by name' }).fill('');
  await expect(page.getByTestId('favorite')).toHaveCount(3);

  for (const name of ['Hanna Schmidt', 'Jonas Weber', 'Johanna Berg']) {
    await page.getByRole('button', { name: `Remove ${name} from favorites` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove favorite?' });
    await expect(dialog).toContainText(`Do you want to remove ${name} from your favorites?`);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByTestId('favorites-empty')).toContainText('You have no favorites yet.');
});

test('report a member; a member who blocked you is not available', async ({ page, context, amiko }) => {
  const database = amiko.db();
  const me = await signedInMember(amiko, context, { name: 'Rita Reporter' });
  const reported = await insertMember(database, { name: 'Sam Spammer' });
  await page.goto(`/profile-view/${reported.id}`);
  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Sam Spammer' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please choose a reason.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
  await dialog.getByRole('textbox', { name: 'Note for our team (optional)' }).fill('Sends links to a shop.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. Our team will look into it.')).toBeVisible();
  const [report] = await database.db
    .select()
    .from(database.t.reports)
    .where(eq(database.t.reports.reportedId, reported.id));
  expect(report).toMatchObject({
    reporterId: me.id,
    reason: 'spam',
    note: 'Sends links to a shop.',
    status: 'open',
  });

  const blocker = await insertMember(database, { name: 'Bea Blocker' });
  await database.db
    .insert(database.t.blocks)
    .values({ blockerId: blocker.id, blockedId: me.id, createdAt: new Date() });
  await page.goto(`/profile-view/${blocker.id}`);
  await expect(page.getByTestId('profile-unavailable')).toContainText('This profile is not available.');
  await page.goto('/profile-view/no-such-member');
  await expect(page.getByTestId('profile-unavailable')).toContainText('User document does not exist.');
});

test('the community, profile and favourites pages have no serious accessibility violations', async ({
  page,
  context,
  amiko,
}) => {
  // Five pages, each audited by axe in full: room for a loaded machine.
  test.setTimeout(120_000);
  await seeded(amiko, 5);
  const other = await insertMember(amiko.db(), { name: 'Axel Access' });
  await signedInMember(amiko, context, { name: 'Ally Axe' });
  for (const path of [
    '/community',
    '/profile',
    `/profile-view/${other.id}`,
    '/favorites',
    '/settings/blocked-users',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectAccessible(page, { label: path });
  }
});
