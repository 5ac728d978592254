import { randomUUID } from 'node:crypto';
import { MESSAGE_MAX_LENGTH, SESSION_COOKIE } from '@amiko/core';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { RELAXED_RATE_LIMITS, startTestServer, type TestServer } from '../support/server.ts';

// The messaging procedures over HTTP (tRPC), on a real server, on SQLite and on PostgreSQL.

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

const send = (from: TestMember, to: TestMember, body: string, clientId: string = randomUUID()) =>
  from.client.trpc.messages.send.mutate({ to: to.id, clientId, body });

async function storedMessages(conversationId: string) {
  const { db, t } = ts.server.database;
  return db.select().from(t.messages).where(eq(t.messages.conversationId, conversationId));
}

/** A tombstone as account deletion leaves it: no personal data, deleted_at set. */
async function tombstone(memberId: string) {
  const { db, t } = ts.server.database;
  await db
    .update(t.members)
    .set({ deletedAt: new Date(), name: '', email: null, photoKey: null, croppedPhotoKey: null })
    .where(eq(t.members.id, memberId));
  await db.delete(t.sessions).where(eq(t.sessions.memberId, memberId));
}

describe('sending and reading', () => {
  it('stores a message and shows it to both members: list, thread, unread count, read marks', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const ben = await createMember(ts, { name: 'Ben' });
    const { message, created } = await send(ana, ben, '  Hello Ben!  ');
    expect(created).toBe(true);
    expect(message).toMatchObject({
      senderId: ana.id,
      recipientId: ben.id,
      body: 'Hello Ben!',
      readAt: null,
    });

    const bens = await ben.client.trpc.messages.conversations.query();
    expect(bens.cursor).toBe(message.id);
    expect(bens.conversations).toHaveLength(1);
    expect(bens.conversations[0]).toMatchObject({
      id: message.conversationId,
      other: { id: ana.id, name: 'Ana', avatarUrl: '/uploads/test-photo.webp', deleted: false },
      lastMessage: { id: message.id, body: 'Hello Ben!', senderId: ana.id },
      unreadCount: 1,
      blockedByMe: false,
    });
    const anas = await ana.client.trpc.messages.conversations.query();
    expect(anas.conversations[0]).toMatchObject({ other: { id: ben.id, name: 'Ben' }, unreadCount: 0 });
    expect(await ben.client.trpc.messages.unread.query()).toEqual({
      hasUnread: true,
      unreadConversations: 1,
    });
    expect(await ana.client.trpc.messages.unread.query()).toEqual({
      hasUnread: false,
      unreadConversations: 0,
    });

    const reply = (await send(ben, ana, 'Hi Ana')).message;
    expect(reply.conversationId).toBe(message.conversationId);
    const thread = await ben.client.trpc.messages.thread.query({ conversationId: message.conversationId });
    expect(thread.messages.map((m) => m.body)).toEqual(['Hello Ben!', 'Hi Ana']);
    expect(thread.hasMore).toBe(false);

    // Ben reads: Ana's message gets its read mark (readBy = [Ben]); Ben's own reply is not his to mark.
    expect(
      await ben.client.trpc.messages.markRead.mutate({ conversationId: message.conversationId }),
    ).toEqual({
      upTo: message.id,
    });
    const seenByAna = await ana.client.trpc.messages.thread.query({ conversationId: message.conversationId });
    expect(seenByAna.messages[0]!.readAt).not.toBeNull();
    expect(seenByAna.messages[1]!.readAt).toBeNull();
    expect(await ben.client.trpc.messages.unread.query()).toEqual({
      hasUnread: false,
      unreadConversations: 0,
    });
    expect(await ana.client.trpc.messages.unread.query()).toEqual({
      hasUnread: true,
      unreadConversations: 1,
    });
    // Nothing new to mark: no change, no event.
    expect(
      await ben.client.trpc.messages.markRead.mutate({ conversationId: message.conversationId }),
    ).toEqual({
      upTo: null,
    });
  });

  it('marks read only up to the message the reader has seen', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    const first = (await send(ana, ben, 'one')).message;
    const second = (await send(ana, ben, 'two')).message;
    await ben.client.trpc.messages.markRead.mutate({ conversationId: first.conversationId, upTo: first.id });
    const rows = await storedMessages(first.conversationId);
    expect(rows.find((r) => r.id === first.id)!.readAt).not.toBeNull();
    expect(rows.find((r) => r.id === second.id)!.readAt).toBeNull();
    const list = await ben.client.trpc.messages.conversations.query();
    expect(list.conversations[0]!.unreadCount).toBe(1);
  });

  it('never stores a repeated clientId twice: a repeat answers with the message stored first', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    const clientIds = Array.from({ length: 4 }, () => randomUUID());
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            slot: fc.integer({ min: 0, max: 3 }),
            body: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== ''),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        async (sends) => {
          for (const { slot, body } of sends) {
            const clientId = clientIds[slot]!;
            const { message } = await send(ana, ben, body, clientId);
            expect(message.clientId).toBe(clientId);
          }
        },
      ),
      { numRuns: 10 },
    );
    const list = await ben.client.trpc.messages.conversations.query();
    const rows = await storedMessages(list.conversations[0]!.id);
    expect(rows.map((r) => r.clientId).sort()).toEqual([...new Set(rows.map((r) => r.clientId))].sort());
    expect(rows.length).toBeLessThanOrEqual(4);
    // The same clientId from another sender is another message.
    const other = await send(ben, ana, 'mine', rows[0]!.clientId);
    expect(other.created).toBe(true);
  });

  it('answers a clientId sent again to someone else with the first message, and that pair can still talk', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    const cleo = await createMember(ts);
    const clientId = randomUUID();
    const first = await send(ana, ben, 'for ben', clientId);
    // A client that reuses its id (it should not) is answered as a repeat, and nothing reaches Cleo...
    const again = await send(ana, cleo, 'for cleo', clientId);
    expect(again).toMatchObject({ created: false, message: { id: first.message.id, recipientId: ben.id } });
    expect(await cleo.client.trpc.messages.unread.query()).toEqual({
      hasUnread: false,
      unreadConversations: 0,
    });
    // ...whose first real message from Ana then arrives in a conversation of theirs, unread.
    const real = await send(ana, cleo, 'hello cleo');
    expect(real.created).toBe(true);
    const list = await cleo.client.trpc.messages.conversations.query();
    expect(list.conversations.map((c) => [c.id, c.unreadCount])).toEqual([[real.message.conversationId, 1]]);
    expect(await cleo.client.trpc.messages.unread.query()).toEqual({
      hasUnread: true,
      unreadConversations: 1,
    });
  });

  it('keeps any text exactly as sent (trimmed), up to the maximum length', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== ''),
        async (body) => {
          const { message } = await send(ana, ben, body);
          const page = await ben.client.trpc.messages.thread.query({
            conversationId: message.conversationId,
            limit: 1,
          });
          expect(page.messages[0]!.body).toBe(body.trim());
        },
      ),
      { numRuns: 25 },
    );
    const longest = 'ä'.repeat(MESSAGE_MAX_LENGTH);
    expect((await send(ana, ben, longest)).message.body).toBe(longest);
  });

  it('refuses an empty or too long message with a translated error on the field', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    const empty = await failure(send(ana, ben, '   '));
    expect(empty.message).toBe('messages:errors.empty');
    expect(empty.data?.fieldErrors).toEqual({ body: 'messages:errors.empty' });
    const long = await failure(send(ana, ben, 'x'.repeat(MESSAGE_MAX_LENGTH + 1)));
    expect(long.message).toBe('messages:errors.tooLong');
    expect(long.data?.appCode).toBe('VALIDATION');
    expect(
      (await failure(ana.client.trpc.messages.send.mutate({ to: ben.id, clientId: 'not-a-uuid', body: 'x' })))
        .data?.appCode,
    ).toBe('VALIDATION');
    expect((await failure(send(ana, ana, 'me'))).message).toBe('messages:errors.cannotMessageSelf');
    expect(
      (
        await failure(
          ana.client.trpc.messages.send.mutate({ to: 'nobody', clientId: randomUUID(), body: 'x' }),
        )
      ).message,
    ).toBe('messages:errors.memberNotFound');
  });

  it('pages a long thread backwards, oldest first in each page, without gaps or repeats', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    const sent: number[] = [];
    for (let i = 0; i < 45; i += 1)
      sent.push((await send(i % 2 ? ben : ana, i % 2 ? ana : ben, `#${i}`)).message.id);
    const conversationId = (await ana.client.trpc.messages.conversations.query()).conversations[0]!.id;
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await ana.client.trpc.messages.thread.query({ conversationId, before, limit: 20 });
      seen.unshift(...page.messages.map((m) => m.id));
      if (!page.hasMore) break;
      before = page.messages[0]!.id;
    }
    expect(seen).toEqual(sent);
  });

  it('syncs every message of the member after an id, in order, a page at a time', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    const cem = await createMember(ts);
    const first = (await send(ana, ben, 'before')).message;
    const later = [
      (await send(ben, ana, 'b1')).message,
      (await send(cem, ana, 'c1')).message,
      (await send(ana, cem, 'a1')).message,
    ];
    await send(ben, cem, 'not for Ana');
    const synced = await ana.client.trpc.messages.sync.query({ after: first.id });
    expect(synced.messages.map((m) => m.id)).toEqual(later.map((m) => m.id));
    expect(synced.more).toBe(false);

    // More than a page: straight into the database (arranging state), then read back in pages.
    const { db, t } = ts.server.database;
    const now = new Date();
    await db.insert(t.messages).values(
      Array.from({ length: 520 }, (_, i) => ({
        conversationId: later[0]!.conversationId,
        senderId: ben.id,
        recipientId: ana.id,
        clientId: randomUUID(),
        body: `bulk ${i}`,
        createdAt: now,
      })),
    );
    const pages: number[] = [];
    let after = later.at(-1)!.id;
    for (;;) {
      const page = await ana.client.trpc.messages.sync.query({ after });
      pages.push(...page.messages.map((m) => m.id));
      if (!page.more) break;
      after = page.messages.at(-1)!.id;
    }
    expect(pages).toHaveLength(520);
    expect([...pages].sort((a, b) => a - b)).toEqual(pages);
  });
});

