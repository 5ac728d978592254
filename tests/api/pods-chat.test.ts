import { randomUUID } from 'node:crypto';
import type { PodMessageEvent, PodMessageView, PodReadEvent, PodSyncResult } from '@amiko/api';
import { SESSION_COOKIE, seenByCount } from '@amiko/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import {
  eventually,
  hearPods,
  nextEvent,
  openSocket,
  podMessageOf,
  request,
  sessionCookie,
  type MessagingSocket,
} from '../support/messaging.ts';
import { createMember, type TestMember, type TestMemberOptions } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { podInput } from '../support/pods.ts';

// The pod's chat (issue 34), on both databases: members send and receive live, a repeat never doubles,
// replay after a cursor gives exactly what was missed, a block hides each side's messages (and typing and
// read marks) from the other, writing needs access as one-to-one messages do, read marks move forward only
// and count "Seen by", and whoever is not (or no longer) in the pod neither reads, writes nor receives.

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts?.stop());

const open: MessagingSocket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

const member = (options: TestMemberOptions = {}) => createMember(ts, options);

/** A pod started by the first member, which the others have joined. */
async function podOf(starter: TestMember, ...others: TestMember[]): Promise<string> {
  const pod = await starter.client.trpc.pods.start.mutate(podInput());
  for (const other of others) await other.client.trpc.pods.join.mutate({ podId: pod.id });
  return pod.id;
}

/** A device of the member with everything its socket hears of pods. */
async function device(who: TestMember, options: { newSession?: boolean } = {}) {
  const token = options.newSession
    ? (await ts.server.deps.sessions.create(who.id)).token
    : who.client.http.cookies.get(SESSION_COOKIE)!;
  const socket = openSocket(ts.url, { cookie: sessionCookie(token) });
  open.push(socket);
  const heard = {
    ...hearPods(socket),
    reads: [] as PodReadEvent[],
    typing: [] as { podId: string; memberId: string }[],
  };
  socket.on('pod:read', (e) => heard.reads.push(e));
  socket.on('pod:typing', (e) => heard.typing.push(e));
  // Listening before the connection is up: the unread pods come as soon as it is.
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, ...heard };
}

const say = (from: TestMember, podId: string, body: string, clientId: string = randomUUID()) =>
  from.client.trpc.pods.send.mutate({ podId, clientId, body });

const sendOver = (socket: MessagingSocket, podId: string, body: string, clientId: string = randomUUID()) =>
  request<PodMessageView>(socket, 'pod:send', { podId, clientId, body });

async function appCode(call: Promise<unknown>) {
  const error = await failure(call);
  return [error.data?.appCode, error.message];
}

const bodies = (messages: { body: string }[]) => messages.map((m) => m.body);

