import type { Browser, BrowserContext } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { insertMember } from '../support/members.ts';
import { expectAccessible } from './accessibility.ts';
import { expect as baseExpect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';
import { podInDatabase, REYKJAVIK } from './pods-in-database.ts';

// Meetups on a pod's page (issue 35.1-3): three members of a pod in Reykjavík. Anna proposes an open meetup
// at a café; Ben, whose browser is in Berlin, sees it in his time and in Reykjavík's, with the area only,
// answers Going and then sees the café and its address; with its places taken, Cleo is first on the
// waitlist and sees no venue, until Ben can't go and she moves up. In German, Jonas proposes one on a phone's
// width and Mia answers it.

test.use({ actionTimeout: 15_000 });
// Three browsers: room for a loaded machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const nextYear = new Date().getUTCFullYear() + 1;

async function newContext(browser: Browser, timezoneId: string, width = 1280): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', timezoneId });
}

type Amiko = Parameters<typeof signedInMember>[0];

/** A pod of 3 in Reykjavík, put in the server's database: the first member started it. */
const reykjavikPod = (amiko: Amiko, name: string, memberIds: string[], language: 'en' | 'de') =>
  podInDatabase(amiko, { name, memberIds, languages: [language], sizeLimit: 3 });

test('a pod in Reykjavík: a meetup proposed, the venue only for those going, and a waitlist', async ({
  browser,
  amiko,
}) => {
  const annaContext = await newContext(browser, 'Atlantic/Reykjavik');
  const benContext = await newContext(browser, 'Europe/Berlin');
  const cleoContext = await newContext(browser, 'Atlantic/Reykjavik');
  const place = { placeId: REYKJAVIK, city: null };
  const anna = await signedInMember(amiko, annaContext, { name: 'Anna Meet', ...place });
  const ben = await signedInMember(amiko, benContext, { name: 'Ben Meet', ...place });
  const cleo = await signedInMember(amiko, cleoContext, { name: 'Cleo Meet', ...place });
  const podName = `Hiking ${anna.id.slice(0, 6)}`;
  const podId = await reykjavikPod(amiko, podName, [anna.id, ben.id, cleo.id], 'en');
  const annaPage = await annaContext.newPage();
  const benPage = await benContext.newPage();
  const cleoPage = await cleoContext.newPage();

  // Anna: nothing planned yet; she proposes one. Nothing filled: each field says what it needs.
  await annaPage.goto(`/pods/${podId}`);
  const annaMeetups = annaPage.getByTestId('pod-meetups');
  // A worker's first server may still be reading the gazetteer.
  await expect(annaMeetups).toContainText('No meetup planned yet — propose one.', { timeout: 60_000 });
  await annaMeetups.getByRole('button', { name: 'Propose a meetup' }).click();
  const form = annaPage.getByRole('dialog', { name: 'Propose a meetup' });
  await expect(form.getByText('Local time in Reykjavík')).toBeVisible();
  await form.getByRole('button', { name: 'Propose the meetup' }).click();
  await expect(form.getByText('Choose a date and time.')).toBeVisible();
  await expect(form.getByText('Enter the name of the place.')).toBeVisible();
  await expect(form.getByText('Enter the address.')).toBeVisible();
  await form.getByLabel('Where').selectOption({ label: 'Café' });
  await form.getByLabel('Date and time').fill(`${nextYear}-06-05T19:30`);
  await form.getByLabel('Name of the place').fill('Café Babalú');
  await form.getByLabel('Address').fill('Skólavörðustígur 22, Reykjavík');
  // Open to one more from the directory: four places.
  await form.getByLabel('Extra places for others').fill('1');
  await form.getByRole('button', { name: 'Propose the meetup' }).click();
  await expect(form).toHaveCount(0);
  const annaCard = annaMeetups.getByTestId('meetup-card');
  await expect(annaCard).toContainText('Café Babalú');
  await expect(annaCard.getByTestId('meetup-going')).toHaveText('1 of 4 going');
  await expect(annaCard.getByTestId('meetup-status')).toHaveText("You're going");
  await expect(annaCard).toContainText('Open to others');
  // Her own time zone is Reykjavík's: one time.
  await expect(annaCard.getByTestId('meetup-when')).toHaveText(/7:30\sPM/);
  await expect(annaCard.getByTestId('meetup-local-time')).toHaveCount(0);

  // Ben, in Berlin's time zone: his time and Reykjavík's, the area only; Going shows him the café.
  await benPage.goto(`/pods/${podId}`);
  const benCard = benPage.getByTestId('meetup-card');
  await expect(benCard.getByTestId('meetup-when')).toHaveText(/9:30\sPM/);
  await expect(benCard.getByTestId('meetup-local-time')).toHaveText(/7:30\sPM local time in Reykjavík$/);
  await expect(benCard.getByTestId('meetup-where')).toHaveText(
    'In Reykjavík: the exact place is shown to those going',
  );
  await expect(benCard).not.toContainText('Café Babalú');
  await expect(benCard.getByTestId('meetup-status')).toHaveText("You haven't answered yet");
  await expect(benCard).toContainText('In English');
  await benCard.getByRole('button', { name: 'Going' }).click();
  await expect(benCard.getByTestId('meetup-status')).toHaveText("You're going");
  await expect(benCard.getByTestId('meetup-where')).toContainText('Café Babalú');
  await expect(benCard.getByTestId('meetup-where')).toContainText('Skólavörðustígur 22, Reykjavík');
  await expect(benCard.getByTestId('meetup-going')).toHaveText('2 of 4 going');

  // Two members from the directory take the open meetup's other places (finding open meetups is a later
  // slice: their answers are put in the database as the service writes them).
  const { db, t } = amiko.db();
  const [meetup] = await db.select({ id: t.meetups.id }).from(t.meetups).where(eq(t.meetups.podId, podId));
  for (const name of ['Dora Outside', 'Emil Outside']) {
    const outsider = await insertMember(amiko.db(), { name, ...place });
    await db
      .insert(t.meetupRsvps)
      .values({ meetupId: meetup!.id, memberId: outsider.id, status: 'going', askedAt: new Date() });
  }

  // Cleo: full, so Going puts her first on the waitlist, and she still sees the area only.
  await cleoPage.goto(`/pods/${podId}`);
  const cleoCard = cleoPage.getByTestId('meetup-card');
  await expect(cleoCard.getByTestId('meetup-going')).toHaveText('4 of 4 going');
  await expect(cleoCard).toContainText('Full: answering Going puts you on the waitlist.');
  await cleoCard.getByRole('button', { name: 'Going' }).click();
  await expect(cleoCard.getByTestId('meetup-status')).toHaveText('You are 1st on the waitlist');
  await expect(cleoCard).not.toContainText('Café Babalú');
  await expect(cleoCard).toContainText('1 on the waitlist');
  await expectAccessible(cleoPage);

  // Ben can't go after all: Cleo moves up and sees where.
  await benCard.getByRole('button', { name: "Can't go" }).click();
  await expect(benCard.getByTestId('meetup-status')).toHaveText("You can't go");
  await expect(benCard).not.toContainText('Café Babalú');
  await cleoPage.reload();
  await expect(cleoCard.getByTestId('meetup-status')).toHaveText("You're going");
  await expect(cleoCard.getByTestId('meetup-where')).toContainText('Café Babalú');
  await Promise.all([annaContext, benContext, cleoContext].map((context) => context.close()));
});