describe('the unread indicator (SPEC §4)', () => {
  it('follows the rule: an unread message to the member, newer than what they cleared', async () => {
    // Model-based: random sends, reads and clears by two members; after every step the server's answer
    // equals the rule computed from the model.
    type Command = { kind: 'send' | 'read' | 'clear'; by: 0 | 1 };
    const command = fc.record({
      kind: fc.constantFrom<'send' | 'read' | 'clear'>('send', 'send', 'read', 'clear'),
      by: fc.constantFrom<0 | 1>(0, 1),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), async (commands: Command[]) => {
        const pair = [await createMember(ts), await createMember(ts)] as const;
        const model: { id: number; to: 0 | 1; read: boolean }[] = [];
        const cleared = [0, 0];
        let conversationId: string | null = null;
        for (const { kind, by } of commands) {
          const me = pair[by];
          const other = (1 - by) as 0 | 1;
          if (kind === 'send') {
            const { message } = await send(me, pair[other], 'hi');
            conversationId = message.conversationId;
            model.push({ id: message.id, to: other, read: false });
          } else if (kind === 'read' && conversationId) {
            await me.client.trpc.messages.markRead.mutate({ conversationId });
            for (const m of model) if (m.to === by) m.read = true;
          } else if (kind === 'clear') {
            await me.client.trpc.messages.clearUnread.mutate();
            const newest = Math.max(0, ...model.filter((m) => m.to === by && !m.read).map((m) => m.id));
            cleared[by] = Math.max(cleared[by]!, newest);
          }
          for (const who of [0, 1] as const) {
            const unread = model.filter((m) => m.to === who && !m.read);
            expect(await pair[who].client.trpc.messages.unread.query()).toEqual({
              hasUnread: unread.some((m) => m.id > cleared[who]!),
              unreadConversations: unread.length > 0 ? 1 : 0,
            });
          }
        }
      }),
      { numRuns: 12 },
    );
  });

  it('clearing holds on every device of the member, and a newer message shows the dot again', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    const phone = ts.client();
    phone.http.cookies.set(...(await sessionOf(ben)));
    await send(ana, ben, 'one');
    expect((await phone.trpc.messages.unread.query()).hasUnread).toBe(true);
    await ben.client.trpc.messages.clearUnread.mutate();
    expect(await phone.trpc.messages.unread.query()).toEqual({ hasUnread: false, unreadConversations: 1 });
    await send(ana, ben, 'two');
    expect((await phone.trpc.messages.unread.query()).hasUnread).toBe(true);
  });
});

