import { newId } from '@amiko/db';
import { expect as baseExpect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';
import { podInDatabase, REYKJAVIK } from './pods-in-database.ts';

// The Meetups page (issue 35, item 8): Olaf, in Reykjavík and in no pod, opens Meetups from the Pods page,
// finds Anna's pod's open meetup near him (the area only), answers Going and then sees the café; Gudrun
// sees the page in German, without the venue.

test.use({ actionTimeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

type Amiko = Parameters<typeof signedInMember>[0];

/** A pod of one in Reykjavík with an open meetup (5 places for a pod of 3) in two days, in the database. */
async function openMeetup(amiko: Amiko, starterId: string, venueName: string) {
  const { db, t } = amiko.db();
  const podId = newId();
  const podName = `Hiking ${podId.slice(0, 6)}`;
  const now = new Date();
  await podInDatabase(amiko, {
    id: podId,
    name: podName,
    memberIds: [starterId],
    sizeLimit: 3,
    since: now,
  });
  const id = newId();
  await db.insert(t.meetups).values({
    id,
    podId,
    proposedBy: starterId,
    startsAt: new Date(now.getTime() + 2 * 86_400_000),
    timeZone: 'Atlantic/Reykjavik',
    venueKind: 'cafe',
    venueName,
    venueAddress: 'Laugavegur 1, Reykjavík',
    onlineLink: null,
    language: 'en',
    capacity: 5,
    createdAt: now,
  });
  await db.insert(t.meetupRsvps).values({ meetupId: id, memberId: starterId, status: 'going', askedAt: now });
  return { podId, podName };
}

test('someone outside the pod finds an open meetup near them and goes', async ({ browser, amiko }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    reducedMotion: 'reduce',
  });
  const place = { placeId: REYKJAVIK, city: null };
  const anna = await signedInMember(amiko, await browser.newContext(), { name: 'Anna Find', ...place });
  const olaf = await signedInMember(amiko, context, { name: 'Olaf Find', ...place });
  const venue = `Café ${olaf.id.slice(0, 6)}`;
  const { podId, podName } = await openMeetup(amiko, anna.id, venue);

  const page = await context.newPage();
  await page.goto('/pods');
  await page.getByTestId('meetups-link').click({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/pods\/meetups$/);
  await expect(page.getByRole('heading', { name: 'Meetups', level: 1 })).toBeVisible();
  const found = page.getByTestId('found-meetups');
  const card = found.getByRole('listitem').filter({ hasText: 'In Reykjavík' }).first();
  await expect(card).toContainText('the exact place is shown to those going');
  // The card names its pod, linking to it; the distance is his to choose.
  await expect(card.getByTestId('meetup-pod')).toHaveText(`A meetup of ${podName}`);
  await expect(card.getByRole('link', { name: podName })).toHaveAttribute('href', `/pods/${podId}`);
  await expect(page.getByRole('combobox', { name: 'Distance' })).toHaveValue('Within 25 km');
  await expect(found).not.toContainText(venue);
  await card.getByRole('button', { name: 'Going' }).click();
  await expect(found).toContainText(venue);
  await expect(found).toContainText("You're going");
  // "This week" on his start page: the meetup he is going to, with the café.
  await page.goto('/community');
  await expect(page.getByTestId('this-week')).toContainText(venue, { timeout: 30_000 });
  await page.goto('/pods/meetups');

  // My pods' meetups: Olaf joined the meetup, not the pod.
  await page.getByText("My pods' meetups").click();
  await expect(page.getByText('No meetups here yet.')).toBeVisible();

  // In German, for Gudrun (German member): the page's tabs, and the meetup without its venue.
  const deContext = await browser.newContext({
    viewport: { width: 375, height: 800 },
    reducedMotion: 'reduce',
  });
  await signedInMember(amiko, deContext, { name: 'Gudrun Find', ...place, language: 'de' });
  const dePage = await deContext.newPage();
  await useLanguage(dePage, 'de');
  await dePage.goto('/pods/meetups');
  await expect(dePage.getByRole('heading', { name: 'Treffen', level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(dePage.getByText('Diese Woche in meiner Nähe')).toBeVisible();
  await expect(dePage.getByTestId('found-meetups')).toContainText('Reykjavík');
  await expect(dePage.getByTestId('found-meetups')).not.toContainText(venue);
});
