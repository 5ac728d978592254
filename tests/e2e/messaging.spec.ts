import { expect, test } from './fixtures.ts';
import { signedInMember } from './members.ts';
import { newId } from '@amiko/db';
import { insertMember } from '../support/members.ts';
import { expectAccessible } from './accessibility.ts';
import type { Page } from '@playwright/test';

// Messaging in the browser: two members in two browser contexts, everything live (no reloads unless
// the journey says so).

async function send(page: Page, text: string) {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
}

test.describe('messaging', () => {
  test('two members talk live: red dot, read mark, reply, delete, block', async ({ browser, amiko }) => {
    const contextA = await browser.newContext();
    const contextB = await browser.newContext();
    await signedInMember(amiko, contextA, { name: 'Ana' });
    const ben = await signedInMember(amiko, contextB, { name: 'Ben' });
    const a = await contextA.newPage();
    const b = await contextB.newPage();

    await b.goto('/messages');
    await expect(b.getByTestId('conversations-empty')).toBeVisible();
    const dot = b.getByTestId('unread-dot');
    await expect(dot).toHaveAttribute('data-unread', 'false');

    // A opens the conversation from Ben's "Message" link and writes.
    await a.goto(`/messages?with=${ben.id}`);
    await expect(a.getByText('No messages yet. Say hello to Ben!')).toBeVisible();
    await send(a, 'Hello Ben!');
    await expect(a.getByTestId('message').filter({ hasText: 'Hello Ben!' })).toBeVisible();
    await expect(a.getByTestId('read-status')).toHaveText('Sent');

    // B sees the red dot and the message, live.
    await expect(dot).toHaveAttribute('data-unread', 'true');
    const fromAna = b.getByTestId('conversation-item').filter({ hasText: 'Ana' });
    await expect(fromAna).toContainText('Hello Ben!');
    await expect(fromAna.getByTestId('unread-count')).toHaveText('1');
    // The number of conversations with unread messages goes to the host (the tab title in a browser), in
    // front of the page's own title.
    await expect(b).toHaveTitle('(1) Messages — Amiko');

    // Clicking the messages icon clears the dot, on the server: it stays cleared after a reload, while the
    // message itself is still unread.
    await b.getByTestId('messages-icon').click();
    await expect(dot).toHaveAttribute('data-unread', 'false');
    await b.reload();
    await expect(
      b.getByTestId('conversation-item').filter({ hasText: 'Ana' }).getByTestId('unread-count'),
    ).toHaveText('1');
    await expect(dot).toHaveAttribute('data-unread', 'false');

    // B opens it: A sees it read.
    await b.getByTestId('conversation-item').filter({ hasText: 'Ana' }).click();
    await expect(b.getByTestId('message').filter({ hasText: 'Hello Ben!' })).toBeVisible();
    await expect(a.getByTestId('read-status')).toHaveText('Read');
    await expect(b).toHaveTitle('Messages — Amiko');

    // B types (A sees it) and replies (A gets it live).
    await b.getByRole('textbox', { name: 'Message' }).pressSequentially('Hi A');
    await expect(a.getByTestId('typing')).toHaveText('Ben is typing…');
    await b.getByRole('textbox', { name: 'Message' }).fill('');
    await send(b, 'Hi Ana, nice to meet you.\nHow are you?');
    await expect(a.getByTestId('message').filter({ hasText: 'nice to meet you' })).toBeVisible();
    await expect(a.getByTestId('typing')).toHaveText('');
    await expectAccessible(a, { strict: true });

    // A deletes the conversation (after the irreversible warning); it disappears for B too.
    await a.getByRole('button', { name: 'Conversation options' }).click();
    await a.getByRole('menuitem', { name: 'Delete conversation' }).click();
    await expect(a.getByRole('dialog')).toContainText('This cannot be undone.');
    // expectAccessible waits for the modal's fade-in (a cancelled animation included) before auditing.
    await expectAccessible(a, { strict: true });
    await a.getByTestId('confirm-delete').click();
    await expect(a.getByTestId('conversation-item')).toHaveCount(0);
    await expect(b.getByTestId('conversation-item')).toHaveCount(0);
    await expect(b.getByTestId('conversations-empty')).toBeVisible();

    // A writes again; B blocks A from the chat (with confirmation); A cannot write any more.
    await a.goto(`/messages?with=${ben.id}`);
    await send(a, 'Are you still there?');
    await b.getByTestId('conversation-item').filter({ hasText: 'Ana' }).click();
    await b.getByRole('button', { name: 'Conversation options' }).click();
    await b.getByRole('menuitem', { name: 'Block user' }).click();
    await expect(b.getByRole('dialog')).toContainText('Block Ana?');
    await b.getByTestId('confirm-block').click();
    await expect(b.getByText('You have blocked this member')).toBeVisible();

    await send(a, 'Hello?');
    await expect(a.getByTestId('send-error')).toHaveText('You cannot send messages to this user.');

    await contextA.close();
    await contextB.close();
  });

  test('a member without paid or free access who tries to send lands on /payment-info', async ({
    page,
    context,
    amiko,
  }) => {
    const other = await insertMember(amiko.db(), { name: 'Cleo' });
    await signedInMember(amiko, context, { access: 'none' });
    await page.goto(`/messages?with=${other.id}`);
    await send(page, 'Hello Cleo');
    await expect(page).toHaveURL(/\/payment-info$/);
  });

  test('on a narrow screen the list and the conversation take turns; the keyboard does it all', async ({
    browser,
    amiko,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await signedInMember(amiko, context, { name: 'Dan' });
    const eva = await insertMember(amiko.db(), { name: 'Eva Example' });
    const page = await context.newPage();
    await page.goto(`/messages?with=${eva.id}`);

    // Shift+Enter starts a new line; Enter sends both lines as one message.
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.pressSequentially('One');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('Two');
    await composer.press('Enter');
    const body = page.getByTestId('message-body').first();
    await expect(body).toBeVisible();
    expect(await body.evaluate((element) => element.textContent)).toBe('One\nTwo');
    await expect(composer).toHaveValue('');

    // One pane at a time: back to the list, which has the conversation and a search by name.
    await page.getByRole('button', { name: 'Back to conversations' }).click();
    await expect(page.getByTestId('conversation-item')).toHaveCount(1);
    await expect(composer).toHaveCount(0);
    const search = page.getByRole('searchbox', { name: 'Search conversations by name' });
    await search.fill('nobody');
    await expect(page.getByText('No conversation matches “nobody”.')).toBeVisible();
    await search.fill('eva');
    await page.getByTestId('conversation-item').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, { strict: true });
    await context.close();
  });

  test('older messages load when scrolling up, without losing the place', async ({
    page,
    context,
    amiko,
  }) => {
    const dan = await signedInMember(amiko, context, { name: 'Dan' });
    const eva = await insertMember(amiko.db(), { name: 'Eva' });
    // A long conversation, put straight into the database.
    const { db, t } = amiko.db();
    const conversationId = newId();
    const start = Date.now() - 60 * 60_000;
    await db
      .insert(t.conversations)
      .values({ id: conversationId, pairKey: [dan.id, eva.id].sort().join(':'), createdAt: new Date(start) });
    await db.insert(t.conversationParticipants).values([
      { conversationId, memberId: dan.id },
      { conversationId, memberId: eva.id },
    ]);
    const rows = Array.from({ length: 45 }, (_, i) => ({
      conversationId,
      senderId: i % 2 ? dan.id : eva.id,
      recipientId: i % 2 ? eva.id : dan.id,
      clientId: crypto.randomUUID(),
      body: `Message number ${i + 1}`,
      createdAt: new Date(start + i * 60_000),
      readAt: new Date(),
    }));
    await db.insert(t.messages).values(rows);
    await page.goto(`/messages?with=${eva.id}`);
    const messages = page.getByTestId('message');
    await expect(messages).toHaveCount(30);
    await expect(messages.last()).toContainText('Message number 45');
    await expect(messages.first()).toContainText('Message number 16');
    await messages.first().evaluate((element) => {
      element.closest('.mantine-ScrollArea-viewport')!.scrollTop = 0;
    });
    await expect(messages).toHaveCount(45);
    await expect(messages.first()).toContainText('Message number 1');
    // The view stays where the reader was: the message that was at the top is still on screen.
    await expect(page.getByText('Message number 16', { exact: true })).toBeInViewport();
    await expect(messages.first()).not.toBeInViewport();
    await expect(page.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
  });
});
