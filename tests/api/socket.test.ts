import { randomUUID } from 'node:crypto';
import type { MessageView, SyncResult } from '@amiko/api';
import { MESSAGE_MAX_LENGTH, SESSION_COOKIE } from '@amiko/core';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  collectMessages,
  connectSocket,
  connectSocketWithState,
  disconnection,
  eventually,
  nextEvent,
  openSocket,
  request,
  sendOver,
  sessionCookie,
  type MessagingSocket,
} from '../support/messaging.ts';
import { createMember, type TestMember, type TestMemberOptions } from '../support/members.ts';
import { RELAXED_RATE_LIMITS, startTestServer, type TestServer } from '../support/server.ts';

// The live connection: handshake, delivery, repeats, replay, typing, read receipts, limits, and the end of
// a session. Real server, real socket.io clients, on SQLite and PostgreSQL.

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({
    env: {
      RATE_LIMITS: JSON.stringify({
        ...RELAXED_RATE_LIMITS,
        'message:account': { max: 20, windowMs: 60_000 },
      }),
    },
  });
});
afterAll(() => ts.stop());

const open: MessagingSocket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

function tokenOf(member: TestMember): string {
  return member.client.http.cookies.get(SESSION_COOKIE)!;
}

/** A device of the member: a socket on a session of its own (or the member's first session). */
async function device(member: TestMember, options: { newSession?: boolean } = {}): Promise<MessagingSocket> {
  const token = options.newSession
    ? (await ts.server.deps.sessions.create(member.id)).token
    : tokenOf(member);
  const socket = await connectSocketWithState(ts.url, { cookie: sessionCookie(token) });
  open.push(socket);
  return socket;
}

async function member(options: TestMemberOptions = {}) {
  return createMember(ts, options);
}

describe('handshake', () => {
  it('refuses a socket without a valid session cookie', async () => {
    await expect(connectSocket(ts.url)).rejects.toThrow('common:errors.notSignedIn');
    await expect(connectSocket(ts.url, { cookie: sessionCookie('forged.secret') })).rejects.toThrow(
      'common:errors.notSignedIn',
    );
  });

  it('refuses an unverified member', async () => {
    const unverified = await member({ verified: false });
    await expect(connectSocket(ts.url, { cookie: sessionCookie(tokenOf(unverified)) })).rejects.toThrow(
      'common:errors.emailNotVerified',
    );
  });

  it('refuses another site, or no Origin, even with a valid cookie', async () => {
    const ana = await member();
    const cookie = sessionCookie(tokenOf(ana));
    await expect(connectSocket(ts.url, { cookie, origin: 'https://evil.example' })).rejects.toThrow();
    await expect(connectSocket(ts.url, { cookie, origin: null })).rejects.toThrow();
    const ok = await connectSocket(ts.url, { cookie });
    open.push(ok);
    expect(ok.connected).toBe(true);
  });
});

