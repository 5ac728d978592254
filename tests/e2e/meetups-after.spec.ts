import { newId } from '@amiko/db';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { insertMember } from '../support/members.ts';
import { expectAccessible } from './accessibility.ts';
import { expect as baseExpect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';
import { podInDatabase, REYKJAVIK } from './pods-in-database.ts';

// "See you again" on a pod's page (issue 35.5): three members of a pod in Reykjavík met yesterday. Anna (in
// English) says who came and that she would like to meet Ben again; Cleo chooses nobody. Ben (in German)
// chooses Anna: both see that they would like to meet again, with the way into their conversation. Cleo,
// whom Anna chose alone, sees nothing of it.

test.use({ actionTimeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    timezoneId: 'Atlantic/Reykjavik',
  });
}

type Amiko = Parameters<typeof signedInMember>[0];

/** A pod of three in Reykjavík and its meetup that began five hours ago, all three going. */
async function podThatMet(amiko: Amiko, name: string, memberIds: string[]) {
  const { db, t } = amiko.db();
  const meetupId = newId();
  const now = Date.now();
  const podId = await podInDatabase(amiko, {
    name,
    memberIds,
    languages: ['en', 'de'],
    sizeLimit: 3,
    since: new Date(now - 7 * 86_400_000),
  });
  await db.insert(t.meetups).values({
    id: meetupId,
    podId,
    proposedBy: memberIds[0]!,
    startsAt: new Date(now - 5 * 3_600_000),
    timeZone: 'Atlantic/Reykjavik',
    venueKind: 'cafe',
    venueName: 'Café Babalú',
    venueAddress: 'Skólavörðustígur 22',
    onlineLink: null,
    language: 'en',
    capacity: 3,
    createdAt: new Date(now - 3 * 86_400_000),
  });
  await db.insert(t.meetupRsvps).values(
    memberIds.map((memberId, index) => ({
      meetupId,
      memberId,
      status: 'going' as const,
      askedAt: new Date(now - 3 * 86_400_000 + index),
    })),
  );
  return podId;
}

/** The member answers: everyone came, and they would like to meet `again` again. */
async function answer(
  page: Page,
  again: string[],
  labels: { send: string; again: (name: string) => string },
) {
  const form = page.getByTestId('meetup-after-form');
  for (const name of again) await form.getByRole('switch', { name: labels.again(name) }).check();
  await form.getByRole('button', { name: labels.send }).click();
  await expect(form).toHaveCount(0);
}

test('after a meetup: who came, whom to meet again, and only what is mutual, in English and German', async ({
  browser,
  amiko,
}) => {
  const contexts = await Promise.all([newContext(browser), newContext(browser), newContext(browser)]);
  const [annaContext, benContext, cleoContext] = contexts as [BrowserContext, BrowserContext, BrowserContext];
  const place = { placeId: REYKJAVIK, city: null };
  const anna = await signedInMember(amiko, annaContext, { name: 'Anna Again', ...place });
  const ben = await signedInMember(amiko, benContext, { name: 'Ben Again', language: 'de', ...place });
  const cleo = await signedInMember(amiko, cleoContext, { name: 'Cleo Again', ...place });
  const podId = await podThatMet(amiko, `Hiking ${anna.id.slice(0, 6)}`, [anna.id, ben.id, cleo.id]);
  const [annaPage, benPage, cleoPage] = await Promise.all(contexts.map((c) => c.newPage()));
  await useLanguage(benPage!, 'de');
  const english = {
    send: 'Send my answers',
    again: (name: string) => `Would you like to meet ${name} again?`,
  };

  // Anna: who came (both, checked to begin with), and privately Ben and Cleo again.
  await annaPage!.goto(`/pods/${podId}`);
  const annaAfter = annaPage!.getByTestId('meetup-after');
  // A worker's first server may still be reading the gazetteer.
  await expect(annaAfter.getByRole('group', { name: 'Who came?' })).toBeVisible({ timeout: 60_000 });
  await expect(annaAfter.getByRole('checkbox', { name: 'Ben' })).toBeChecked();
  await expect(annaAfter.getByRole('checkbox', { name: 'Cleo' })).toBeChecked();
  await expect(annaAfter).toContainText('A yes is shown only when it is mutual');
  await expectAccessible(annaPage!);
  await answer(annaPage!, ['Ben', 'Cleo'], english);
  await expect(annaPage!.getByTestId('meetup-mutual')).toHaveCount(0);

  // Cleo chooses nobody: nothing tells her Anna chose her, before or after.
  await cleoPage!.goto(`/pods/${podId}`);
  await expect(cleoPage!.getByTestId('meetup-after-form')).toBeVisible({ timeout: 60_000 });
  await answer(cleoPage!, [], english);
  // Answered: nothing more is asked, only a way to report whoever was there stays.
  await expect(cleoPage!.getByTestId('meetup-after-answered')).toBeVisible();
  await expect(cleoPage!.getByTestId('meetup-mutual')).toHaveCount(0);

  // Ben, in German, chooses Anna: both see it.
  await benPage!.goto(`/pods/${podId}`);
  const benAfter = benPage!.getByTestId('meetup-after');
  await expect(benAfter.getByRole('group', { name: 'Wer war da?' })).toBeVisible({ timeout: 60_000 });
  await answer(benPage!, ['Anna'], {
    send: 'Antworten senden',
    again: (name) => `Möchtest du ${name} wiedersehen?`,
  });
  const benMutual = benPage!.getByTestId('meetup-mutual');
  await expect(benMutual).toContainText('Du und Anna möchtet euch beide wiedersehen');
  await expect(benMutual.getByRole('link', { name: 'Anna schreiben' })).toBeVisible();

  await annaPage!.reload();
  const annaMutual = annaPage!.getByTestId('meetup-mutual');
  await expect(annaMutual).toContainText('You and Ben would both like to meet again');
  await annaMutual.getByRole('link', { name: 'Write to Ben' }).click();
  await expect(annaPage!).toHaveURL(new RegExp(`/messages\\?with=${ben.id}`));

  await cleoPage!.reload();
  await expect(cleoPage!.getByTestId('pod-meetups')).toBeVisible();
  await expect(cleoPage!.getByTestId('meetup-after-answered')).toBeVisible();
  await expect(cleoPage!.getByTestId('meetup-after-form')).toHaveCount(0);
  await expect(cleoPage!.getByTestId('meetup-mutual')).toHaveCount(0);
  await Promise.all(contexts.map((context) => context.close()));
});

