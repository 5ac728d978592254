import type { Browser } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { signedInMember } from './members.ts';
import { podInDatabase, REYKJAVIK } from './pods-in-database.ts';

// A proposed meetup in the pod's chat (issue 35.1): Anna and Ben have their pod in Reykjavík open; Anna
// proposes a meetup and Ben sees its card arrive in the chat, live, in his own time zone (Berlin), with the
// kind of place and who is going; Going on the card makes him one of them, in the Meetups section too.

test.use({ actionTimeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const nextYear = new Date().getUTCFullYear() + 1;

const newContext = (browser: Browser, timezoneId: string) =>
  browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', timezoneId });

test('a meetup proposed appears live in the pod’s chat as a card, and Going works from it', async ({
  browser,
  amiko,
}) => {
  const annaContext = await newContext(browser, 'Atlantic/Reykjavik');
  const benContext = await newContext(browser, 'Europe/Berlin');
  const place = { placeId: REYKJAVIK, city: null };
  const anna = await signedInMember(amiko, annaContext, { name: 'Anna Card', ...place });
  const ben = await signedInMember(amiko, benContext, { name: 'Ben Card', ...place });
  const podId = await podInDatabase(amiko, {
    name: `Chess ${anna.id.slice(0, 6)}`,
    memberIds: [anna.id, ben.id],
    sizeLimit: 3,
  });
  const annaPage = await annaContext.newPage();
  const benPage = await benContext.newPage();
  await benPage.goto(`/pods/${podId}`);
  // A worker's first server may still be reading the gazetteer.
  await expect(benPage.getByTestId('pod-chat-empty')).toBeVisible({ timeout: 60_000 });

  await annaPage.goto(`/pods/${podId}`);
  const annaMeetups = annaPage.getByTestId('pod-meetups');
  await annaMeetups.getByRole('button', { name: 'Propose a meetup' }).click();
  const form = annaPage.getByRole('dialog', { name: 'Propose a meetup' });
  await form.getByLabel('Where').selectOption({ label: 'Café' });
  await form.getByLabel('Date and time').fill(`${nextYear}-06-05T19:30`);
  await form.getByLabel('Name of the place').fill('Café Babalú');
  await form.getByLabel('Address').fill('Skólavörðustígur 22, Reykjavík');
  await form.getByRole('button', { name: 'Propose the meetup' }).click();
  await expect(form).toHaveCount(0);
  const annaCard = annaPage.getByTestId('pod-messages').getByTestId('chat-meetup-card');
  await expect(annaCard).toContainText('You proposed a meetup');
  await expect(annaCard.getByTestId('chat-meetup-going')).toHaveText('1 of 3 going');

  // Ben, without reloading: the card, in Berlin's time (19:30 in Reykjavík is 21:30 there).
  const benCard = benPage.getByTestId('pod-messages').getByTestId('chat-meetup-card');
  await expect(benCard).toContainText('Anna proposed a meetup');
  await expect(benCard.getByTestId('chat-meetup-when')).toHaveText(/9:30\sPM/);
  await expect(benCard).toContainText('Café');
  await expect(benCard).not.toContainText('Café Babalú');
  await expect(benCard.getByTestId('chat-meetup-going')).toHaveText('1 of 3 going');
  // The Meetups section has it too, fetched again when the card came.
  const benMeetup = benPage.getByTestId('pod-meetups').getByTestId('meetup-card');
  await expect(benMeetup.getByTestId('meetup-going')).toHaveText('1 of 3 going');
  await expectAccessible(benPage);
  await benCard.getByRole('button', { name: 'Going' }).click();
  await expect(benCard.getByTestId('chat-meetup-going')).toHaveText('2 of 3 going');
  await expect(benCard).toContainText("You're going");
  await expect(benMeetup.getByTestId('meetup-status')).toHaveText("You're going");
  await expect(benMeetup.getByTestId('meetup-where')).toContainText('Café Babalú');

  // After a reload, the card is in the chat's history.
  await benPage.reload();
  await expect(benCard.getByTestId('chat-meetup-going')).toHaveText('2 of 3 going');
});
