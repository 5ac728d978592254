import type { Interest } from '@amiko/core';
import type { Browser } from '@playwright/test';
import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';
import { insertMember } from '../support/members.ts';
import { expect as baseExpect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';
import { chooseCountry, UNPAID_MEMBER, WITHOUT_STRIPE_KEYS } from './payment-steps.ts';

// Forms as a new member meets them (issue 30.3, 30.4, 30.6, 30.7, 30.20): the feedback rating is a radio
// group the arrow keys choose in, Enter picks the interest typed in the directory's search, an empty form
// shows every required error at once, a birthday of someone under 16 says why, and a card number with a
// wrong checksum is refused on its field.

// Each journey goes through several pages in two languages: with room for a machine shared with other work.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });
test.use({ actionTimeout: 20_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/** A page of a member who chose German, in a context of its own (the test closes it). */
async function germanPage(browser: Browser, amiko: AmikoProcess) {
  const context = await browser.newContext({ baseURL: amiko.url });
  await signedInMember(amiko, context, { language: 'de' });
  const page = await context.newPage();
  await useLanguage(page, 'de');
  return page;
}

test('the feedback rating is a radio group: the arrow keys choose the rating (issue 30.3)', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await page.goto('/feedback');
  const rating = page.getByRole('radiogroup', { name: 'How would you rate Amiko overall?' });
  await expect(rating.getByRole('radio')).toHaveCount(5);
  await expect(rating.getByRole('radio', { name: '1 star', exact: true })).toBeEnabled();
  await rating.getByRole('radio', { name: '1 star', exact: true }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(rating.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(rating.getByRole('radio', { name: '4 stars' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(rating.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Please tell us how easy it was to connect.')).toBeVisible();
  await expect(page.getByText('Please choose a rating from 1 to 5.')).toHaveCount(0);

  await page.goto('/feedback?lng=de');
  const bewertung = page.getByRole('radiogroup', { name: 'Wie bewertest du Amiko insgesamt?' });
  await expect(bewertung.getByRole('radio', { name: '1 Stern', exact: true })).toBeEnabled();
  await bewertung.getByRole('radio', { name: '1 Stern', exact: true }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(bewertung.getByRole('radio', { name: '2 Sterne' })).toBeChecked();
  await page.getByRole('button', { name: 'Feedback senden' }).click();
  await expect(page.getByText('Bitte wähle eine Bewertung von 1 bis 5.')).toHaveCount(0);
});

test('the directory’s interest search: Enter picks the match typed or highlighted, and Apply finds by it (issue 30.4)', async ({
  page,
  context,
  browser,
  amiko,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const city = 'Enterhausen';
  const interests: Interest[] = [
    'hiking',
    'photography',
    'cooking',
    'reading',
    'travel',
    'yoga',
    'gardening',
    'painting',
  ];
  await insertMember(amiko.db(), { name: 'Carla Chess', city, interests: [...interests, 'chess', 'baking'] });
  await insertMember(amiko.db(), { name: 'Otto Other', city, interests: [...interests, 'golf', 'baking'] });
  await signedInMember(amiko, context, { language: 'en' });
  await page.goto('/community');
  const filters = page.getByRole('form', { name: 'Filters' });
  const search = filters.getByRole('combobox', { name: 'Search by interests' });
  await search.fill('Chess');
  await search.press('Enter');
  await expect(filters.getByText('Chess', { exact: true })).toBeVisible();
  await expect(search).toHaveValue('');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  const directory = page.getByTestId('directory');
  await expect(directory.getByRole('heading', { name: 'Carla Chess' })).toBeVisible();
  await expect(directory.getByRole('heading', { name: 'Otto Other' })).toHaveCount(0);

  // Part of a name: the first match is highlighted, ArrowDown moves on, and Enter picks the highlighted one.
  await search.fill('bo');
  await expect(page.getByRole('option', { name: 'Board games' })).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(filters.getByText('Bouldering', { exact: true })).toBeVisible();
  await expect(filters.getByText('Board games', { exact: true })).toHaveCount(0);
  await expect(search).toHaveValue('');

  const de = await germanPage(browser, amiko);
  await de.goto('/community');
  const filter = de.getByRole('form', { name: 'Filter' });
  await expect(de.getByTestId('directory').getByRole('article').first()).toBeVisible();
  const suche = filter.getByRole('combobox', { name: 'Nach Interessen suchen' });
  await suche.fill('Schach');
  await suche.press('Enter');
  await expect(filter.getByText('Schach', { exact: true })).toBeVisible();
  await filter.getByRole('button', { name: 'Filter anwenden' }).click();
  await expect(de.getByTestId('directory').getByRole('heading', { name: 'Carla Chess' })).toBeVisible();
  await expect(de.getByTestId('directory').getByRole('heading', { name: 'Otto Other' })).toHaveCount(0);
  await de.context().close();
});

test('Change Email with both fields empty shows both required errors (issue 30.6)', async ({
  page,
  context,
  browser,
  amiko,
}) => {
  await signedInMember(amiko, context);
  await page.goto('/settings/account');
  await page.getByRole('button', { name: 'Change Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Email' });
  await dialog.getByRole('button', { name: 'Send verification link' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Password', exact: true })).toHaveAccessibleDescription(
    'Password is required',
  );
  await expect(dialog.getByLabel('New email')).toHaveAccessibleDescription('Email is required');

  const de = await germanPage(browser, amiko);
  await de.goto('/settings/account');
  await de.getByRole('button', { name: 'E-Mail ändern' }).click();
  const dialogDe = de.getByRole('dialog', { name: 'E-Mail ändern' });
  await dialogDe.getByRole('button', { name: 'Bestätigungslink senden' }).click();
  await expect(dialogDe.getByRole('textbox', { name: 'Passwort', exact: true })).toHaveAccessibleDescription(
    'Passwort ist erforderlich',
  );
  await expect(dialogDe.getByLabel('Neue E-Mail-Adresse')).toHaveAccessibleDescription(
    'E-Mail-Adresse ist erforderlich',
  );
  await de.context().close();
});

test('a birthday of someone under 16 says that members must be 16 (issue 30.7)', async ({
  page,
  context,
  browser,
  amiko,
}) => {
  await signedInMember(amiko, context);
  const young = `${new Date().getUTCFullYear() - 12}-03-04`;
  await page.goto('/settings/user-info');
  await page.getByLabel('Birthday').fill(young);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByLabel('Birthday')).toHaveAccessibleDescription(
    'Members must be at least 16 years old.',
  );
  await expect(page.getByText('Invalid birthdate')).toHaveCount(0);

  const de = await germanPage(browser, amiko);
  await de.goto('/settings/user-info');
  await de.getByLabel('Geburtstag').fill(young);
  await de.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(de.getByLabel('Geburtstag')).toHaveAccessibleDescription(
    'Mitglieder müssen mindestens 16 Jahre alt sein.',
  );
  await de.context().close();
});

test('test mode: a card number with a wrong checksum is refused on its field (issue 30.20)', async ({
  browser,
}) => {
  const amiko = await spawnAmiko({ env: WITHOUT_STRIPE_KEYS });
  try {
    for (const language of ['en', 'de'] as const) {
      const context = await browser.newContext({ baseURL: amiko.url });
      await signedInMember(amiko, context, { ...UNPAID_MEMBER, language });
      const page = await context.newPage();
      await useLanguage(page, language);
      await page.goto('/payment-info');
      const text =
        language === 'en'
          ? { card: /^Card number/, invalid: 'Your card number is invalid.', expiry: /^Expiration date/ }
          : { card: /^Kartennummer/, invalid: 'Deine Kartennummer ist ungültig.', expiry: /^Ablaufdatum/ };
      const card = page.getByRole('textbox', { name: text.card });
      await card.fill('4242 4242 4242 4241');
      await page.getByRole('textbox', { name: text.expiry }).focus();
      await expect(card).toHaveAccessibleDescription(text.invalid);
      await expect(card).toHaveAttribute('aria-invalid', 'true');
      if (language === 'en') {
        // Nothing is sent with it: Pay checks the field first.
        await page.getByRole('textbox', { name: text.expiry }).fill('12 / 40');
        await page.getByRole('textbox', { name: /^Security code/ }).fill('123');
        await chooseCountry(page, 'Germany');
        await page.getByRole('button', { name: 'Pay 30.00 euro' }).click();
        await expect(card).toBeFocused();
        await expect(page).toHaveURL(/\/payment-info$/);
        // A real test card clears it.
        await card.fill('4242 4242 4242 4242');
        await page.getByRole('textbox', { name: text.expiry }).focus();
        await expect(card).not.toHaveAttribute('aria-invalid', 'true');
      }
      await context.close();
    }
  } finally {
    await amiko.stop();
  }
});