describe('delivery', () => {
  it('persists, acks with the stored id, and delivers to every device of both members but the sending one', async () => {
    const ana = await member();
    const ben = await member();
    const [anaLaptop, anaPhone, benLaptop, benPhone] = await Promise.all([
      device(ana),
      device(ana, { newSession: true }),
      device(ben),
      device(ben, { newSession: true }),
    ]);
    const onLaptop = collectMessages(anaLaptop);
    const arrivals = [
      nextEvent(anaPhone, 'message:new'),
      nextEvent(benLaptop, 'message:new'),
      nextEvent(benPhone, 'message:new'),
    ];
    const ack = await sendOver(anaLaptop, ben.id, 'Hello live');
    expect(ack.ok).toBe(true);
    const stored = (ack as { data: MessageView }).data;
    expect(stored).toMatchObject({ senderId: ana.id, recipientId: ben.id, body: 'Hello live' });
    // Ben's devices also get his unread state with it (his first unread conversation); Ana's, the message alone.
    const [onAnasPhone, ...onBens] = await Promise.all(arrivals);
    expect(onAnasPhone).toEqual(stored);
    for (const arrived of onBens)
      expect(arrived).toEqual({ ...stored, unread: { hasUnread: true, unreadConversations: 1 } });
    const { db, t } = ts.server.database;
    const [row] = await db.select().from(t.messages).where(eq(t.messages.id, stored.id));
    expect(row?.body).toBe('Hello live');
    // The sending socket has its answer in the ack and gets no echo.
    await sendOver(benLaptop, ana.id, 'barrier');
    await eventually(() => onLaptop.length > 0, 'the barrier message');
    expect(onLaptop.map((m) => m.body)).toEqual(['barrier']);
  });

  it('answers a repeated clientId with the stored message and stores it once', async () => {
    const ana = await member();
    const ben = await member();
    const socket = await device(ana);
    const clientId = randomUUID();
    const acks = await Promise.all([
      sendOver(socket, ben.id, 'once', clientId),
      sendOver(socket, ben.id, 'once', clientId),
      sendOver(socket, ben.id, 'once', clientId),
    ]);
    const ids = acks.map((a) => (a.ok ? a.data.id : null));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toBeTypeOf('number');
    const { db, t } = ts.server.database;
    expect(await db.select().from(t.messages).where(eq(t.messages.clientId, clientId))).toHaveLength(1);
  });

  it('delivers messages sent over HTTP live too', async () => {
    const ana = await member();
    const ben = await member();
    const benSocket = await device(ben);
    const arrived = nextEvent(benSocket, 'message:new');
    const { message } = await ana.client.trpc.messages.send.mutate({
      to: ben.id,
      clientId: randomUUID(),
      body: 'via http',
    });
    expect(await arrived).toEqual({ ...message, unread: { hasUnread: true, unreadConversations: 1 } });
  });

  it('gives a reconnecting client every message after the last id it saw', async () => {
    const ana = await member();
    const ben = await member();
    const anaSocket = await device(ana);
    let benSocket = await device(ben);
    const first = await sendOver(anaSocket, ben.id, 'seen');
    const lastSeen = first.ok ? first.data.id : 0;
    benSocket.close();
    const missed = [];
    for (const body of ['missed 1', 'missed 2']) missed.push(await sendOver(anaSocket, ben.id, body));
    benSocket = await device(ben);
    const sync = await request<SyncResult>(benSocket, 'message:sync', { after: lastSeen });
    expect(sync.ok && sync.data.messages.map((m) => m.body)).toEqual(['missed 1', 'missed 2']);
    expect(sync.ok && sync.data.more).toBe(false);
  });
});

