import type { Locator, Page } from '@playwright/test';
import { insertMember } from '../support/members.ts';
import { expect, test, useLanguage } from './fixtures.ts';
import { signInContext, signedInMember } from './members.ts';

// Near me (issue 33): a member chooses their city with the one place field, by keyboard alone; an English
// member in "Munich" finds a German member in "München" within 25 km, and she finds him, each reading the
// town in their own language. Nobody sees a distance: a card names the town.

// Generous waits: the machine these run on is shared, and a screen's code may take a while to load.
test.use({ actionTimeout: 30_000 });
test.slow();

// GeoNames ids, and how far each is from Munich.
const MUNICH = 2867714;
const FREISING = 2925034; // 32 km
const AUGSBURG = 2954172; // 57 km

/** Types into a place field and picks the highlighted town with Enter: the keyboard alone. */
async function pickByKeyboard(page: Page, field: string, typed: string, expected: string, scope?: Locator) {
  const input = (scope ?? page).getByRole('combobox', { name: field, exact: true });
  await input.click();
  await input.pressSequentially(typed, { delay: 30 });
  // The best town is highlighted once the server answered.
  const first = page.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-label', expected);
  await expect(first).toHaveAttribute('data-combobox-selected', 'true');
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await input.press('Enter');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an English member in Munich finds a German member in München within 25 km, and she finds him', async ({
  browser,
  amiko,
}) => {
  const tag = Date.now().toString(36);
  const database = amiko.db();
  const greta = await insertMember(database, {
    name: `Greta ${tag}`,
    language: 'de',
    placeId: MUNICH,
    city: null,
  });
  await insertMember(database, { name: `Frieda ${tag}`, language: 'de', placeId: FREISING, city: null });
  await insertMember(database, { name: `Anton ${tag}`, language: 'de', placeId: AUGSBURG, city: null });

  // Ed picks his city in User info with the keyboard: "munchen" finds Munich, named in English.
  const en = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const ed = await signedInMember(amiko, en, { name: `Ed ${tag}`, language: 'en', city: null });
  const page = await en.newPage();
  await useLanguage(page, 'en');
  await page.goto('/settings/user-info');
  await pickByKeyboard(page, 'City', 'munchen', 'Munich, Bavaria, Germany');
  await expect(page.getByRole('combobox', { name: 'City', exact: true })).toHaveValue('Munich');
  await page.getByTestId('user-info-save').click();
  await expect(page.getByTestId('user-info-saved')).toBeVisible();

  // Within 25 km of his own city: Greta (Munich), not Frieda (Freising, 32 km) or Anton (Augsburg, 57 km).
  await page.goto('/community');
  const filters = page.getByRole('form', { name: 'Filters' });
  await chooseOption(page, 'Distance', 'Within 25 km');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  const gretaCard = page.getByRole('article', { name: `Greta ${tag}` });
  await expect(gretaCard).toBeVisible();
  await expect(gretaCard).toContainText('Munich');
  await expect(page.getByRole('article', { name: `Frieda ${tag}` })).toHaveCount(0);
  await expect(page.getByRole('article', { name: `Anton ${tag}` })).toHaveCount(0);
  // The card names the town, never a distance.
  await expect(gretaCard).not.toContainText(/\bkm\b|\bmi\b|\d+\s?m\b/);

  // Within 50 km: Frieda too; "Nearby first" puts Greta (same town) before Frieda, before Anton.
  await chooseOption(page, 'Distance', 'Within 50 km');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('article', { name: `Frieda ${tag}` })).toBeVisible();
  await filters.getByRole('button', { name: 'Reset' }).click();
  await page.getByText('Nearby first', { exact: true }).click();
  const names = page.getByTestId('member-card').getByRole('heading');
  await expect(page.getByRole('article', { name: `Anton ${tag}` })).toBeVisible();
  const order = (await names.allTextContents()).filter((name) => name.endsWith(tag));
  expect(order).toEqual([`Greta ${tag}`, `Frieda ${tag}`, `Anton ${tag}`]);
  await en.close();

  // Greta, in German: she picks München in the filter ("Muenchen" typed) and finds Ed, whose town reads
  // "München" for her.
  const de = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  await signInContext(amiko, de, greta.id);
  const seite = await de.newPage();
  await useLanguage(seite, 'de');
  await seite.goto('/community');
  await pickByKeyboard(
    seite,
    'Stadt',
    'Muenchen',
    'München, Bayern, Deutschland',
    seite.getByRole('form', { name: 'Filter' }),
  );
  await chooseOption(seite, 'Umkreis', 'Im Umkreis von 25 km');
  await seite.getByRole('form', { name: 'Filter' }).getByRole('button', { name: 'Filter anwenden' }).click();
  const edCard = seite.getByRole('article', { name: `Ed ${tag}` });
  await expect(edCard).toBeVisible();
  await expect(edCard).toContainText('München');
  await expect(seite.getByRole('article', { name: `Anton ${tag}` })).toHaveCount(0);
  await edCard.getByRole('link').click();
  await expect(seite).toHaveURL(new RegExp(`/profile-view/${ed.id}`));
  await expect(seite.getByText('München').first()).toBeVisible();
  await de.close();
});

test('a member whose typed city matched no place is asked once to pick one', async ({ browser, amiko }) => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
  });
  await signedInMember(amiko, context, {
    name: 'Atlas Typed',
    language: 'en',
    city: 'Atlantis Nord',
    country: 'de',
  });
  const page = await context.newPage();
  await useLanguage(page, 'en');
  await page.goto('/community');
  const prompt = page.getByTestId('place-prompt');
  await expect(prompt).toContainText('We could not find “Atlantis Nord”', { timeout: 30_000 });
  await pickByKeyboard(page, 'City', 'Augsb', 'Augsburg, Bavaria, Germany', prompt);
  await prompt.getByRole('button', { name: 'Save my city' }).click();
  await expect(page.getByText('Thank you! Members nearby can find you now.')).toBeVisible();
  await expect(prompt).toHaveCount(0);
  // Asked once: not again.
  await page.reload();
  await expect(page.getByText('Nearby first', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('place-prompt')).toHaveCount(0);
  await context.close();
});