// Reporting after a meetup (issue 35.7): Cleo reports Ben from "Who came?"; the report carries
// the meetup and the pod's last messages as its evidence, and her answers are still hers to give.
test('after a meetup: reporting someone who was there, with the pod’s evidence', async ({
  browser,
  amiko,
}) => {
  const place = { placeId: REYKJAVIK, city: null };
  const cleoContext = await newContext(browser);
  const anna = (await insertMember(amiko.db(), { name: 'Anna Report', ...place })).id;
  const ben = (await insertMember(amiko.db(), { name: 'Ben Report', ...place })).id;
  const cleo = await signedInMember(amiko, cleoContext, { name: 'Cleo Report', ...place });
  const podId = await podThatMet(amiko, `Walks ${cleo.id.slice(0, 6)}`, [anna, ben, cleo.id]);
  const { db, t } = amiko.db();
  await db.insert(t.podMessages).values({
    podId,
    senderId: ben,
    clientId: crypto.randomUUID(),
    body: 'What Ben wrote in the pod',
    createdAt: new Date(),
  });
  const page = await cleoContext.newPage();
  await page.goto(`/pods/${podId}`);
  const after = page.getByTestId('meetup-after');
  await expect(after.getByRole('group', { name: 'Who came?' })).toBeVisible({ timeout: 60_000 });
  await after.getByRole('button', { name: 'Report Ben' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Ben' });
  await dialog.getByRole('radio', { name: 'Harassment or threats' }).check();
  await dialog.getByLabel('Note for our team (optional)').fill('Followed me home');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. Our team will look into it.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const [report] = await db.select().from(t.reports).where(eq(t.reports.reporterId, cleo.id));
  expect(report).toMatchObject({ reportedId: ben, reason: 'harassment', note: 'Followed me home', podId });
  expect(report!.meetupId).not.toBeNull();
  expect(JSON.stringify(report!.evidence)).toContain('What Ben wrote in the pod');
  // Reporting answered nothing for her: "Who came?" still waits.
  await expect(page.getByTestId('meetup-after-form')).toBeVisible();
  // Once she has answered, whoever was there can still be reported, for the 14 days.
  await page.getByTestId('meetup-after-form').getByRole('button', { name: 'Send my answers' }).click();
  const answered = page.getByTestId('meetup-after-answered');
  await expect(answered).toContainText('you can still report them here');
  await answered.getByRole('button', { name: 'Report Anna' }).click();
  const second = page.getByRole('dialog', { name: 'Report Anna' });
  await second.getByRole('radio', { name: 'Harassment or threats' }).check();
  await second.getByRole('button', { name: 'Send report' }).click();
  await expect(second).toHaveCount(0);
  await expect
    .poll(async () => (await db.select().from(t.reports).where(eq(t.reports.reportedId, anna))).length)
    .toBe(1);
  await cleoContext.close();
});