async function sessionOf(member: TestMember): Promise<[string, string]> {
  const { token } = await ts.server.deps.sessions.create(member.id);
  return [SESSION_COOKIE, token];
}

describe('access (SPEC §6): sending needs paid or early access; reading does not', () => {
  it('refuses to send without access, with PAYMENT_REQUIRED, but lets the member read and mark', async () => {
    const ana = await createMember(ts);
    const guest = await createMember(ts, { access: 'none' });
    const error = await failure(send(guest, ana, 'hello'));
    expect(error.data?.appCode).toBe('PAYMENT_REQUIRED');
    expect(error.data?.httpStatus).toBe(402);
    const { message } = await send(ana, guest, 'welcome');
    expect((await guest.client.trpc.messages.conversations.query()).conversations).toHaveLength(1);
    expect(
      (await guest.client.trpc.messages.thread.query({ conversationId: message.conversationId })).messages,
    ).toHaveLength(1);
    expect(
      (await guest.client.trpc.messages.markRead.mutate({ conversationId: message.conversationId })).upTo,
    ).toBe(message.id);
    expect((await guest.client.trpc.messages.unread.query()).hasUnread).toBe(false);
    const paid = await createMember(ts, { access: 'paid' });
    expect((await send(paid, guest, 'paid members may')).created).toBe(true);
  });

  it('needs a signed-in, verified member for everything', async () => {
    const visitor = ts.client();
    expect((await failure(visitor.trpc.messages.conversations.query())).data?.appCode).toBe(
      'UNAUTHENTICATED',
    );
    const unverified = await createMember(ts, { verified: false });
    // One call at a time: a call made before the previous one is awaited could reject unobserved.
    for (const call of [
      () => unverified.client.trpc.messages.conversations.query(),
      () => unverified.client.trpc.messages.unread.query(),
      () => unverified.client.trpc.messages.send.mutate({ to: 'someone', clientId: randomUUID(), body: 'x' }),
    ]) {
      expect((await failure(call())).data?.appCode).toBe('EMAIL_NOT_VERIFIED');
    }
  });
});