test('in German: a meetup proposed on a phone, and answered', async ({ browser, amiko }) => {
  const jonasContext = await newContext(browser, 'Atlantic/Reykjavik', 375);
  const miaContext = await newContext(browser, 'Europe/Berlin', 375);
  const place = { placeId: REYKJAVIK, city: null, language: 'de' as const };
  const jonas = await signedInMember(amiko, jonasContext, { name: 'Jonas Treff', ...place });
  const mia = await signedInMember(amiko, miaContext, { name: 'Mia Treff', ...place });
  const lena = await insertMember(amiko.db(), { name: 'Lena Treff', ...place });
  const podId = await reykjavikPod(
    amiko,
    `Wandern ${jonas.id.slice(0, 6)}`,
    [jonas.id, mia.id, lena.id],
    'de',
  );
  const jonasPage = await jonasContext.newPage();
  const miaPage = await miaContext.newPage();
  await useLanguage(jonasPage, 'de');
  await useLanguage(miaPage, 'de');

  await jonasPage.goto(`/pods/${podId}`);
  const meetups = jonasPage.getByTestId('pod-meetups');
  await expect(meetups).toContainText('Noch kein Treffen geplant — schlag eins vor.', { timeout: 60_000 });
  await meetups.getByRole('button', { name: 'Ein Treffen vorschlagen' }).click();
  const form = jonasPage.getByRole('dialog', { name: 'Ein Treffen vorschlagen' });
  await expect(form.getByText('Ortszeit in Reykjavík')).toBeVisible();
  await form.getByLabel('Wo').selectOption({ label: 'Bibliothek' });
  await form.getByLabel('Datum und Uhrzeit').fill(`${nextYear}-01-09T18:00`);
  await form.getByLabel('Name des Ortes').fill('Borgarbókasafn');
  await form.getByRole('button', { name: 'Treffen vorschlagen' }).click();
  await expect(form.getByText('Gib die Adresse ein.')).toBeVisible();
  await expect(form.getByLabel('Adresse')).toBeFocused();
  await jonasPage.keyboard.type('Tryggvagata 15, Reykjavík');
  await jonasPage.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(meetups.getByTestId('meetup-status')).toHaveText('Du kommst');

  await miaPage.goto(`/pods/${podId}`);
  const card = miaPage.getByTestId('meetup-card');
  await expect(card).toContainText('Bibliothek');
  await expect(card).toContainText('Auf Deutsch');
  await expect(card.getByTestId('meetup-going')).toHaveText('1 von 3 kommen');
  await expect(card.getByTestId('meetup-local-time')).toHaveText(/18:00 Ortszeit in Reykjavík$/);
  await expect(card.getByTestId('meetup-where')).toHaveText(
    'In Reykjavík: Den genauen Ort sehen alle, die kommen',
  );
  await expect(card.getByTestId('meetup-status')).toHaveText('Du hast noch nicht geantwortet');
  await card.getByRole('button', { name: 'Ich komme' }).click();
  await expect(card.getByTestId('meetup-status')).toHaveText('Du kommst');
  await expect(card.getByTestId('meetup-where')).toContainText('Tryggvagata 15, Reykjavík');
  await expect(card.getByTestId('meetup-going')).toHaveText('2 von 3 kommen');
  // A phone's width: nothing wider than the screen.
  expect(await miaPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(miaPage);
  await Promise.all([jonasContext, miaContext].map((context) => context.close()));
});
