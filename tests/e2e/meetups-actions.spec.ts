import type { Browser, BrowserContext } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { insertMember } from '../support/members.ts';
import { expect as baseExpect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';
import { podInDatabase, REYKJAVIK } from './pods-in-database.ts';

// A meetup card's actions in the browser (issue 35.4, 35.7): Anna opens her pod's page with ?propose=1 and
// the form is there at once; "Add to calendar" downloads the meetup's .ics; "Tell a friend" mails her
// friend; Ben, who did not propose it, has no "Cancel meetup"; Anna cancels it and it is gone from Ben's open
// page too. In German on a phone's width: the form at once and the card's actions.

test.use({ actionTimeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const nextYear = new Date().getUTCFullYear() + 1;

async function newContext(browser: Browser, width = 1280): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width, height: 900 },
    reducedMotion: 'reduce',
    timezoneId: 'Atlantic/Reykjavik',
    acceptDownloads: true,
  });
}

type Amiko = Parameters<typeof signedInMember>[0];

/** A pod of 4 in Reykjavík, put in the server's database: the first member started it. */
const reykjavikPod = (amiko: Amiko, name: string, memberIds: string[], language: 'en' | 'de') =>
  podInDatabase(amiko, { name, memberIds, languages: [language], sizeLimit: 4 });