describe('access, blocks and limits over the socket', () => {
  it('refuses to send without access (PAYMENT_REQUIRED), and lets the member send once access arrives', async () => {
    const ana = await member();
    const guest = await member({ access: 'none' });
    const socket = await device(guest);
    const refused = await sendOver(socket, ana.id, 'hello');
    expect(refused).toEqual({
      ok: false,
      error: { appCode: 'PAYMENT_REQUIRED', message: 'payment:errors.paymentRequired' },
    });
    // Reading stays open: a sync answers.
    expect((await request(socket, 'message:sync', { after: 0 })).ok).toBe(true);
    // The payment arrives while connected (the webhook sets has_paid).
    const { db, t } = ts.server.database;
    await db.update(t.members).set({ hasPaid: true }).where(eq(t.members.id, guest.id));
    expect((await sendOver(socket, ana.id, 'hello again')).ok).toBe(true);
  });

  it("refuses a blocked member with the spec's text, in both directions", async () => {
    const ana = await member();
    const ben = await member();
    await ana.client.trpc.blocks.block.mutate({ memberId: ben.id });
    for (const [from, to] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      expect(await sendOver(await device(from), to.id, 'hi')).toEqual({
        ok: false,
        error: { appCode: 'BLOCKED', message: 'messages:errors.blocked' },
      });
    }
  });

  it('checks the message like the procedure does: empty, too long, malformed', async () => {
    const ana = await member();
    const ben = await member();
    const socket = await device(ana);
    expect(await sendOver(socket, ben.id, ' ')).toMatchObject({
      ok: false,
      error: { message: 'messages:errors.empty' },
    });
    expect(await sendOver(socket, ben.id, 'x'.repeat(MESSAGE_MAX_LENGTH + 1))).toMatchObject({
      ok: false,
      error: { appCode: 'VALIDATION', message: 'messages:errors.tooLong' },
    });
    expect(await request(socket, 'message:send', 'nonsense')).toMatchObject({
      ok: false,
      error: { appCode: 'VALIDATION' },
    });
    expect(await request(socket, 'message:send', { to: ben.id, clientId: 'x', body: 'x' })).toMatchObject({
      ok: false,
      error: { appCode: 'VALIDATION' },
    });
    // The longest message in three-byte characters fits the frame limit.
    expect((await sendOver(socket, ben.id, '€'.repeat(MESSAGE_MAX_LENGTH))).ok).toBe(true);
  });

  it('closes a socket that sends a frame larger than the cap', async () => {
    const ana = await member();
    const ben = await member();
    const socket = await device(ana);
    const closed = disconnection(socket);
    socket.emit(
      'message:send',
      { to: ben.id, clientId: randomUUID(), body: 'x'.repeat(100_000) },
      () => undefined,
    );
    expect(await closed).toBe('transport close');
  });

  it('limits how fast one member sends, with a clear error', async () => {
    const ana = await member();
    const ben = await member();
    const socket = await device(ana);
    const results = [];
    for (let i = 0; i < 21; i += 1) results.push(await sendOver(socket, ben.id, `#${i}`));
    expect(results.slice(0, 20).every((r) => r.ok)).toBe(true);
    expect(results[20]).toEqual({
      ok: false,
      error: { appCode: 'RATE_LIMITED', message: 'messages:errors.tooFast' },
    });
  });
});

describe('typing, read receipts and the conversation list, live', () => {
  it('relays typing to the other participant only', async () => {
    const ana = await member();
    const ben = await member();
    const eve = await member();
    const { message } = await ana.client.trpc.messages.send.mutate({
      to: ben.id,
      clientId: randomUUID(),
      body: 'hi',
    });
    const [anaSocket, benSocket, eveSocket] = await Promise.all([device(ana), device(ben), device(eve)]);
    const typing: { conversationId: string; memberId: string }[] = [];
    benSocket.on('typing', (event) => typing.push(event));
    // Eve is no participant: nothing reaches Ben. (Her ack comes after any emit she could have caused.)
    await request(eveSocket, 'typing', { conversationId: message.conversationId });
    await request(anaSocket, 'typing', { conversationId: message.conversationId });
    await eventually(() => typing.length > 0, 'typing from Ana');
    expect(typing).toEqual([{ conversationId: message.conversationId, memberId: ana.id }]);
  });

  it('tells the sender when the recipient reads (readBy), and refuses outsiders', async () => {
    const ana = await member();
    const ben = await member();
    const eve = await member();
    const [anaSocket, benSocket, eveSocket] = await Promise.all([device(ana), device(ben), device(eve)]);
    const sent = await sendOver(anaSocket, ben.id, 'read me');
    if (!sent.ok) throw new Error('send failed');
    const conversationId = sent.data.conversationId;
    expect(await request(eveSocket, 'conversation:read', { conversationId })).toEqual({
      ok: false,
      error: { appCode: 'NOT_FOUND', message: 'messages:errors.conversationNotFound' },
    });
    const receipt = nextEvent(anaSocket, 'conversation:read');
    expect(await request(benSocket, 'conversation:read', { conversationId, upTo: sent.data.id })).toEqual({
      ok: true,
      data: { upTo: sent.data.id },
    });
    expect(await receipt).toMatchObject({ conversationId, readerId: ben.id, upTo: sent.data.id });
    const page = await ana.client.trpc.messages.thread.query({ conversationId });
    expect(page.messages[0]!.readAt).toBeTypeOf('number');
  });

  it('tells both members when a conversation is deleted, and every device when the dot is cleared', async () => {
    const ana = await member();
    const ben = await member();
    const [anaSocket, benSocket, benPhone] = await Promise.all([
      device(ana),
      device(ben),
      device(ben, { newSession: true }),
    ]);
    const sent = await sendOver(anaSocket, ben.id, 'soon gone');
    if (!sent.ok) throw new Error('send failed');
    const cleared = nextEvent(benPhone, 'unread:cleared');
    await ben.client.trpc.messages.clearUnread.mutate();
    expect(await cleared).toEqual({ through: sent.data.id });
    const deletedForBen = nextEvent(benSocket, 'conversation:deleted');
    const deletedForAna = nextEvent(anaSocket, 'conversation:deleted');
    await ana.client.trpc.messages.delete.mutate({ conversationId: sent.data.conversationId });
    expect(await deletedForBen).toEqual({ conversationId: sent.data.conversationId });
    expect(await deletedForAna).toEqual({ conversationId: sent.data.conversationId });
  });

  it('syncs only the member’s own conversations', async () => {
    const ana = await member();
    const ben = await member();
    const eve = await member();
    await ana.client.trpc.messages.send.mutate({ to: ben.id, clientId: randomUUID(), body: 'private' });
    const sync = await request<SyncResult>(await device(eve), 'message:sync', { after: 0 });
    expect(sync.ok && sync.data.messages.filter((m) => m.senderId === ana.id)).toEqual([]);
  });
});

