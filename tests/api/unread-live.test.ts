import { randomUUID } from 'node:crypto';
import { publishUnread, takesUnreadAlong, unreadMark, type UnreadState } from '@amiko/api';
import { SESSION_COOKIE } from '@amiko/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import {
  eventually,
  nextEvent,
  openSocket,
  request,
  sendOver,
  sessionCookie,
  type MessagingSocket,
} from '../support/messaging.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { RELAXED_RATE_LIMITS, startTestServer, type TestServer } from '../support/server.ts';

// The unread count the tab title and the desktop badge show, live over the socket and always the
// server's: on connecting (sign-in, reconnect), after a message, after a read on any device, after a
// deletion. And Settings → Notifications, which decides whether notifications show message text.

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ env: { RATE_LIMITS: JSON.stringify(RELAXED_RATE_LIMITS) } });
});
afterAll(() => ts.stop());

const open: MessagingSocket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

/**
 * A device of the member with everything its socket was told about the unread state, in order, as the app
 * takes it: 'unread:changed', or with a new message to them; and the frames that carried it.
 */
async function device(member: TestMember, options: { newSession?: boolean } = {}) {
  const token = options.newSession
    ? (await ts.server.deps.sessions.create(member.id)).token
    : member.client.http.cookies.get(SESSION_COOKIE)!;
  const socket = openSocket(ts.url, { cookie: sessionCookie(token) });
  open.push(socket);
  const states: UnreadState[] = [];
  const carriers: string[] = [];
  socket.on('unread:changed', (state) => {
    states.push(state);
    carriers.push('unread:changed');
  });
  socket.on('message:new', ({ unread }) => {
    if (!unread) return;
    states.push(unread);
    carriers.push('message:new');
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, states, carriers, latest: () => states.at(-1) };
}

const send = (from: TestMember, to: TestMember, body = 'hello') =>
  from.client.trpc.messages.send.mutate({ to: to.id, clientId: randomUUID(), body });

const none: UnreadState = { hasUnread: false, unreadConversations: 0 };

describe('the unread count over the socket', () => {
  it('arrives on connecting, as it stands', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    const cleanSlate = await device(ben);
    await eventually(() => cleanSlate.states.length === 1, 'the state on connecting');
    expect(cleanSlate.states).toEqual([none]);

    await send(ana, ben);
    const later = await device(ben, { newSession: true });
    await eventually(() => later.latest()?.unreadConversations === 1, 'the state on connecting');
    expect(later.states[0]).toEqual({ hasUnread: true, unreadConversations: 1 });
  });

  it('follows messages to the member over either transport, counting conversations, not messages', async () => {
    const [ana, bruno, ben] = await Promise.all([createMember(ts), createMember(ts), createMember(ts)]);
    const bens = await device(ben);
    const anas = await device(ana);
    await send(ana, ben, 'one');
    await eventually(() => bens.latest()?.unreadConversations === 1, 'one conversation unread');
    expect(await sendOver(anas.socket, ben.id, 'two')).toMatchObject({ ok: true });
    await send(bruno, ben, 'three');
    await eventually(() => bens.latest()?.unreadConversations === 2, 'two conversations unread');
    // The sender's own count is not touched by sending.
    expect(anas.states).toEqual([none]);
  });

  it('drops when the member reads on another device, on every device of theirs', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    const desktop = await device(ben);
    const phone = await device(ben, { newSession: true });
    const { message } = await send(ana, ben);
    await eventually(() => desktop.latest()?.unreadConversations === 1, 'the desktop counts the message');

    // The phone reads over its socket; the desktop is told, without asking.
    expect(
      await request(phone.socket, 'conversation:read', { conversationId: message.conversationId }),
    ).toMatchObject({
      ok: true,
    });
    await eventually(() => desktop.latest()?.unreadConversations === 0, 'the desktop sees it read');
    expect(desktop.latest()).toEqual(none);

    // And over HTTP.
    const again = await send(ana, ben, 'again');
    await eventually(() => desktop.latest()?.unreadConversations === 1, 'the next message counted');
    await ben.client.trpc.messages.markRead.mutate({ conversationId: again.message.conversationId });
    await eventually(() => desktop.latest()?.unreadConversations === 0, 'read over HTTP');
    await eventually(() => phone.latest()?.unreadConversations === 0, 'the phone too');
  });

  it('is right again after a reconnect that missed everything in between', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    const first = await device(ben);
    await eventually(() => first.states.length === 1, 'connected');
    first.socket.close();
    const { message } = await send(ana, ben);
    await send(ana, ben, 'and more');
    const back = await device(ben);
    await eventually(() => back.states.length === 1, 'the state on reconnecting');
    expect(back.states[0]).toEqual({ hasUnread: true, unreadConversations: 1 });

    back.socket.close();
    await ben.client.trpc.messages.markRead.mutate({ conversationId: message.conversationId });
    const again = await device(ben);
    await eventually(() => again.states.length === 1, 'the state on reconnecting');
    expect(again.states[0]).toEqual(none);
  });

  it('drops for both members when a conversation is deleted', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    await send(ben, ana, 'to ana');
    const { message } = await send(ana, ben, 'to ben');
    const bens = await device(ben);
    const anas = await device(ana);
    await eventually(() => bens.states.length === 1 && anas.states.length === 1, 'both connected');
    expect(anas.latest()?.unreadConversations).toBe(1);
    const changed = nextEvent(bens.socket, 'unread:changed');
    await ana.client.trpc.messages.delete.mutate({ conversationId: message.conversationId });
    expect(await changed).toEqual(none);
    await eventually(() => anas.latest()?.unreadConversations === 0, 'ana’s count');
  });

  it('ends on the server’s count when many members write at once', async () => {
    const ben = await createMember(ts);
    const writers = await Promise.all(Array.from({ length: 8 }, () => createMember(ts)));
    const bens = await device(ben);
    await Promise.all(writers.flatMap((writer) => [send(writer, ben, 'a'), send(writer, ben, 'b')]));
    const truth = await ben.client.trpc.messages.unread.query();
    expect(truth.unreadConversations).toBe(8);
    await eventually(() => bens.latest()?.unreadConversations === 8, 'the last state is the count');
    // Publications of one process are in the order they were counted: never a smaller count after 8.
    const eights = bens.states.findIndex((state) => state.unreadConversations === 8);
    expect(bens.states.slice(eights).every((state) => state.unreadConversations === 8)).toBe(true);
  });

  it('is sent again only when a message changes it: a new unread conversation, or a message after the dot was cleared', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    const bens = await device(ben);
    await eventually(() => bens.states.length === 1, 'connected');
    const received: string[] = [];
    bens.socket.on('message:new', (message) => received.push(message.body));

    await send(ana, ben, 'one');
    await eventually(() => bens.states.length === 2, 'the conversation is unread');
    // Two more in the same unread conversation, over either transport: the state the devices have holds.
    await send(ana, ben, 'two');
    expect(await sendOver((await device(ana)).socket, ben.id, 'three')).toMatchObject({ ok: true });
    await eventually(() => received.length === 3, 'all three messages');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bens.states).toEqual([none, { hasUnread: true, unreadConversations: 1 }]);

    // The dot cleared (the conversation still unread): the next message lights it again.
    await ben.client.trpc.messages.clearUnread.mutate();
    await send(ana, ben, 'four');
    await eventually(() => bens.states.length === 3, 'the dot again');
    expect(bens.latest()).toEqual({ hasUnread: true, unreadConversations: 1 });
    // What the server counts is what the devices show.
    expect(await ben.client.trpc.messages.unread.query()).toEqual(bens.latest());
  });

  it('comes with the message that changed it, in one frame, to the recipient’s devices only', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    const bens = await device(ben);
    const anasPhone = await device(ana);
    const anasLaptop = await device(ana, { newSession: true });
    await eventually(
      () => [bens, anasPhone, anasLaptop].every((d) => d.states.length === 1),
      'all connected',
    );
    const onLaptop: unknown[] = [];
    anasLaptop.socket.on('message:new', (message) => onLaptop.push(message));

    expect(await sendOver(anasPhone.socket, ben.id, 'hello')).toMatchObject({ ok: true });
    await eventually(() => bens.states.length === 2 && onLaptop.length === 1, 'the message on both sides');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bens.states[1]).toEqual({ hasUnread: true, unreadConversations: 1 });
    expect(bens.carriers).toEqual(['unread:changed', 'message:new']);
    // Ana's other device gets her message, but never Ben's count.
    expect(onLaptop[0]).toMatchObject({ body: 'hello' });
    expect(onLaptop[0]).not.toHaveProperty('unread');
    expect(anasLaptop.states).toEqual([none]);
  });

  it('goes with a message only when no state read after it can have gone out first', async () => {
    const ben = await createMember(ts);
    const { deps } = ts.server;
    // A send takes its mark before it stores; a publication of Ben's state starts while it is stored.
    const mark = unreadMark();
    const publication = publishUnread(deps, ben.id);
    expect(takesUnreadAlong(ben.id, 10, mark)).toBe(false);
    await publication;
    expect(takesUnreadAlong(ben.id, 10, mark)).toBe(false);
    // A send that began after it may, and then one with an older message (resolved later) may not.
    const later = unreadMark();
    expect(takesUnreadAlong(ben.id, 12, later)).toBe(true);
    expect(takesUnreadAlong(ben.id, 11, later)).toBe(false);
    expect(takesUnreadAlong(ben.id, 13, later)).toBe(true);
    // Clearing the dot (through the server, as the app does) counts too: a state read before says it is on.
    const beforeClearing = unreadMark();
    await ben.client.trpc.messages.clearUnread.mutate();
    expect(takesUnreadAlong(ben.id, 14, beforeClearing)).toBe(false);
  });

  it('reaches a socket as it connects in turn with the member’s other publications', async () => {
    const ben = await createMember(ts);
    // A send that began before Ben's device connected read his state before the one the device is sent: it
    // must not go along with the message, or it could reach the device after the newer one.
    const mark = unreadMark();
    const bens = await device(ben);
    await eventually(() => bens.states.length === 1, 'connected');
    expect(takesUnreadAlong(ben.id, 10, mark)).toBe(false);
    expect(takesUnreadAlong(ben.id, 10, unreadMark())).toBe(true);
  });

  it('is sent to the member only', async () => {
    const ana = await createMember(ts);
    const ben = await createMember(ts);
    const eve = await createMember(ts);
    const eves = await device(eve);
    await eventually(() => eves.states.length === 1, 'connected');
    await send(ana, ben);
    await send(ben, ana);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(eves.states).toEqual([none]);
  });
});