test('a meetup added to the calendar, told to a friend, and cancelled by its proposer', async ({
  browser,
  amiko,
}) => {
  const annaContext = await newContext(browser);
  const benContext = await newContext(browser);
  const place = { placeId: REYKJAVIK, city: null };
  const sara = await insertMember(amiko.db(), { name: 'Sara Starter', ...place });
  const anna = await signedInMember(amiko, annaContext, { name: 'Anna Act', ...place });
  const ben = await signedInMember(amiko, benContext, { name: 'Ben Act', ...place });
  const podName = `Walks ${anna.id.slice(0, 6)}`;
  const podId = await reykjavikPod(amiko, podName, [sara.id, anna.id, ben.id], 'en');
  const annaPage = await annaContext.newPage();
  const benPage = await benContext.newPage();

  // ?propose=1 (as "Meet again?" links) opens the form at once.
  await annaPage.goto(`/pods/${podId}?propose=1`);
  // A worker's first server may still be reading the gazetteer.
  const form = annaPage.getByRole('dialog', { name: 'Propose a meetup' });
  await expect(form).toBeVisible({ timeout: 60_000 });
  await form.getByLabel('Where').selectOption({ label: 'Café' });
  await form.getByLabel('Date and time').fill(`${nextYear}-06-05T19:30`);
  await form.getByLabel('Name of the place').fill('Café Babalú');
  await form.getByLabel('Address').fill('Skólavörðustígur 22, Reykjavík');
  await form.getByRole('button', { name: 'Propose the meetup' }).click();
  await expect(form).toHaveCount(0);
  const annaCard = annaPage.getByTestId('meetup-card');
  await expect(annaCard.getByTestId('meetup-status')).toHaveText("You're going");

  // Add to calendar: the meetup's .ics, with its title and its start in Reykjavík's time.
  const [download] = await Promise.all([
    annaPage.waitForEvent('download'),
    annaCard.getByRole('link', { name: 'Add to calendar' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const ics = (await readFile((await download.path())!, 'utf8')).replace(/\r\n[ \t]/g, '');
  expect(ics).toContain(`SUMMARY:Meetup: ${podName}`);
  expect(ics).toMatch(new RegExp(`DTSTART;TZID=Atlantic/Reykjavik:${nextYear}0605T193000`));
  expect(ics).toContain('Café Babalú');

  // Tell a friend, with the keyboard: the friend is mailed the time, place and pod.
  // Addresses are kept in lower case.
  const friend = `friend-${anna.id.slice(0, 8)}@example.org`.toLowerCase();
  const sentAt = Date.now();
  await annaCard.getByRole('button', { name: 'Tell a friend' }).click();
  const tell = annaPage.getByRole('dialog', { name: "Tell a friend where you'll be" });
  await expect(tell.getByLabel("Your friend's email address")).toBeFocused();
  await annaPage.keyboard.type(friend);
  await annaPage.keyboard.press('Enter');
  await expect(tell).toHaveCount(0);
  await expect(annaPage.getByText("Sent: your friend knows where you'll be.")).toBeVisible();
  const mail = await amiko.waitForMail(friend, { after: sentAt, timeoutMs: 20_000 });
  expect(mail.subject).toBe(`Anna is meeting up with ${podName}`);
  expect(mail.text).toContain('Café Babalú');

  // Ben did not propose it: no Cancel meetup for him.
  await benPage.goto(`/pods/${podId}`);
  const benCard = benPage.getByTestId('meetup-card');
  await expect(benCard.getByRole('button', { name: 'Tell a friend' })).toBeVisible();
  await expect(benCard.getByRole('button', { name: 'Cancel meetup' })).toHaveCount(0);

  // Anna cancels, after a confirmation: the card goes, and on Ben's open page too, live (no reload), where
  // the chat's card now says it was cancelled.
  await expect(benPage.getByTestId('chat-meetup-card')).not.toContainText('This meetup was cancelled.');
  await annaCard.getByRole('button', { name: 'Cancel meetup' }).click();
  const confirm = annaPage.getByRole('dialog', { name: 'Cancel this meetup?' });
  await confirm.getByRole('button', { name: 'Cancel the meetup' }).click();
  await expect(annaPage.getByTestId('meetup-card')).toHaveCount(0);
  await expect(annaPage.getByTestId('pod-meetups')).toContainText('No meetup planned yet — propose one.');
  await expect(benPage.getByTestId('pod-meetups')).toContainText('No meetup planned yet — propose one.');
  await expect(benPage.getByTestId('chat-meetup-card')).toContainText('This meetup was cancelled.');
  await expect(benPage.getByTestId('meetup-card')).toHaveCount(0);
  await Promise.all([annaContext, benContext].map((context) => context.close()));
});

test('in German on a phone: ?propose=1 opens the form, and the card’s actions', async ({
  browser,
  amiko,
}) => {
  const context = await newContext(browser, 375);
  const place = { placeId: REYKJAVIK, city: null, language: 'de' as const };
  const jonas = await signedInMember(amiko, context, { name: 'Jonas Aktion', ...place });
  const mia = await insertMember(amiko.db(), { name: 'Mia Aktion', ...place });
  const podId = await reykjavikPod(amiko, `Wandern ${jonas.id.slice(0, 6)}`, [jonas.id, mia.id], 'de');
  const page = await context.newPage();
  await useLanguage(page, 'de');

  await page.goto(`/pods/${podId}?propose=1`);
  const form = page.getByRole('dialog', { name: 'Ein Treffen vorschlagen' });
  await expect(form).toBeVisible({ timeout: 60_000 });
  await form.getByLabel('Wo').selectOption({ label: 'Park' });
  await form.getByLabel('Datum und Uhrzeit').fill(`${nextYear}-06-06T11:00`);
  await form.getByLabel('Name des Ortes').fill('Hljómskálagarður');
  await form.getByLabel('Adresse').fill('Sóleyjargata, Reykjavík');
  await form.getByRole('button', { name: 'Treffen vorschlagen' }).click();
  await expect(form).toHaveCount(0);
  const card = page.getByTestId('meetup-card');
  await expect(card.getByRole('link', { name: 'Zum Kalender hinzufügen' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Jemandem Bescheid sagen' })).toBeVisible();
  await card.getByRole('button', { name: 'Treffen absagen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Dieses Treffen absagen?' });
  await confirm.getByRole('button', { name: 'Nicht absagen' }).click();
  await expect(card).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});