describe('blocking and deleted members', () => {
  it("refuses messages in both directions of a block with the spec's text, until unblocked", async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    await send(ana, ben, 'before');
    await ben.client.trpc.blocks.block.mutate({ memberId: ana.id });
    for (const [from, to] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const error = await failure(send(from, to, 'after'));
      expect(error.message).toBe('messages:errors.blocked');
      expect(error.data?.appCode).toBe('BLOCKED');
    }
    expect((await ben.client.trpc.messages.conversations.query()).conversations[0]!.blockedByMe).toBe(true);
    expect((await ana.client.trpc.messages.conversations.query()).conversations[0]!.blockedByMe).toBe(false);
    const opened = await ben.client.trpc.messages.open.query({ with: ana.id });
    expect(opened.blockedByMe).toBe(true);
    await ben.client.trpc.blocks.unblock.mutate({ memberId: ana.id });
    expect((await send(ana, ben, 'again')).created).toBe(true);
  });

  it('refuses messages to a deleted member and shows them as a deleted member', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const ben = await createMember(ts, { name: 'Ben' });
    await send(ana, ben, 'hi');
    await tombstone(ben.id);
    expect((await failure(send(ana, ben, 'still there?'))).message).toBe('messages:errors.memberDeleted');
    const list = await ana.client.trpc.messages.conversations.query();
    expect(list.conversations[0]!.other).toEqual({ id: ben.id, name: '', avatarUrl: null, deleted: true });
    expect((await ana.client.trpc.messages.open.query({ with: ben.id })).other.deleted).toBe(true);
  });
});