describe('sending and receiving', () => {
  it('stores, acks with the stored message, and delivers live to every member’s devices but the sending one', async () => {
    const [ana, ben, cleo] = [await member({ name: 'Ana Lopez' }), await member(), await member()];
    const podId = await podOf(ana, ben, cleo);
    const [anaLaptop, anaPhone, bens, cleos] = await Promise.all([
      device(ana),
      device(ana, { newSession: true }),
      device(ben),
      device(cleo),
    ]);
    const arrivals = [anaPhone, bens, cleos].map((d) => nextEvent(d.socket, 'pod:message'));
    const ack = await sendOver(anaLaptop.socket, podId, 'Catan on Sunday?');
    if (!ack.ok) throw new Error(JSON.stringify(ack.error));
    expect(ack.data).toMatchObject({ podId, senderId: ana.id, body: 'Catan on Sunday?' });
    for (const arrived of await Promise.all(arrivals)) expect(podMessageOf(arrived)).toEqual(ack.data);
    const { db, t } = ts.server.database;
    const [row] = await db.select().from(t.podMessages).where(eq(t.podMessages.id, ack.data.id));
    expect(row?.body).toBe('Catan on Sunday?');

    // Over HTTP too; the sending socket got its ack and no echo.
    const { message, created } = await say(ben, podId, 'Yes, at three');
    expect(created).toBe(true);
    await eventually(() => anaLaptop.messages.length === 1 && cleos.messages.length === 2, 'Ben’s message');
    expect(anaLaptop.messages).toEqual([message]);

    const page = await cleo.client.trpc.pods.messages.query({ podId });
    expect(bodies(page.messages)).toEqual(['Catan on Sunday?', 'Yes, at three']);
    expect(page.hasMore).toBe(false);
    expect(page.senders).toContainEqual({
      id: ana.id,
      name: 'Ana',
      avatarUrl: '/uploads/test-photo.webp',
      deleted: false,
    });
    // A sender's first page and the older one before it.
    const first = await cleo.client.trpc.pods.messages.query({ podId, limit: 1 });
    expect(bodies(first.messages)).toEqual(['Yes, at three']);
    expect(first.hasMore).toBe(true);
    const older = await cleo.client.trpc.pods.messages.query({ podId, before: first.messages[0]!.id });
    expect(bodies(older.messages)).toEqual(['Catan on Sunday?']);
  });

  it('stores a repeated client id once, over HTTP and the socket, and answers with the stored message', async () => {
    const [ana, ben] = [await member(), await member()];
    const podId = await podOf(ana, ben);
    const anas = await device(ana);
    const clientId = randomUUID();
    const acks = await Promise.all([
      sendOver(anas.socket, podId, 'once', clientId),
      sendOver(anas.socket, podId, 'once', clientId),
      say(ana, podId, 'once', clientId),
    ]);
    const ids = acks.map((a) => ('ok' in a ? (a.ok ? a.data.id : null) : a.message.id));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toBeTypeOf('number');
    expect((await say(ana, podId, 'once', clientId)).created).toBe(false);
    const { db, t } = ts.server.database;
    expect(await db.select().from(t.podMessages).where(eq(t.podMessages.clientId, clientId))).toHaveLength(1);
    expect(bodies((await ben.client.trpc.pods.messages.query({ podId })).messages)).toEqual(['once']);
  });

  it('relays typing to the other members only', async () => {
    const [ana, ben, cleo] = [await member(), await member(), await member()];
    const podId = await podOf(ana, ben, cleo);
    const [anas, bens, cleos] = await Promise.all([device(ana), device(ben), device(cleo)]);
    const arrivals = [bens, cleos].map((d) => nextEvent(d.socket, 'pod:typing'));
    expect(await request(anas.socket, 'pod:typing', { podId })).toEqual({ ok: true, data: null });
    for (const arrived of await Promise.all(arrivals)) expect(arrived).toEqual({ podId, memberId: ana.id });
    expect(anas.typing).toEqual([]);
  });
});

describe('who may take part', () => {
  it('refuses anyone outside the pod: read, send, replay, mark read and type, over HTTP and the socket', async () => {
    const [ana, ben, outsider] = [await member(), await member(), await member()];
    const podId = await podOf(ana, ben);
    await say(ana, podId, 'members only');
    const notFound = ['NOT_FOUND', 'pods:errors.notFound'];
    expect(await appCode(outsider.client.trpc.pods.messages.query({ podId }))).toEqual(notFound);
    expect(await appCode(say(outsider, podId, 'let me in'))).toEqual(notFound);
    expect(await appCode(outsider.client.trpc.pods.sync.query({ podId, after: 0 }))).toEqual(notFound);
    expect(await appCode(outsider.client.trpc.pods.read.mutate({ podId }))).toEqual(notFound);

    const [theirs, bens] = await Promise.all([device(outsider), device(ben)]);
    const refused = { ok: false, error: { appCode: 'NOT_FOUND', message: 'pods:errors.notFound' } };
    expect(await sendOver(theirs.socket, podId, 'let me in')).toEqual(refused);
    expect(await request(theirs.socket, 'pod:sync', { podId, after: 0 })).toEqual(refused);
    expect(await request(theirs.socket, 'pod:read', { podId })).toEqual(refused);
    expect(await request(theirs.socket, 'pod:typing', { podId })).toEqual(refused);
    // Nothing of theirs reached the pod; the members' own traffic still flows.
    await say(ana, podId, 'barrier');
    await eventually(() => bens.messages.length === 1, 'the barrier');
    expect(bodies(bens.messages)).toEqual(['barrier']);
    expect(bens.typing).toEqual([]);
    expect(bodies((await ben.client.trpc.pods.messages.query({ podId })).messages)).toEqual([
      'members only',
      'barrier',
    ]);
  });

  it('keeps writing behind the messaging rule: PAYMENT_REQUIRED, then the send once access arrives', async () => {
    const ana = await member();
    const guest = await member({ access: 'none' });
    const podId = await podOf(ana, guest);
    expect(await appCode(say(guest, podId, 'hello'))).toEqual([
      'PAYMENT_REQUIRED',
      'payment:errors.paymentRequired',
    ]);
    const guests = await device(guest);
    expect(await sendOver(guests.socket, podId, 'hello')).toEqual({
      ok: false,
      error: { appCode: 'PAYMENT_REQUIRED', message: 'payment:errors.paymentRequired' },
    });
    // Reading, replay and read marks stay open.
    await say(ana, podId, 'welcome');
    expect(bodies((await guest.client.trpc.pods.messages.query({ podId })).messages)).toEqual(['welcome']);
    expect((await request(guests.socket, 'pod:sync', { podId, after: 0 })).ok).toBe(true);
    expect((await guest.client.trpc.pods.read.mutate({ podId })).upTo).toBeTypeOf('number');
    // The payment arrives while connected (the webhook sets has_paid).
    const { db, t } = ts.server.database;
    await db.update(t.members).set({ hasPaid: true }).where(eq(t.members.id, guest.id));
    expect((await sendOver(guests.socket, podId, 'hello')).ok).toBe(true);
  });

  it('stops delivering to a member who left, or was taken out, and no longer lets them read', async () => {
    const [ana, ben, cleo, dan] = [await member(), await member(), await member(), await member()];
    const podId = await podOf(ana, ben, cleo, dan);
    const [bens, cleos, dans] = await Promise.all([device(ben), device(cleo), device(dan)]);
    await say(ana, podId, 'before');
    await eventually(
      () => [bens, cleos, dans].every((d) => d.messages.length === 1),
      'everyone has the first message',
    );
    await ben.client.trpc.pods.leave.mutate({ podId });
    // Dan is taken out of the pod (as a host's removal will, row and all).
    const { db, t } = ts.server.database;
    await db
      .delete(t.podMembers)
      .where(and(eq(t.podMembers.podId, podId), eq(t.podMembers.memberId, dan.id)));
    await say(ana, podId, 'after');
    await eventually(() => cleos.messages.length === 2, 'Cleo has the second message');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bodies(bens.messages)).toEqual(['before']);
    expect(bodies(dans.messages)).toEqual(['before']);
    for (const gone of [ben, dan]) {
      expect((await failure(gone.client.trpc.pods.messages.query({ podId }))).data?.appCode).toBe(
        'NOT_FOUND',
      );
      expect((await failure(gone.client.trpc.pods.sync.query({ podId, after: 0 }))).data?.appCode).toBe(
        'NOT_FOUND',
      );
      expect(await gone.client.trpc.pods.unread.query()).toEqual({ unreadPods: 0, pods: [], invitations: 0 });
    }
  });
});

