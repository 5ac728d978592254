import { expect as baseExpect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';

// The profile's completion as a member who just finished onboarding reads it (issue 30.8): a fair share for
// photo, interests and story, and the two steps that would raise it most, each a link to its section.

// Two members' profiles in two languages: with room for a machine shared with other work.
test.describe.configure({ timeout: 120_000 });
test.use({ actionTimeout: 20_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

test('a member who finished onboarding reads a fair completion and the two steps that add most (issue 30.8)', async ({
  page,
  context,
  browser,
  amiko,
}) => {
  // Photo, ten interests and a 300-character story: field by field this was "8% complete".
  await signedInMember(amiko, context, { language: 'en' });
  await useLanguage(page, 'en');
  await page.goto('/profile');
  await expect(page.getByTestId('completion')).toHaveText('60%');
  await expect(page.getByText('Your profile is 60% complete')).toBeVisible();
  const steps = page.getByTestId('completion-steps');
  await expect(steps.getByRole('link')).toHaveText([
    'Say where you live (+10%)',
    'Add the languages you speak (+10%)',
  ]);
  await steps.getByRole('link', { name: 'Say where you live (+10%)' }).click();
  await expect(page).toHaveURL(/\/settings\/user-info$/);

  // With a place and a language, what they look for and the rest of the profile come next; each opens its
  // section on the page.
  const placed = await browser.newContext({ baseURL: amiko.url });
  await signedInMember(amiko, placed, { language: 'de', placeId: 2950159, nativeLanguage: 'de' });
  const de = await placed.newPage();
  await useLanguage(de, 'de');
  await de.goto('/profile');
  await expect(de.getByTestId('completion')).toHaveText('80%');
  await expect(de.getByText('Dein Profil ist zu 80 % vollständig')).toBeVisible();
  const schritte = de.getByTestId('completion-steps');
  await expect(schritte.getByRole('link')).toHaveText([
    'Sag, wonach du suchst (+10 %)',
    'Erzähl mehr über dich (bis zu +10 %)',
  ]);
  const relationship = de.locator('#profile-section-relationship');
  await expect(relationship.getByLabel('Ich suche', { exact: true })).toBeHidden();
  await schritte.getByRole('link', { name: 'Sag, wonach du suchst (+10 %)' }).click();
  await expect(relationship.getByLabel('Ich suche', { exact: true })).toBeVisible();
  await placed.close();
});
