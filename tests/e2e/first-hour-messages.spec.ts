import { randomUUID } from 'node:crypto';
import type { Interest } from '@amiko/core';
import { insertMember } from '../support/members.ts';
import { clientFor, memberWithSession } from '../support/messaging.ts';
import { expect as baseExpect, test, useLanguage } from './fixtures.ts';
import { signedInMember, signInContext } from './members.ts';

// Writing and keeping people, as a new member meets it (issue 30.5, 30.14, 30.15, 30.18): a member who was
// blocked is told once that they cannot write, with no retry; a first conversation opened from a profile is
// listed; removing the only favourite while searching shows the empty state; icebreakers read right for
// plural interests, in English and German.

// Each journey goes through several pages in two languages: with room for a machine shared with other work.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });
test.use({ actionTimeout: 20_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

for (const language of ['en', 'de'] as const) {
  test(`writing to a member who blocked you meanwhile: said once, the box shut, no retry (issue 30.5, ${language})`, async ({
    page,
    context,
    amiko,
  }) => {
    const texts =
      language === 'en'
        ? {
            refused: 'You cannot send messages to this user.',
            notSent: 'Not sent',
            retry: 'Try again',
            box: 'Message',
          }
        : {
            refused: 'Du kannst dieser Person keine Nachrichten senden.',
            notSent: 'Nicht gesendet',
            retry: 'Erneut versuchen',
            box: 'Nachricht',
          };
    await useLanguage(page, language);
    const me = await memberWithSession(amiko.db(), { name: 'Alma Writer', language });
    await signInContext(amiko, context, me.id);
    const other = await memberWithSession(amiko.db(), { name: 'Bert Blocker' });
    const { message } = await clientFor(amiko.url, other.token).trpc.messages.send.mutate({
      to: me.id,
      clientId: randomUUID(),
      body: 'Nice to meet you!',
    });
    // Read already (on another device of hers): opening it marks nothing read, so the page asks for its list
    // once. A list read again after the block shows Bert as a deleted member shows, the composer gone, as a
    // block looks to the one blocked; a CI run's read mark made that second request land between typing
    // and Enter. What this journey checks is the send that meets the block.
    await clientFor(amiko.url, me.token).trpc.messages.markRead.mutate({
      conversationId: message.conversationId,
    });
    await page.goto(`/messages?with=${other.id}`);
    const box = page.getByRole('textbox', { name: texts.box, exact: true });
    await expect(page.getByTestId('message')).toHaveCount(1);
    await expect(box).toBeEnabled();

    // Bert blocks Alma while her conversation is open.
    await clientFor(amiko.url, other.token).trpc.blocks.block.mutate({ memberId: me.id });
    await box.fill('Shall we meet on Saturday?');
    await box.press('Enter');
    await expect(page.getByTestId('send-error')).toHaveText(texts.refused);
    await expect(page.getByText(texts.refused)).toHaveCount(1);
    await expect(page.getByTestId('pending-message')).toContainText(texts.notSent);
    await expect(page.getByRole('button', { name: texts.retry })).toHaveCount(0);
    await expect(box).toBeDisabled();
  });
}

test('a first conversation opened from a profile is listed while it is open (issue 30.14)', async ({
  page,
  context,
  amiko,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInMember(amiko, context, { name: 'Clara Caller' });
  const other = await insertMember(amiko.db(), { name: 'Dario Listed' });
  await page.goto(`/profile-view/${other.id}`);
  await page.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/messages\\?with=${other.id}$`));
  await expect(page.getByTestId('thread-empty')).toBeVisible();
  await expect(page.getByTestId('conversations-empty')).toHaveCount(0);
  const item = page.getByTestId('conversation-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Dario Listed');
  await expect(item).toHaveAttribute('aria-current', 'true');

  // Its first message makes it the real conversation: still one item.
  const box = page.getByRole('textbox', { name: 'Message', exact: true });
  await box.fill('Hello Dario!');
  await box.press('Enter');
  await expect(page.getByTestId('message')).toHaveCount(1);
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('You: Hello Dario!');
});

test('removing the only favourite while searching shows the empty state (issue 30.15)', async ({
  browser,
  amiko,
}) => {
  const database = amiko.db();
  const texts = {
    en: {
      search: 'Search favorites by name',
      dialog: 'Remove favorite?',
      remove: 'Remove',
      empty: 'You have no favorites yet.',
      noMatch: 'No favorite matches your search.',
    },
    de: {
      search: 'Favoriten nach Namen durchsuchen',
      dialog: 'Favorit entfernen?',
      remove: 'Entfernen',
      empty: 'Du hast noch keine Favoriten.',
      noMatch: 'Kein Favorit passt zu deiner Suche.',
    },
  };
  for (const language of ['en', 'de'] as const) {
    const text = texts[language];
    const context = await browser.newContext({ baseURL: amiko.url });
    const me = await signedInMember(amiko, context, { language });
    const favourite = await insertMember(database, { name: `Nina Only ${language}` });
    await database.db
      .insert(database.t.favorites)
      .values({ memberId: me.id, favoriteId: favourite.id, createdAt: new Date() });
    const page = await context.newPage();
    await useLanguage(page, language);
    await page.goto('/favorites');
    await page.getByRole('textbox', { name: text.search }).fill('nina');
    await expect(page.getByTestId('favorite')).toHaveCount(1);
    await page.getByTestId('favorite').getByRole('button', { name: text.remove }).click();
    const dialog = page.getByRole('dialog', { name: text.dialog });
    await dialog.getByRole('button', { name: text.remove }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('favorites-empty')).toContainText(text.empty);
    await expect(page.getByText(text.noMatch)).toHaveCount(0);
    await context.close();
  }
});

test('icebreakers read right for a plural interest, in English and German (issue 30.18)', async ({
  browser,
  amiko,
}) => {
  const mine: Interest[] = [
    'boardGames',
    'hiking',
    'cooking',
    'reading',
    'yoga',
    'gardening',
    'baking',
    'movies',
    'museums',
    'volunteering',
  ];
  const theirs: Interest[] = [
    'boardGames',
    'chess',
    'travel',
    'painting',
    'pets',
    'golf',
    'opera',
    'coffee',
    'history',
    'fishing',
  ];
  for (const [language, quoted, wrong] of [
    ['en', '“Board games”', /Board games is/],
    ['de', '„Brettspiele“', /Brettspiele steht/],
  ] as const) {
    const context = await browser.newContext({ baseURL: amiko.url });
    await signedInMember(amiko, context, { language, interests: mine });
    const other = await insertMember(amiko.db(), { interests: theirs });
    const page = await context.newPage();
    await useLanguage(page, language);
    await page.goto(`/messages?with=${other.id}`);
    const lines = page.getByTestId('icebreakers').getByRole('button');
    await expect(lines).toHaveCount(3);
    await expect(lines.first()).toContainText(quoted);
    await expect(lines.first()).not.toHaveText(wrong);
    await context.close();
  }
});