describe('blocks inside a pod', () => {
  it('hide each side’s messages, typing and read marks from the other, both ways; the others see both', async () => {
    const [ana, ben, cleo] = [await member(), await member(), await member()];
    const podId = await podOf(ana, ben, cleo);
    await ana.client.trpc.blocks.block.mutate({ memberId: ben.id });
    const [anas, bens, cleos] = await Promise.all([device(ana), device(ben), device(cleo)]);

    await say(ana, podId, 'from Ana');
    await say(ben, podId, 'from Ben');
    await say(cleo, podId, 'from Cleo');
    // Sent over HTTP, each message reaches its sender's devices too.
    await eventually(() => cleos.messages.length === 3, 'Cleo hears everyone');
    await eventually(() => anas.messages.length === 2 && bens.messages.length === 2, 'Cleo’s to both');
    expect(bodies(cleos.messages)).toEqual(['from Ana', 'from Ben', 'from Cleo']);
    expect(bodies(anas.messages)).toEqual(['from Ana', 'from Cleo']);
    expect(bodies(bens.messages)).toEqual(['from Ben', 'from Cleo']);

    const thread = async (who: TestMember) =>
      bodies((await who.client.trpc.pods.messages.query({ podId })).messages);
    expect(await thread(ana)).toEqual(['from Ana', 'from Cleo']);
    expect(await thread(ben)).toEqual(['from Ben', 'from Cleo']);
    expect(await thread(cleo)).toEqual(['from Ana', 'from Ben', 'from Cleo']);
    const replay = async (who: TestMember) =>
      bodies((await who.client.trpc.pods.sync.query({ podId, after: 0 })).messages);
    expect(await replay(ana)).toEqual(['from Ana', 'from Cleo']);
    expect(await replay(ben)).toEqual(['from Ben', 'from Cleo']);
    expect(await replay(cleo)).toEqual(['from Ana', 'from Ben', 'from Cleo']);

    // Ben's message is not unread for Ana: only Cleo's counts.
    expect(await ana.client.trpc.pods.unread.query()).toEqual({
      unreadPods: 1,
      pods: [{ podId, unread: 1 }],
      invitations: 0,
    });
    // The same counts pushed to the recipients of each message (read for them all at once), each as they
    // see the pod: Cleo has Ana's and Ben's, Ana only Cleo's.
    await eventually(() => cleos.unread.at(-1)?.pods[0]?.unread === 2, 'Cleo’s two, pushed');
    await eventually(() => anas.unread.at(-1)?.pods[0]?.unread === 1, 'Ana’s one, pushed');
    expect(anas.unread.every((state) => (state.pods[0]?.unread ?? 0) <= 1)).toBe(true);

    // Typing and read marks: Ben's reach Cleo, not Ana.
    const cleoHearsTyping = nextEvent(cleos.socket, 'pod:typing');
    await request(bens.socket, 'pod:typing', { podId });
    expect(await cleoHearsTyping).toEqual({ podId, memberId: ben.id });
    await ben.client.trpc.pods.read.mutate({ podId });
    await eventually(() => cleos.reads.some((r) => r.readerId === ben.id), 'Cleo sees Ben’s mark');
    await cleo.client.trpc.pods.read.mutate({ podId });
    await eventually(() => anas.reads.some((r) => r.readerId === cleo.id), 'Ana sees Cleo’s mark');
    expect(anas.typing).toEqual([]);
    expect(anas.reads.map((r) => r.readerId)).toEqual([cleo.id]);
    const anasPage = await ana.client.trpc.pods.messages.query({ podId });
    // Ana has read nothing yet: of the others' marks she sees Cleo's, not Ben's.
    expect(anasPage.reads.map((r) => r.memberId)).toEqual([cleo.id]);
    expect(
      (await cleo.client.trpc.pods.messages.query({ podId })).reads.map((r) => r.memberId).sort(),
    ).toEqual([ben.id, cleo.id].sort());
    expect(anasPage.senders.map((s) => s.id).sort()).toEqual([ana.id, cleo.id].sort());
  });
});

