import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { insertMember, TEST_PASSWORD } from '../support/members.ts';
import { clientFor, memberWithSession } from '../support/messaging.ts';
import type { AmikoProcess } from '../support/amiko-process.ts';
import { expectReadable } from './accessibility.ts';
import { expect, test, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';

// Every text can be read (issue 30.2): the directory's "New in town" and "Welcomes newcomers" badges were
// solid bars, their text in the colour of their background, which axe files as "incomplete", not as a
// violation. axe's colour-contrast rule, with 1:1 text counted as a failure, over the directory, profiles,
// pricing, messages, favourites and settings, with members who carry every badge and state, at 1280 and
// 375 px, in English and German.

test.describe.configure({ mode: 'parallel' });

const HOUR = 3_600_000;

/** A viewer and members in every state a card, a profile, a conversation or a setting can show. */
async function arrange(amiko: AmikoProcess, context: BrowserContext, language: 'en' | 'de') {
  const database = amiko.db();
  const city = 'Kassel';
  const now = Date.now();
  const viewer = await signedInMember(amiko, context, {
    name: 'Vera Viewer',
    language,
    city,
    birthday: '1990-04-12',
    lastActiveAt: new Date(now),
  });
  const newcomer = await insertMember(database, {
    name: 'Nina Newcomer',
    city,
    newInTown: 'newHere',
    newInTownMonth: '2026-03',
    birthday: '1994-06-01',
    lastActiveAt: new Date(now),
  });
  const welcomer = await insertMember(database, {
    name: 'Walt Welcomer',
    city,
    welcomesNewcomers: true,
    lastActiveAt: new Date(now - 3 * HOUR),
  });
  const arriving = await insertMember(database, {
    name: 'Mia Moving',
    city,
    newInTown: 'movingHere',
    newInTownMonth: '2027-01',
    lastActiveAt: new Date(now - 72 * HOUR),
  });
  const blocked = await insertMember(database, { name: 'Bodo Blocked' });
  const { db, t } = database;
  await db.insert(t.favorites).values([
    { memberId: viewer.id, favoriteId: newcomer.id, createdAt: new Date() },
    { memberId: viewer.id, favoriteId: welcomer.id, createdAt: new Date() },
    { memberId: viewer.id, favoriteId: arriving.id, createdAt: new Date() },
  ]);
  await db.insert(t.blocks).values({ blockerId: viewer.id, blockedId: blocked.id, createdAt: new Date() });

  // Unread messages from one member, a conversation with another who then deleted their account.
  const writer = await memberWithSession(database, { name: 'Bruno Writer' });
  const writes = clientFor(amiko.url, writer.token).trpc;
  for (const body of ['Hello Vera!', 'Coffee on Saturday?']) {
    await writes.messages.send.mutate({ to: viewer.id, clientId: randomUUID(), body });
  }
  const leaver = await memberWithSession(database, { name: 'Dora Leaving' });
  const leaves = clientFor(amiko.url, leaver.token).trpc;
  await leaves.messages.send.mutate({ to: viewer.id, clientId: randomUUID(), body: 'Bye for now.' });
  await leaves.account.delete.mutate({ password: TEST_PASSWORD });
  return { viewer, newcomer, welcomer, writer };
}

async function sweep(page: Page, context: BrowserContext, amiko: AmikoProcess, language: 'en' | 'de') {
  await useLanguage(page, language);
  const { viewer, newcomer, welcomer, writer } = await arrange(amiko, context, language);
  const badges =
    language === 'en'
      ? { newcomer: 'New in town', welcomer: 'Welcomes newcomers' }
      : { newcomer: 'Neu in der Stadt', welcomer: 'Heißt Neue willkommen' };

  // The directory first: the cards with both badges must be there, or the audit would prove nothing.
  await page.goto('/community');
  const directory = page.getByTestId('directory');
  // The first directory query of a fresh server builds its index (seconds on a loaded machine).
  await expect(directory).toBeVisible({ timeout: 30_000 });
  await expect(directory.getByText(badges.newcomer, { exact: true }).first()).toBeVisible();
  await expect(directory.getByText(badges.welcomer, { exact: true }).first()).toBeVisible();
  await expectReadable(page, `/community (${language})`);

  const pages: [string, () => Promise<unknown>][] = [
    [`/profile-view/${newcomer.id}`, () => expect(page.getByTestId('new-in-town')).toBeVisible()],
    [`/profile-view/${welcomer.id}`, () => expect(page.getByTestId('new-in-town')).toBeVisible()],
    ['/profile', () => expect(page.getByTestId('completion')).toBeVisible()],
    ['/pricing', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
    ['/messages', () => expect(page.getByTestId('unread-count').first()).toBeVisible()],
    [`/messages?with=${writer.id}`, () => expect(page.getByTestId('message').first()).toBeVisible()],
    ['/favorites', () => expect(page.getByTestId('favorite').first()).toBeVisible()],
    ['/settings/user-info', () => expect(page.getByRole('heading', { level: 2 })).toBeVisible()],
    ['/settings/change-password', () => expect(page.getByRole('heading', { level: 2 })).toBeVisible()],
    ['/settings/blocked-users', () => expect(page.getByText('Bodo Blocked')).toBeVisible()],
    ['/settings/notifications', () => expect(page.getByRole('heading', { level: 2 })).toBeVisible()],
    ['/settings/privacy', () => expect(page.getByRole('heading', { level: 2 })).toBeVisible()],
    ['/settings/account', () => expect(page.getByTestId('current-email')).toContainText(viewer.email)],
  ];
  for (const [path, ready] of pages) {
    await page.goto(path);
    await ready();
    await expectReadable(page, `${path} (${language})`);
  }
}

for (const language of ['en', 'de'] as const) {
  for (const width of [1280, 375]) {
    test(`every text can be read: ${language}, ${width} px wide`, async ({ browser, amiko }) => {
      // Thirteen pages, each settled and audited: more than one journey's minute on a loaded machine.
      test.setTimeout(180_000);
      const context = await browser.newContext({
        baseURL: amiko.url,
        viewport: { width, height: 900 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await sweep(page, context, amiko, language);
      await context.close();
    });
  }
}