describe('opening and deleting conversations', () => {
  it('opens /messages?with=<member>: the member, and the conversation once it has started', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts, { name: 'Ben' });
    const before = await ana.client.trpc.messages.open.query({ with: ben.id });
    expect(before).toEqual({
      conversationId: null,
      other: { id: ben.id, name: 'Ben', avatarUrl: '/uploads/test-photo.webp', deleted: false },
      blockedByMe: false,
    });
    const { message } = await send(ana, ben, 'hi');
    expect((await ana.client.trpc.messages.open.query({ with: ben.id })).conversationId).toBe(
      message.conversationId,
    );
    expect((await ben.client.trpc.messages.open.query({ with: ana.id })).conversationId).toBe(
      message.conversationId,
    );
    expect((await failure(ana.client.trpc.messages.open.query({ with: ana.id }))).message).toBe(
      'messages:errors.cannotMessageSelf',
    );
    expect((await failure(ana.client.trpc.messages.open.query({ with: 'nobody' }))).message).toBe(
      'messages:errors.memberNotFound',
    );
  });

  it('deletes a conversation and all its messages for both participants', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    const { message } = await send(ana, ben, 'one');
    await send(ben, ana, 'two');
    await ben.client.trpc.messages.delete.mutate({ conversationId: message.conversationId });
    expect(await storedMessages(message.conversationId)).toEqual([]);
    expect((await ana.client.trpc.messages.conversations.query()).conversations).toEqual([]);
    expect((await ben.client.trpc.messages.conversations.query()).conversations).toEqual([]);
    expect(await ana.client.trpc.messages.unread.query()).toEqual({
      hasUnread: false,
      unreadConversations: 0,
    });
    expect(
      (await failure(ana.client.trpc.messages.thread.query({ conversationId: message.conversationId })))
        .message,
    ).toBe('messages:errors.conversationNotFound');
    // Writing again starts a new conversation.
    const again = await send(ana, ben, 'new start');
    expect(again.message.conversationId).not.toBe(message.conversationId);
  });
});

describe('authorisation: nobody reads, marks or deletes a conversation they are not part of', () => {
  it('answers NOT_FOUND to an outsider and leaves the conversation untouched', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    const eve = await createMember(ts);
    const { message } = await send(ana, ben, 'private');
    const conversationId = message.conversationId;
    for (const call of [
      () => eve.client.trpc.messages.thread.query({ conversationId }),
      () => eve.client.trpc.messages.markRead.mutate({ conversationId }),
      () => eve.client.trpc.messages.delete.mutate({ conversationId }),
    ]) {
      const error = await failure(call());
      expect(error.data?.appCode).toBe('NOT_FOUND');
      expect(error.message).toBe('messages:errors.conversationNotFound');
    }
    expect(
      (await eve.client.trpc.messages.sync.query({ after: 0 })).messages.filter(
        (m) => m.conversationId === conversationId,
      ),
    ).toEqual([]);
    expect((await eve.client.trpc.messages.conversations.query()).conversations).toEqual([]);
    const rows = await storedMessages(conversationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.readAt).toBeNull();
    expect((await ben.client.trpc.messages.unread.query()).hasUnread).toBe(true);
  });
});

describe('the send limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      env: {
        RATE_LIMITS: JSON.stringify({
          ...RELAXED_RATE_LIMITS,
          'message:account': { max: 3, windowMs: 60_000 },
        }),
      },
    });
  });
  afterAll(() => limited.stop());

  it('refuses the member who sends too fast with a clear error, but still answers repeats', async () => {
    const ana = await createMember(limited);
    const ben = await createMember(limited);
    const clientIds = [randomUUID(), randomUUID(), randomUUID()];
    for (const clientId of clientIds)
      await ana.client.trpc.messages.send.mutate({ to: ben.id, clientId, body: 'x' });
    const error = await failure(
      ana.client.trpc.messages.send.mutate({ to: ben.id, clientId: randomUUID(), body: 'x' }),
    );
    expect(error.data?.appCode).toBe('RATE_LIMITED');
    expect(error.message).toBe('messages:errors.tooFast');
    const repeat = await ana.client.trpc.messages.send.mutate({
      to: ben.id,
      clientId: clientIds[0]!,
      body: 'x',
    });
    expect(repeat.created).toBe(false);
    // The limit is per member: Ben may still write.
    expect(
      (await ben.client.trpc.messages.send.mutate({ to: ana.id, clientId: randomUUID(), body: 'y' })).created,
    ).toBe(true);
  });
});