describe('stopping the server', () => {
  it('closes the transports, so that clients reconnect (to another process) instead of giving up', async () => {
    const own = await startTestServer();
    try {
      const ana = await createMember(own);
      const socket = await connectSocket(own.url, { cookie: sessionCookie(tokenOf(ana)) });
      open.push(socket);
      const closed = disconnection(socket);
      await own.server.stop();
      // 'io server disconnect' would mean "do not reconnect"; a closed transport means "try again".
      expect(await closed).toBe('transport close');
    } finally {
      await own.stop();
    }
  });
});

describe('the end of a session ends its sockets', () => {
  it('closes every socket of the member at sign-out', async () => {
    const ana = await member();
    const token = tokenOf(ana);
    const laptop = await device(ana);
    const phone = await device(ana, { newSession: true });
    const closed = [laptop, phone].map((s) => disconnection(s));
    await ana.client.trpc.auth.signOut.mutate();
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    // The session is gone: the socket cannot come back.
    await expect(connectSocket(ts.url, { cookie: sessionCookie(token) })).rejects.toThrow(
      'common:errors.notSignedIn',
    );
  });

  it('keeps the sockets of the session that asked (password change elsewhere)', async () => {
    const ana = await member();
    const keep = await device(ana);
    const { token } = await ts.server.deps.sessions.create(ana.id);
    const other = await connectSocket(ts.url, { cookie: sessionCookie(token) });
    open.push(other);
    const closed = disconnection(other);
    ts.server.deps.realtime.disconnectMember(ana.id, { exceptSessionId: tokenOf(ana).split('.')[0]! });
    expect(await closed).toBe('io server disconnect');
    // The kept socket still works: it can send and sync.
    expect((await request(keep, 'message:sync', { after: 0 })).ok).toBe(true);
    expect(keep.connected).toBe(true);
  });

  it('does not reconnect a socket whose session has ended', async () => {
    const ana = await member();
    const token = tokenOf(ana);
    const socket = openSocket(ts.url, { cookie: sessionCookie(token), reconnection: true });
    open.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const errors: string[] = [];
    socket.on('connect_error', (error) => errors.push(error.message));
    await ts.server.deps.sessions.invalidateMember(ana.id);
    ts.server.deps.realtime.disconnectMember(ana.id);
    // A server-side disconnect is final for socket.io-client; connecting again by hand is refused.
    await eventually(() => !socket.connected, 'the socket to close');
    socket.connect();
    await eventually(() => errors.length > 0, 'the refusal');
    expect(errors[0]).toBe('common:errors.notSignedIn');
  });
});
