import { randomBytes, randomUUID } from 'node:crypto';
import type { MessageView, PodMessageView } from '@amiko/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../apps/server/src/ops/admin.ts';
import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import {
  clientFor,
  connectSocketWithState,
  disconnection,
  eventually,
  hearPods,
  memberWithSession,
  nextEvent,
  podMessageOf,
  request,
  sendOver,
  sessionCookie,
  type MessagingSocket,
} from '../support/messaging.ts';
import { RELAXED_RATE_LIMITS } from '../support/server.ts';
import { podInput } from '../support/pods.ts';

// Two server processes on one PostgreSQL database and one Redis, as behind a load balancer: a member
// connected to one process hears, live, what is sent through the other (in a pod too); sign-out through one closes the
// sockets on the other, and so does a suspension from neither; and the send limit counts across both. Runs when TEST_DATABASE_URL and
// TEST_REDIS_URL are set (vitest.config.ts).

let database: TestDatabase;
let one: AmikoProcess;
let two: AmikoProcess;
const sockets: MessagingSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  const env = {
    REDIS_URL: process.env.TEST_REDIS_URL!,
    // Our own channels and keys: other test runs use the same Redis at the same time.
    REDIS_PREFIX: `amiko-test-${randomBytes(6).toString('hex')}`,
    RATE_LIMITS: JSON.stringify({ ...RELAXED_RATE_LIMITS, 'message:account': { max: 5, windowMs: 30_000 } }),
  };
  // Both start at once: migrations run under a lock, the second process finds them applied.
  [one, two] = await Promise.all([spawnAmiko({ database, env }), spawnAmiko({ database, env })]);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all([one?.stop(), two?.stop()]);
  await database?.drop();
});

async function connect(url: string, token: string) {
  const socket = await connectSocketWithState(url, { cookie: sessionCookie(token) });
  sockets.push(socket);
  return socket;
}

