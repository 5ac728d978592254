import type { Browser, BrowserContext, Page } from '@playwright/test';
import { and, eq, like } from 'drizzle-orm';
import { expect as baseExpect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';
import { podInDatabase, REYKJAVIK } from './pods-in-database.ts';

// Issue 35's acceptance, in one journey: a pod goes from its chat to a meetup to a second meetup of the
// people who liked each other, in English and German. Anna proposes a meetup at a café; Ben (in German) and
// Cleo answer Going; the reminder 2 days before reaches each in their language; after it, each says who came
// and, privately, whom they would meet again; all three chose each other, so each sees the circle, and Anna
// proposes its next meetup from there.

test.use({ actionTimeout: 15_000 });
// Three browsers and a job's poll: room for a loaded machine.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const nextYear = new Date().getUTCFullYear() + 1;

async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 1280, height: 900 },
    reducedMotion: 'reduce',
    timezoneId: 'Atlantic/Reykjavik',
  });
}

/** Fills the open "Propose a meetup" form for a café and sends it. */
async function propose(page: Page, startsAt: string, venue: string) {
  const form = page.getByRole('dialog', { name: 'Propose a meetup' });
  await expect(form).toBeVisible({ timeout: 60_000 });
  await form.getByLabel('Where').selectOption({ label: 'Café' });
  await form.getByLabel('Date and time').fill(startsAt);
  await form.getByLabel('Name of the place').fill(venue);
  await form.getByLabel('Address').fill('Skólavörðustígur 22, Reykjavík');
  await form.getByRole('button', { name: 'Propose the meetup' }).click();
  await expect(form).toHaveCount(0);
}

/** "Who came?": everyone came (checked to begin with), and the member would meet `again` again. */
async function answerAfter(page: Page, again: string[], send: string, ask: (name: string) => string) {
  const form = page.getByTestId('meetup-after-form');
  await expect(form).toBeVisible({ timeout: 60_000 });
  for (const name of again) await form.getByRole('switch', { name: ask(name) }).check();
  await form.getByRole('button', { name: send }).click();
  await expect(form).toHaveCount(0);
}

test('from a pod’s chat to a meetup, its reminder, who came, and the next meetup of those who liked each other', async ({
  browser,
  amiko,
}) => {
  const contexts = await Promise.all([newContext(browser), newContext(browser), newContext(browser)]);
  const [annaContext, benContext, cleoContext] = contexts as [BrowserContext, BrowserContext, BrowserContext];
  const place = { placeId: REYKJAVIK, city: null };
  const anna = await signedInMember(amiko, annaContext, { name: 'Anna Circle', ...place });
  const ben = await signedInMember(amiko, benContext, { name: 'Ben Circle', language: 'de', ...place });
  const cleo = await signedInMember(amiko, cleoContext, { name: 'Cleo Circle', ...place });
  const podName = `Walks ${anna.id.slice(0, 6)}`;
  const podId = await podInDatabase(amiko, {
    name: podName,
    memberIds: [anna.id, ben.id, cleo.id],
    languages: ['en', 'de'],
    sizeLimit: 4,
  });
  const [annaPage, benPage, cleoPage] = (await Promise.all(contexts.map((c) => c.newPage()))) as [
    Page,
    Page,
    Page,
  ];
  await useLanguage(benPage, 'de');

  // Anna proposes from the pod's page; the meetup is a card in the chat.
  await annaPage.goto(`/pods/${podId}?propose=1`);
  await propose(annaPage, `${nextYear}-06-05T19:30`, 'Café Babalú');
  await expect(annaPage.getByTestId('chat-meetup-card')).toContainText('You proposed a meetup');

  // Ben (in German) and Cleo answer Going, and see the café.
  await benPage.goto(`/pods/${podId}`);
  const benCard = benPage.getByTestId('meetup-card');
  await benCard.getByRole('button', { name: 'Ich komme' }).click({ timeout: 60_000 });
  await expect(benCard).toContainText('Café Babalú');
  await cleoPage.goto(`/pods/${podId}`);
  const cleoCard = cleoPage.getByTestId('meetup-card');
  await cleoCard.getByRole('button', { name: 'Going' }).click({ timeout: 60_000 });
  await expect(cleoCard.getByTestId('meetup-going')).toHaveText('3 of 4 going');

  // Two days before: the reminder, as if its time had come, in each one's language.
  const { db, t } = amiko.db();
  const [meetup] = await db.select({ id: t.meetups.id }).from(t.meetups).where(eq(t.meetups.podId, podId));
  const sentAt = Date.now();
  await db
    .update(t.jobs)
    .set({ runAt: new Date() })
    .where(and(eq(t.jobs.kind, 'meetupReminders'), like(t.jobs.key, `meetupReminders:${meetup!.id}:days2%`)));
  const toBen = await amiko.waitForMail(ben.email, { after: sentAt, subject: /Treffen/, timeoutMs: 30_000 });
  expect(toBen.subject).toBe(`In 2 Tagen: das Treffen von ${podName}`);
  const toCleo = await amiko.waitForMail(cleo.email, { after: sentAt, subject: /meetup/, timeoutMs: 30_000 });
  expect(toCleo.subject).toBe(`In 2 days: the meetup of ${podName}`);
  expect(toCleo.text).toContain('Café Babalú');

  // The meetup took place (it began five hours ago): who came, and whom each would meet again.
  await db
    .update(t.meetups)
    .set({ startsAt: new Date(Date.now() - 5 * 3_600_000) })
    .where(eq(t.meetups.id, meetup!.id));
  const english = (name: string) => `Would you like to meet ${name} again?`;
  await annaPage.reload();
  await answerAfter(annaPage, ['Ben', 'Cleo'], 'Send my answers', english);
  await expect(annaPage.getByTestId('meetup-mutual')).toHaveCount(0);
  await benPage.reload();
  await answerAfter(
    benPage,
    ['Anna', 'Cleo'],
    'Antworten senden',
    (name) => `Möchtest du ${name} wiedersehen?`,
  );
  await expect(benPage.getByTestId('meetup-mutual').first()).toContainText(
    'Du und Anna möchtet euch beide wiedersehen',
  );
  await cleoPage.reload();
  await answerAfter(cleoPage, ['Anna', 'Ben'], 'Send my answers', english);

  // All three chose each other: each sees the circle; Anna proposes its next meetup from there.
  await expect(cleoPage.getByTestId('meetup-circle')).toContainText('would all like to meet again');
  await annaPage.reload();
  const circle = annaPage.getByTestId('meetup-circle');
  // The others in the circle come in no set order.
  await expect(circle).toContainText(/(Ben, Cleo|Cleo, Ben), and you would all like to meet again\./);
  await circle.getByRole('button', { name: 'Propose the next meetup' }).click();
  await propose(annaPage, `${nextYear}-06-12T19:30`, 'Kaffitár');
  await expect(annaPage.getByTestId('meetup-card')).toContainText('Kaffitár');
  // Ben's open page has the second meetup without a reload.
  await expect(benPage.getByTestId('meetup-card')).toHaveCount(1);
  await expect(benPage.getByTestId('meetup-card').getByRole('button', { name: 'Ich komme' })).toBeVisible();
  await Promise.all(contexts.map((context) => context.close()));
});
