import { newId } from '@amiko/db';
import type { Browser, BrowserContext } from '@playwright/test';
import { expectAccessible } from './accessibility.ts';
import { expect as baseExpect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';
import { insertMember } from '../support/members.ts';

// A pod gone quiet (issue 34.2): its members see on their card that a question waits, and on its page whether
// to keep it or let it close; answered once, it is not asked again. In English she keeps it; in German he
// lets it close and is told it closes unless someone keeps it. The pod is put in the server's database as
// started 40 days ago, without a message since.

test.use({ actionTimeout: 15_000 });
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
}

/** A pod of two started 40 days ago that nobody has written in: quiet for over a month. */
async function quietPod(amiko: Parameters<typeof signedInMember>[0], name: string, memberIds: string[]) {
  const { db, t } = amiko.db();
  const id = newId();
  const started = new Date(Date.now() - 40 * 86_400_000);
  await db.insert(t.pods).values({
    id,
    name,
    kind: 'interests',
    interests: ['hiking'],
    languages: ['en', 'de'],
    placeId: null,
    startedBy: memberIds[0]!,
    createdAt: started,
  });
  await db.insert(t.podMembers).values(
    memberIds.map((memberId, index) => ({
      podId: id,
      memberId,
      role: index === 0 ? ('starter' as const) : ('member' as const),
      joinedAt: started,
    })),
  );
  return id;
}

test('a member of a quiet pod keeps it, and is not asked again', async ({ browser, amiko }) => {
  const context = await newContext(browser);
  const anna = await signedInMember(amiko, context, { name: 'Anna Quiet' });
  const ben = await insertMember(amiko.db(), { name: 'Ben Quiet' });
  const name = `Hiking ${anna.id.slice(0, 6)}`;
  await quietPod(amiko, name, [anna.id, ben.id]);
  const page = await context.newPage();

  await page.goto('/pods');
  const card = page.getByTestId('my-pods').getByTestId('pod-card').filter({ hasText: name });
  await expect(card.getByTestId('pod-quiet-mark')).toHaveText('Quiet for a month: keep it?', {
    timeout: 60_000,
  });
  await expect(card.getByTestId('pod-activity')).toHaveText('Quiet this week');
  await card.getByRole('link', { name }).click();

  const question = page.getByTestId('pod-quiet');
  await expect(question).toContainText('It has been quiet here for a month. Keep this pod, or let it close?');
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByText(`You're keeping ${name}. A message might wake the others up.`)).toBeVisible();
  await expect(question).toHaveCount(0);

  // Asked once: not on the page again, nor on her card.
  await page.reload();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('pod-quiet')).toHaveCount(0);
  await page.goto('/pods');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('pod-quiet-mark')).toHaveCount(0);
  await context.close();
});

test('in German: a member lets a quiet pod close, is told it closes unless someone keeps it, and can still leave', async ({
  browser,
  amiko,
}) => {
  const context = await newContext(browser);
  const jonas = await signedInMember(amiko, context, { name: 'Jonas Still', language: 'de' });
  const mia = await insertMember(amiko.db(), { name: 'Mia Still', language: 'de' });
  const name = `Wandern ${jonas.id.slice(0, 6)}`;
  const podId = await quietPod(amiko, name, [jonas.id, mia.id]);
  const page = await context.newPage();
  await useLanguage(page, 'de');

  await page.goto(`/pods/${podId}`);
  const question = page.getByTestId('pod-quiet');
  await expect(question).toContainText(
    'Hier ist es seit einem Monat still. Möchtest du den Pod behalten oder schließen lassen?',
    { timeout: 60_000 },
  );
  await expect(page.getByTestId('pod-activity')).toHaveText('Diese Woche ruhig');
  await question.getByRole('button', { name: 'Schließen lassen' }).click();
  // Mia has not answered: the pod stays open until she does, or the grace days are over.
  await expect(question).toHaveText('Wir schließen ihn, es sei denn, jemand möchte ihn behalten.');
  await expect(page.getByRole('button', { name: 'Behalten' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('pod-quiet')).toHaveText(
    'Wir schließen ihn, es sei denn, jemand möchte ihn behalten.',
  );
  await expect(page.getByRole('button', { name: 'Pod verlassen' })).toBeVisible();
  await context.close();
});
