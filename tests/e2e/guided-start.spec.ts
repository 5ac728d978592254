import { eq } from 'drizzle-orm';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Mail } from '../support/amiko-process.ts';
import { expect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';

// A new member's first hour (issue 30.1, 30.9, 30.12, 30.16): verified in the browser they signed up in,
// the verified page leads them on by itself to the onboarding step where they left off, and they reach the
// community with a finished profile, never told to sign in again; before verifying they see no member and
// are shown the way to verify; picked interests survive a reload; confirming a new address says that it
// was changed.

test.describe.configure({ mode: 'parallel' });
test.use({ actionTimeout: 15_000 });

const PASSWORD = 'Tangerine-Otter-42';
const STORY =
  'I moved to Leipzig last spring for a new job and knew nobody at all. I love long walks by the river, board games on rainy evenings, cooking food from home for new friends, and learning the language of my neighbours. I am looking for people who like to talk about books, try new cafés and go hiking at the weekend.';
const INTERESTS = [
  'Calligraphy',
  'Astronomy',
  'Chess',
  'Cooking',
  'Hiking',
  'Reading',
  'Travel',
  'Yoga',
  'Baking',
  'Photography',
];

/** The /auth-action link in a mail. */
function linkIn(mail: Mail): string {
  const match = /https?:\/\/\S+\/auth-action\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no action link in "${mail.subject}"`);
  return match[0];
}

/** A 900×600 JPEG written to a temporary file, to upload as a profile picture. */
async function photoFile(): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'amiko-photo-')), 'me.jpg');
  writeFileSync(
    file,
    await sharp({ create: { width: 900, height: 600, channels: 3, background: '#4a7bd0' } })
      .jpeg()
      .toBuffer(),
  );
  return file;
}

async function pickInterest(page: Page, name: string) {
  const chips = page.getByRole('group', { name: 'Interests' });
  await chips.getByText(name, { exact: true }).click();
  await expect(chips.getByRole('checkbox', { name, exact: true })).toBeChecked();
}

test('a new member who verifies in the same browser is led through onboarding to the community', async ({
  page,
  amiko,
}) => {
  const email = `first-hour-${Date.now()}@example.com`;
  await page.goto('/auth?tab=signUp');
  await page.getByLabel('Name').fill('Fiona First');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);

  // Not verified yet: the community shows no member and asks to verify; the header leads there (30.12).
  await page.goto('/community');
  await expect(page.getByTestId('verify-note')).toContainText('Please verify your email address');
  await expect(page.getByTestId('verify-note')).toContainText(email);
  await expect(page.getByTestId('visitor-note')).toHaveCount(0);
  await expect(page.getByTestId('directory')).toHaveCount(0);
  await expect(page.getByText('Sign in to use the filters')).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: 'Verify your email' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);

  // The link opened in this browser: the page speaks to a signed-in member and leads into onboarding.
  const mail = await amiko.waitForMail(email, { subject: /verify/i });
  await page.goto(linkIn(mail));
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
  await expect(page.getByText('Your email address has been verified.')).toBeVisible();
  await expect(
    page.getByText('Next, add a photo, your interests and your story, so that people who share your'),
  ).toBeVisible();
  await expect(page.getByText('You can now sign in')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to Sign In' })).toHaveCount(0);
  await expect(
    page.getByTestId('verify-success').getByRole('link', { name: 'Set up your profile' }),
  ).toHaveAttribute('href', '/interests-list');

  // Step 1, the picture: the verified page leads on by itself, no click needed.
  await expect(page).toHaveURL(/\/interests-list$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Add a profile picture' })).toBeVisible();
  await page.getByLabel('Choose a photo').setInputFiles(await photoFile());
  const cropper = page.getByRole('dialog', { name: 'Crop your picture' });
  await cropper.getByRole('button', { name: 'Save picture' }).click();
  await expect(cropper).toBeHidden({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // Step 2: ten interests, and (optional) the city, found by a German spelling typed in ASCII.
  await expect(page.getByRole('heading', { name: 'What are you into?' })).toBeVisible();
  for (const interest of INTERESTS) await pickInterest(page, interest);
  await page.getByRole('combobox', { name: 'Where do you live? (optional)' }).fill('muenchen');
  await page
    .getByRole('option', { name: /^Munich/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // Step 3: the story.
  await expect(page).toHaveURL(/\/user-story$/);
  await page.getByTestId('story-input').fill(STORY);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // The full navigation, and the community with its filters: nobody asked them to sign in again.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Community' })
    .click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.getByRole('button', { name: 'Hide filters' })).toBeVisible();
  await expect(page.getByTestId('visitor-note')).toHaveCount(0);
  await expect(page.getByTestId('onboarding-note')).toHaveCount(0);
  await expect(page.getByTestId('avatar-menu')).toBeVisible();
  const [fiona] = await amiko
    .db()
    .db.select({ placeId: amiko.db().t.members.placeId })
    .from(amiko.db().t.members)
    .where(eq(amiko.db().t.members.email, email));
  expect(fiona?.placeId).toBe(2867714); // Munich
});

test('in German: the verified page for a signed-in member, the header and the community ask the way on', async ({
  page,
  context,
  amiko,
}) => {
  await useLanguage(page, 'de');
  const member = await signedInMember(amiko, context, { verified: false, onboarded: false, language: 'de' });
  await page.goto('/community');
  await expect(page.getByTestId('verify-note')).toContainText('Bitte bestätige deine E-Mail-Adresse');
  await expect(page.getByTestId('directory')).toHaveCount(0);
  await page.getByRole('banner').getByRole('link', { name: 'E-Mail-Adresse bestätigen' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }).click();
  const mail = await amiko.waitForMail(member.email);
  await page.goto(linkIn(mail));
  await expect(page.getByRole('heading', { name: 'E-Mail-Adresse bestätigt' })).toBeVisible();
  await expect(
    page.getByText('Als Nächstes fügst du ein Foto, deine Interessen und deine Geschichte hinzu'),
  ).toBeVisible();
  await expect(page.getByText('Du kannst dich jetzt anmelden')).toHaveCount(0);
  await expect(
    page.getByTestId('verify-success').getByRole('link', { name: 'Profil einrichten' }),
  ).toHaveAttribute('href', '/interests-list');
  await expect(page).toHaveURL(/\/interests-list$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Füge ein Profilbild hinzu' })).toBeVisible();
});

test('a member with a photo who verifies signed in is led on to where they left off: the interests', async ({
  page,
  context,
  amiko,
}) => {
  const member = await signedInMember(amiko, context, {
    verified: false,
    onboarded: false,
    photoKey: 'test-photo.webp',
  });
  await page.goto('/verify-email');
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  const mail = await amiko.waitForMail(member.email);
  await page.goto(linkIn(mail));
  await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
  await expect(page).toHaveURL(/\/interests-list$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'What are you into?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add a profile picture' })).toHaveCount(0);
});

test('a verified member who left onboarding is asked on in the community; picked interests survive a reload', async ({
  page,
  context,
  amiko,
}) => {
  await signedInMember(amiko, context, { onboarded: false, photoKey: 'test-photo.webp' });
  await page.goto('/community');
  await expect(page.getByTestId('onboarding-note')).toContainText(
    'Others can find you once your profile has a photo, your interests and your story.',
  );
  await expect(page.getByRole('banner').getByRole('link', { name: 'Set up your profile' })).toBeVisible();
  await page.getByTestId('onboarding-note').getByRole('link', { name: 'Set up your profile' }).click();
  await expect(page).toHaveURL(/\/interests-list$/);
  await expect(page.getByRole('heading', { name: 'What are you into?' })).toBeVisible();
  for (const interest of INTERESTS.slice(0, 3)) await pickInterest(page, interest);
  await expect(page.getByTestId('interests-hint')).toHaveText('Select 7 more');

  // Issue 30.9: a reload used to lose the picks.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'What are you into?' })).toBeVisible();
  const chips = page.getByRole('group', { name: 'Interests' });
  for (const interest of INTERESTS.slice(0, 3)) {
    await expect(chips.getByRole('checkbox', { name: interest, exact: true })).toBeChecked();
  }
  await expect(page.getByTestId('interests-hint')).toHaveText('Select 7 more');
  for (const interest of INTERESTS.slice(3)) await pickInterest(page, interest);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/user-story$/);
});

test('in German, the page after confirming a new address says that it was changed (issue 30.16)', async ({
  page,
  context,
  amiko,
}) => {
  await useLanguage(page, 'de');
  const member = await signedInMember(amiko, context, { language: 'de' });
  const newEmail = `umgezogen-${Date.now()}@example.com`;
  await page.goto('/settings/account');
  await page.getByRole('button', { name: 'E-Mail ändern' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-Mail ändern' });
  await dialog.getByRole('textbox', { name: 'Passwort', exact: true }).fill(member.password);
  await dialog.getByLabel('Neue E-Mail-Adresse').fill(newEmail);
  await dialog.getByRole('button', { name: 'Bestätigungslink senden' }).click();
  await expect(dialog.getByTestId('change-email-sent')).toBeVisible();
  const mail = await amiko.waitForMail(newEmail);
  await page.goto(linkIn(mail));
  await expect(page.getByRole('heading', { name: 'E-Mail-Adresse geändert' })).toBeVisible();
  await expect(
    page.getByText('Melde dich ab jetzt mit deiner neuen Adresse an; wir schreiben dir auch dorthin.'),
  ).toBeVisible();
  await expect(page.getByText('Du kannst dich jetzt anmelden')).toHaveCount(0);
  await page.getByRole('link', { name: 'Zurück zu deinen Kontoeinstellungen' }).click();
  await expect(page).toHaveURL(/\/settings\/account$/);
});