describe('several server processes (PostgreSQL + Redis)', () => {
  it('delivers live across processes, both ways, and over HTTP too', async () => {
    expect(one.url).not.toBe(two.url);
    const ana = await memberWithSession(one.db(), { name: 'Ana' });
    const ben = await memberWithSession(one.db(), { name: 'Ben' });
    const anaOnOne = await connect(one.url, ana.token);
    const benOnTwo = await connect(two.url, ben.token);

    const arrived = nextEvent(benOnTwo, 'message:new');
    const ack = await sendOver(anaOnOne, ben.id, 'Hello from process one');
    expect(ack.ok).toBe(true);
    const sent = (ack as { data: MessageView }).data;
    // With Ben's unread state, counted by the process that stored the message.
    expect(await arrived).toEqual({ ...sent, unread: { hasUnread: true, unreadConversations: 1 } });

    const back = nextEvent(anaOnOne, 'message:new');
    const { message } = await clientFor(two.url, ben.token).trpc.messages.send.mutate({
      to: ana.id,
      clientId: randomUUID(),
      body: 'Hello back, through process two',
    });
    expect(await back).toEqual({ ...message, unread: { hasUnread: true, unreadConversations: 1 } });

    const receipt = nextEvent(anaOnOne, 'conversation:read');
    await clientFor(two.url, ben.token).trpc.messages.markRead.mutate({
      conversationId: sent.conversationId,
    });
    expect(await receipt).toMatchObject({
      conversationId: sent.conversationId,
      readerId: ben.id,
      upTo: sent.id,
    });
  });

  it('delivers a pod’s messages live to its members on the other process, and their read marks back', async () => {
    const [ana, ben, cleo] = await Promise.all([
      memberWithSession(one.db(), { name: 'Ana' }),
      memberWithSession(one.db(), { name: 'Ben' }),
      memberWithSession(one.db(), { name: 'Cleo' }),
    ]);
    const pod = podInput({ sizeLimit: 6 });
    const { id: podId } = await clientFor(one.url, ana.token).trpc.pods.start.mutate(pod);
    await clientFor(two.url, ben.token).trpc.pods.join.mutate({ podId });
    await clientFor(one.url, cleo.token).trpc.pods.join.mutate({ podId });
    const anaOnOne = await connect(one.url, ana.token);
    const benOnTwo = await connect(two.url, ben.token);
    const cleoOnTwo = await connect(two.url, cleo.token);

    const arrivals = [benOnTwo, cleoOnTwo].map((s) => nextEvent(s, 'pod:message'));
    const { unread } = hearPods(benOnTwo);
    const ack = await request<PodMessageView>(anaOnOne, 'pod:send', {
      podId,
      clientId: randomUUID(),
      body: 'Catan on Sunday, from process one?',
    });
    if (!ack.ok) throw new Error(JSON.stringify(ack.error));
    for (const arrived of await Promise.all(arrivals)) expect(podMessageOf(arrived)).toEqual(ack.data);
    // The unread pods Ben's devices show, counted by the process that stored the message.
    await eventually(
      () => JSON.stringify(unread.at(-1)) === JSON.stringify({ unreadPods: 1, pods: [{ podId, unread: 1 }] }),
      'Ben’s unread pod',
    );

    const back = nextEvent(anaOnOne, 'pod:message');
    const { message } = await clientFor(two.url, ben.token).trpc.pods.send.mutate({
      podId,
      clientId: randomUUID(),
      body: 'Yes, through process two',
    });
    expect(podMessageOf(await back)).toEqual(message);

    const seen = nextEvent(anaOnOne, 'pod:read');
    await clientFor(two.url, cleo.token).trpc.pods.read.mutate({ podId });
    expect(await seen).toEqual({ podId, readerId: cleo.id, upTo: message.id });
  });

  it('closes a member’s sockets on every process at sign-out', async () => {
    const cem = await memberWithSession(one.db());
    const onOne = await connect(one.url, cem.token);
    const onTwo = await connect(two.url, cem.token);
    const closed = [onOne, onTwo].map((s) => disconnection(s));
    await clientFor(one.url, cem.token).trpc.auth.signOut.mutate();
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('closes a suspended member’s sockets on every process within a second, suspended from a third', async () => {
    const fay = await memberWithSession(one.db(), { name: 'Fay' });
    const sockets = [await connect(one.url, fay.token), await connect(two.url, fay.token)];
    const closedAt = sockets.map((s) => disconnection(s).then(() => Date.now()));
    // `pnpm admin` in this test's process: neither server's, and with no sockets of its own.
    let stderr = '';
    const code = await admin(['suspend', fay.email, '--reason', 'spam', '--by', 'test'], {
      env: { DATABASE_URL: database.url },
      stdout: () => undefined,
      stderr: (text) => (stderr += text),
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const { db, t } = one.db();
    const [action] = await db
      .select({ createdAt: t.moderationActions.createdAt })
      .from(t.moderationActions)
      .where(eq(t.moderationActions.memberId, fay.id));
    const closeMs = (await Promise.all(closedAt)).map((at) => at - action!.createdAt.getTime());
    console.log(`[multiprocess] suspended member's sockets closed after ${closeMs.join(' and ')} ms`);
    for (const ms of closeMs) expect(ms).toBeLessThan(1000);
  });

  it('counts the send limit across processes (Redis)', async () => {
    const dan = await memberWithSession(one.db());
    const eva = await memberWithSession(one.db());
    const sockets = [await connect(one.url, dan.token), await connect(two.url, dan.token)];
    const results = [];
    for (let i = 0; i < 6; i += 1) results.push(await sendOver(sockets[i % 2]!, eva.id, `#${i}`));
    expect(results.slice(0, 5).every((r) => r.ok)).toBe(true);
    expect(results[5]).toEqual({
      ok: false,
      error: { appCode: 'RATE_LIMITED', message: 'messages:errors.tooFast' },
    });
  });
});