describe('read marks, Seen by and unread pods', () => {
  it('moves a member’s mark forward only, counts Seen by, and pushes the unread pods', async () => {
    const [ana, ben, cleo] = [await member(), await member(), await member()];
    const podId = await podOf(ana, ben, cleo);
    const [anas, bens] = await Promise.all([device(ana), device(ben)]);
    await eventually(() => bens.unread.length === 1, 'the state on connecting');
    expect(bens.unread[0]).toEqual({ unreadPods: 0, pods: [{ podId, unread: 0 }], invitations: 0 });

    const sent: PodMessageView[] = [];
    for (const body of ['one', 'two', 'three']) sent.push((await say(ana, podId, body)).message);
    const [one, two, three] = sent as [PodMessageView, PodMessageView, PodMessageView];
    await eventually(() => bens.unread.at(-1)?.pods[0]?.unread === 3, 'Ben’s three unread, pushed');
    expect(bens.unread.at(-1)).toEqual({ unreadPods: 1, pods: [{ podId, unread: 3 }] });
    // The sender's own messages are never unread for them.
    expect(await ana.client.trpc.pods.unread.query()).toEqual({
      unreadPods: 0,
      pods: [{ podId, unread: 0 }],
      invitations: 0,
    });

    expect(await ben.client.trpc.pods.read.mutate({ podId, upTo: two.id })).toEqual({ upTo: two.id });
    await eventually(() => anas.reads.length === 1, 'Ana sees Ben’s mark');
    expect(anas.reads).toEqual([{ podId, readerId: ben.id, upTo: two.id }]);
    await eventually(() => bens.unread.at(-1)?.pods[0]?.unread === 1, 'one left for Ben');
    // Never back.
    expect(await ben.client.trpc.pods.read.mutate({ podId, upTo: one.id })).toEqual({ upTo: null });
    // Never past the newest message there is: a later message is unread when it comes.
    expect(await request(bens.socket, 'pod:read', { podId, upTo: three.id + 1000 })).toEqual({
      ok: true,
      data: { upTo: three.id },
    });
    await eventually(() => bens.unread.at(-1)?.unreadPods === 0, 'nothing unread for Ben');
    await cleo.client.trpc.pods.read.mutate({ podId, upTo: one.id });

    const page = await ana.client.trpc.pods.messages.query({ podId });
    expect(page.reads).toEqual(
      expect.arrayContaining([
        { memberId: ben.id, upTo: three.id },
        { memberId: cleo.id, upTo: one.id },
      ]),
    );
    expect(page.messages.map((m) => seenByCount(page.reads, m))).toEqual([2, 1, 1]);
    expect((await ben.client.trpc.pods.messages.query({ podId })).myReadUpTo).toBe(three.id);

    const four = (await say(ana, podId, 'four')).message;
    await eventually(() => bens.unread.at(-1)?.unreadPods === 1, 'the next message is unread');
    expect(four.id).toBeGreaterThan(three.id);

    // Someone who joins now finds the earlier messages there to read, none of them unread.
    const dan = await member();
    await dan.client.trpc.pods.join.mutate({ podId });
    expect(await dan.client.trpc.pods.unread.query()).toEqual({
      unreadPods: 0,
      pods: [{ podId, unread: 0 }],
      invitations: 0,
    });
    expect(bodies((await dan.client.trpc.pods.messages.query({ podId })).messages)).toEqual([
      'one',
      'two',
      'three',
      'four',
    ]);
  });
});

