import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { insertMember } from '../support/members.ts';
import { expect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';

// New in town (issue 19.4): a newcomer says so on their profile (since which month); the directory finds
// newcomers and the locals who welcome them, also within a city, and their cards carry a badge.

const screenshots = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

test.use({ actionTimeout: 30_000 });

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a newcomer says since when they are new, and finds the locals who welcome newcomers in their city', async ({
  browser,
  amiko,
}) => {
  // A town of this journey only (other journeys share the worker's server), named plainly for the README:
  // a place of the gazetteer (issue 33).
  const city = 'Lüneburg';
  const placeId = 2875115;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  const ana = await signedInMember(amiko, context, { name: 'Ana Neu', placeId });
  const database = amiko.db();
  await insertMember(database, {
    name: 'Lena Local',
    placeId,
    welcomesNewcomers: true,
    birthday: '1988-05-02',
  });
  await insertMember(database, {
    name: 'Carl Arriving',
    placeId,
    newInTown: 'movingHere',
    newInTownMonth: '2027-02',
  });
  await insertMember(database, { name: 'Otto Quiet', placeId });
  const page = await context.newPage();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'New in town' }).click();
  const section = page.getByTestId('section-newInTown');
  await chooseOption(page, 'New in town', "I'm new here");
  await chooseOption(page, 'Since (or from) which month: month', 'March');
  await chooseOption(page, 'Since (or from) which month: year', '2026');
  await expect(section.getByTestId('new-in-town')).toHaveText(`I'm new in ${city} since March 2026`);
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.').last()).toBeVisible();

  // Kept: the public profile says it in a sentence.
  await page.goto(`/profile-view/${ana.id}`);
  await expect(page.getByTestId('new-in-town')).toHaveText(`I'm new in ${city} since March 2026`);

  // The directory: locals who welcome newcomers, in the city.
  await page.goto('/community');
  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByRole('combobox', { name: 'City', exact: true }).fill(city);
  await page.getByRole('option', { name: 'Lüneburg, Lower Saxony, Germany' }).click();
  await chooseOption(page, 'New in town', 'Locals who welcome newcomers');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  const cards = page.getByTestId('member-card');
  await expect(cards).toHaveCount(1);
  const lena = page.getByRole('article', { name: 'Lena Local' });
  await expect(lena.getByText('Welcomes newcomers', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${screenshots}new-in-town.png` });

  // Newcomers there: Carl, who is moving; not Ana herself, not the locals.
  await chooseOption(page, 'New in town', 'Newcomers');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('article', { name: 'Carl Arriving' })).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Carl Arriving' }).getByText('New in town')).toBeVisible();
  await context.close();
});

test('in German, and the public pages say so in a sentence', async ({ browser, amiko, request }) => {
  expect(await (await request.get('/?lng=en')).text()).toContain(
    'New in town? Say so on your profile, and find the locals who are happy to show newcomers around.',
  );
  expect(await (await request.get('/how-it-works?lng=de')).text()).toContain(
    'Gerade umgezogen oder bald? Gib an, seit wann du neu in deiner Stadt bist',
  );

  const city = 'Celle';
  const placeId = 2940213;
  const mia = `Mia Neu ${Date.now().toString(36)}`;
  const context = await browser.newContext();
  await signedInMember(amiko, context, { name: 'Jörg', language: 'de', placeId });
  await insertMember(amiko.db(), { name: mia, placeId, newInTown: 'newHere', newInTownMonth: '2026-05' });
  const page = await context.newPage();
  await useLanguage(page, 'de');
  await page.goto('/community');
  await page
    .getByRole('form', { name: 'Filter' })
    .getByRole('combobox', { name: 'Stadt', exact: true })
    .fill(city);
  await page.getByRole('option', { name: 'Celle, Niedersachsen, Deutschland' }).click();
  await chooseOption(page, 'Neu in der Stadt', 'Neu Zugezogene');
  await page.getByRole('button', { name: 'Filter anwenden' }).click();
  const card = page.getByRole('article', { name: mia });
  await expect(card.getByText('Neu in der Stadt')).toBeVisible();
  await card.getByRole('link').click();
  await expect(page.getByTestId('new-in-town')).toHaveText(`Ich bin seit Mai 2026 neu in ${city}`);
  await context.close();
});
