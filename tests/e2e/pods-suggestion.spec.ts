import type { Browser, BrowserContext } from '@playwright/test';
import { ONBOARDED_INTERESTS } from '../support/members.ts';
import { expectAccessible } from './accessibility.ts';
import { expect as baseExpect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';

// Issue 34's acceptance: three new members in one city who share an interest are led from the suggestion
// to a pod and a live conversation among them in a few clicks, in English and German. Anna sees "2 people
// near you love pottery — start a pod?", starts it as filled in; Ben (in German) and Cleo find the
// invitation among their pods (and a dot on their Pods link until they answer), say yes, and the three talk
// live.

// Akureyri: no member of the demo community lives within 25 km of it (the seed's towns are elsewhere), nor
// do the meetup journeys' members, who live in Reykjavík (pods-in-database.ts), 250 km away: the
// suggestion counts the neighbours who share an interest, and only these three may be counted.
const AKUREYRI = 2633274;

test.use({ actionTimeout: 15_000 });
// Three browsers: room for a loaded machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
}

// Pottery first: of interests the three share equally, the member's own first one is suggested.
const potters = {
  placeId: AKUREYRI,
  city: null,
  interests: ['pottery' as const, ...ONBOARDED_INTERESTS.slice(1)],
};

test('three neighbours who love pottery go from the suggestion to a pod and talk in it live', async ({
  browser,
  amiko,
}) => {
  const contexts = [await newContext(browser), await newContext(browser), await newContext(browser)];
  const [annaContext, benContext, cleoContext] = contexts as [BrowserContext, BrowserContext, BrowserContext];
  await signedInMember(amiko, annaContext, { name: 'Anna Töpfer', newInTown: 'newHere', ...potters });
  await signedInMember(amiko, benContext, {
    name: 'Ben Ton',
    language: 'de',
    newInTown: 'newHere',
    ...potters,
  });
  await signedInMember(amiko, cleoContext, { name: 'Cleo Clay', newInTown: 'newHere', ...potters });
  const anna = await annaContext.newPage();
  const ben = await benContext.newPage();
  await useLanguage(ben, 'de');
  const cleo = await cleoContext.newPage();

  // Cleo is elsewhere in Amiko meanwhile: no dot on her Pods link yet.
  await cleo.goto('/messages');
  await expect(cleo.getByRole('link', { name: 'Pods', exact: true })).toBeVisible();
  await expect(cleo.getByTestId('nav-dot-pods')).toHaveCount(0);

  // Anna: the suggestion, then the form as it suggests it (the pottery pod in her town, in her language).
  await anna.goto('/pods');
  const suggestion = anna.getByTestId('pod-suggestion');
  // A worker's first server may still be reading the gazetteer (/readyz waits for it too).
  await expect(suggestion).toContainText('2 people near you love pottery — start a pod?', {
    timeout: 60_000,
  });
  await expectAccessible(anna);
  await suggestion.getByRole('button', { name: 'Start a pod' }).click();
  const form = anna.getByRole('dialog', { name: 'Start a pod' });
  await expect(form.getByLabel('Name')).toHaveValue('Pottery Akureyri');
  await expect(form.getByRole('combobox', { name: 'Town' })).toHaveValue('Akureyri');
  await form.getByRole('button', { name: 'Start the pod' }).click();
  await expect(
    anna.getByText('Your pod is open. We invited 2 people near you who love pottery.'),
  ).toBeVisible();
  await expect(anna.getByRole('heading', { name: 'Pottery Akureyri', level: 1 })).toBeVisible();
  const podUrl = new URL(anna.url()).pathname;

  // Cleo's invitation puts a dot on her Pods link at once, and says why to a screen reader.
  await expect(cleo.getByTestId('nav-dot-pods')).toBeVisible();
  await expect(cleo.getByRole('link', { name: "Pods – You're invited to a pod" })).toBeVisible();

  // Ben, in German: the invitation waits among his pods; nobody is in the pod until they say yes.
  await ben.goto('/pods');
  const invitation = ben
    .getByTestId('my-pods')
    .getByTestId('pod-card')
    .filter({ hasText: 'Pottery Akureyri' });
  await expect(invitation).toContainText('Du bist eingeladen.', { timeout: 60_000 });
  await expect(ben.getByRole('link', { name: 'Pods – Du bist in einen Pod eingeladen' })).toBeVisible();
  // Invited to a pod for pottery, he is not suggested one (another interest the three share may be).
  await expect(ben.getByTestId('pod-suggestion')).not.toContainText('Töpfern');
  await invitation.getByRole('button', { name: 'Beitreten' }).click();
  await expect(invitation.getByRole('button', { name: 'Pod verlassen' })).toBeVisible();
  // Answered: the dot goes.
  await expect(ben.getByTestId('nav-dot-pods')).toHaveCount(0);
  await invitation.getByRole('link', { name: 'Pottery Akureyri' }).click();
  const benBox = ben.getByRole('textbox', { name: 'Nachricht' });
  await benBox.fill('Hallo zusammen! Samstag in die Töpferwerkstatt?');
  await benBox.press('Enter');

  // Cleo says yes too, and the three talk live.
  await cleo.goto('/pods');
  const hers = cleo.getByTestId('my-pods').getByTestId('pod-card').filter({ hasText: 'Pottery Akureyri' });
  await hers.getByRole('button', { name: 'Join' }).click();
  await expect(cleo.getByText('You joined Pottery Akureyri.')).toBeVisible();
  await cleo.goto(podUrl);
  await expect(cleo.getByTestId('pod-members')).toContainText('Anna');
  await expect(cleo.getByTestId('pod-members')).toContainText('Ben');
  const cleoBox = cleo.getByRole('textbox', { name: 'Message' });
  await cleoBox.fill('Yes please, I am new here!');
  await cleoBox.press('Enter');
  await expect(anna.getByTestId('pod-messages')).toContainText('Töpferwerkstatt');
  await expect(anna.getByTestId('pod-messages')).toContainText('I am new here');
  await expect(ben.getByTestId('pod-messages')).toContainText('I am new here');
  await expect(anna.getByTestId('pod-members').getByRole('listitem')).toHaveCount(3);
  for (const context of contexts) await context.close();
});