describe('a pod message’s frame', () => {
  it('carries each recipient’s unread pods, in one frame, and never the sender’s devices', async () => {
    const [ana, ben, cleo] = [await member(), await member(), await member()];
    const podId = await podOf(ana, ben, cleo);
    const [anaLaptop, anaPhone, bens] = await Promise.all([
      device(ana),
      device(ana, { newSession: true }),
      device(ben),
    ]);
    await eventually(
      () => [anaLaptop, anaPhone, bens].every((d) => d.unread.length === 1),
      'the states on connecting',
    );
    const bensFrames: string[] = [];
    bens.socket.on('pod:unread', () => bensFrames.push('pod:unread'));
    bens.socket.on('pod:message', (m) => bensFrames.push(m.unread ? 'pod:message, unread' : 'pod:message'));
    const onPhone: PodMessageEvent[] = [];
    anaPhone.socket.on('pod:message', (m) => onPhone.push(m));

    expect(await sendOver(anaLaptop.socket, podId, 'Catan on Sunday?')).toMatchObject({ ok: true });
    await eventually(() => bensFrames.length > 0 && onPhone.length === 1, 'the message on both sides');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bensFrames).toEqual(['pod:message, unread']);
    expect(bens.unread.at(-1)).toEqual({ unreadPods: 1, pods: [{ podId, unread: 1 }] });
    // Ana's other device gets her message, never Ben's unread pods, and hers are unchanged.
    expect(onPhone[0]).toMatchObject({ body: 'Catan on Sunday?' });
    expect(onPhone[0]).not.toHaveProperty('unread');
    expect(anaPhone.unread).toHaveLength(1);
  });
});

describe('replay', () => {
  it('gives a reconnecting member exactly the messages after the last id they saw, a page at a time', async () => {
    const [ana, ben] = [await member(), await member()];
    const podId = await podOf(ana, ben);
    const sent: PodMessageView[] = [];
    for (let i = 0; i < 55; i++) sent.push((await say(ana, podId, `m${i}`)).message);
    const bens = await device(ben);
    const after = sent[2]!.id;
    const first = await request<PodSyncResult>(bens.socket, 'pod:sync', { podId, after });
    if (!first.ok) throw new Error(JSON.stringify(first.error));
    expect(first.data.messages.map((m) => m.id)).toEqual(sent.slice(3, 53).map((m) => m.id));
    expect(first.data.more).toBe(true);
    const rest = await ben.client.trpc.pods.sync.query({ podId, after: first.data.messages.at(-1)!.id });
    expect(rest.messages.map((m) => m.id)).toEqual(sent.slice(53).map((m) => m.id));
    expect(rest.more).toBe(false);
    expect(rest.senders).toEqual([expect.objectContaining({ id: ana.id, deleted: false })]);
  });

  it('misses nothing while members write at once: ids of one pod become visible in order', async () => {
    const writers = await Promise.all(Array.from({ length: 6 }, () => member()));
    const reader = await member();
    const podId = await podOf(writers[0]!, ...writers.slice(1), reader);
    const perWriter = 8;
    const seen = new Set<number>();
    let cursor = 0;
    let writing = true;
    const reading = (async () => {
      while (writing || seen.size < writers.length * perWriter) {
        const page = await reader.client.trpc.pods.sync.query({ podId, after: cursor });
        for (const m of page.messages) seen.add(m.id);
        if (page.messages.length > 0) cursor = page.messages.at(-1)!.id;
        if (!writing && page.messages.length === 0) break;
      }
    })();
    const stored = await Promise.all(
      writers.map(async (writer, w) => {
        const ids: number[] = [];
        for (let i = 0; i < perWriter; i++) ids.push((await say(writer, podId, `${w}.${i}`)).message.id);
        return ids;
      }),
    );
    writing = false;
    await reading;
    expect([...seen].sort((a, b) => a - b)).toEqual(stored.flat().sort((a, b) => a - b));
  });
});