describe('Settings → Notifications', () => {
  it('keeps message text out of notifications until the member turns it on', async () => {
    const ben = await createMember(ts);
    expect(await ben.client.trpc.account.notifications.query()).toEqual({
      showMessageText: false,
      emailAboutMessages: 'instant',
    });
    expect(await ben.client.trpc.account.setNotifications.mutate({ showMessageText: true })).toEqual({
      showMessageText: true,
      emailAboutMessages: 'instant',
    });
    expect(await ben.client.trpc.account.notifications.query()).toEqual({
      showMessageText: true,
      emailAboutMessages: 'instant',
    });
    await ben.client.trpc.account.setNotifications.mutate({ showMessageText: false });
    expect(await ben.client.trpc.account.notifications.query()).toEqual({
      showMessageText: false,
      emailAboutMessages: 'instant',
    });
  });

  it('is the member’s own: set on one device, read on another; refused for bad input and unverified members', async () => {
    const ben = await createMember(ts);
    const ana = await createMember(ts);
    await ben.client.trpc.account.setNotifications.mutate({ showMessageText: true });
    expect(await ana.client.trpc.account.notifications.query()).toEqual({
      showMessageText: false,
      emailAboutMessages: 'instant',
    });
    const err = await failure(
      ben.client.trpc.account.setNotifications.mutate({ showMessageText: 'yes' as unknown as boolean }),
    );
    expect(err.data?.appCode).toBe('VALIDATION');
    const unverified = await createMember(ts, { verified: false });
    expect((await failure(unverified.client.trpc.account.notifications.query())).data?.appCode).toBe(
      'EMAIL_NOT_VERIFIED',
    );
  });
});
