import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { clientFor, connectSocket, memberWithSession, sessionCookie } from '../support/messaging.ts';
import { podInput } from '../support/pods.ts';
import { deviceOf, startPushService, vapidKeyPair, type PushService } from '../support/push-service.ts';

// Web Push (issue 31) with two server processes on one PostgreSQL database and one Redis: a message's push
// is a job keyed by the message, so it goes out exactly once whichever process stored it, and the job
// runners of both processes, racing for pushes left to them, claim each once. "Away" means no socket on
// either process. A pod's message is pushed the same way, a job per message and member away.

let database: TestDatabase;
let service: PushService;
let one: AmikoProcess;
let two: AmikoProcess;
const vapid = vapidKeyPair();

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  service = await startPushService();
  const env = {
    REDIS_URL: process.env.TEST_REDIS_URL!,
    REDIS_PREFIX: `amiko-test-${randomBytes(6).toString('hex')}`,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    JOB_POLL_MS: '20',
  };
  [one, two] = await Promise.all([spawnAmiko({ database, env }), spawnAmiko({ database, env })]);
});

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await service?.stop();
  await database?.drop();
});

/** A member with one device that gets pushes, subscribed through `server`. */
async function withDevice(server: AmikoProcess, name: string) {
  const member = await memberWithSession(server.db(), { name });
  const subscription = service.subscribe(vapid.publicKey);
  await clientFor(server.url, member.token).trpc.push.subscribe.mutate({ ...subscription, device: 'Phone' });
  return { ...member, device: deviceOf(subscription) };
}

describe('web push, two server processes (PostgreSQL + Redis)', () => {
  it('pushes each message exactly once, and nothing to a member online on the other process', async () => {
    const ana = await memberWithSession(one.db(), { name: 'Ana' });
    const bea = await withDevice(one, 'Bea');
    const cleo = await withDevice(two, 'Cleo');
    const socket = await connectSocket(two.url, { cookie: sessionCookie(cleo.token) });
    const sends = [];
    for (let i = 0; i < 10; i += 1) {
      const via = i % 2 ? one.url : two.url;
      sends.push(
        clientFor(via, ana.token).trpc.messages.send.mutate({
          to: bea.id,
          clientId: randomUUID(),
          body: `${i}`,
        }),
      );
    }
    // Cleo is online on process two; the message goes through process one.
    sends.push(
      clientFor(one.url, ana.token).trpc.messages.send.mutate({
        to: cleo.id,
        clientId: randomUUID(),
        body: 'Hi',
      }),
    );
    await Promise.all(sends);
    await service.waitFor(10, 15_000);
    await sleep(1500);
    expect(service.refused).toEqual([]);
    expect(service.received.filter((p) => p.device === bea.device)).toHaveLength(10);
    expect(service.received.filter((p) => p.device === cleo.device)).toEqual([]);
    socket.close();
    const { db, t } = one.db();
    const jobs = await db.select().from(t.jobs).where(eq(t.jobs.kind, 'pushMessage'));
    const beas = jobs.filter((j) => j.memberId === bea.id);
    expect(beas).toHaveLength(10);
    expect(beas.every((j) => j.doneAt !== null && j.attempts === 1)).toBe(true);
    service.received.length = 0;
  });

  it('pushes each pod message once to each member away, and nothing to one online on the other process', async () => {
    const ana = await memberWithSession(one.db(), { name: 'Ana' });
    const bea = await withDevice(one, 'Bea');
    const cleo = await withDevice(two, 'Cleo');
    const pod = await clientFor(one.url, ana.token).trpc.pods.start.mutate(podInput({ sizeLimit: 3 }));
    await clientFor(two.url, bea.token).trpc.pods.join.mutate({ podId: pod.id });
    await clientFor(one.url, cleo.token).trpc.pods.join.mutate({ podId: pod.id });
    const socket = await connectSocket(two.url, { cookie: sessionCookie(cleo.token) });
    const sent = [];
    for (let i = 0; i < 10; i += 1)
      sent.push(
        clientFor(i % 2 ? one.url : two.url, ana.token).trpc.pods.send.mutate({
          podId: pod.id,
          clientId: randomUUID(),
          body: `${i}`,
        }),
      );
    await Promise.all(sent);
    await service.waitFor(10, 15_000);
    await sleep(1500);
    expect(service.refused).toEqual([]);
    expect(service.received.filter((p) => p.device === bea.device)).toHaveLength(10);
    expect(service.received.filter((p) => p.device === cleo.device)).toEqual([]);
    socket.close();
    const { db, t } = one.db();
    const jobs = (await db.select().from(t.jobs).where(eq(t.jobs.memberId, bea.id))).filter(
      (j) => j.kind === 'pushPodMessage',
    );
    expect(jobs).toHaveLength(10);
    expect(jobs.every((j) => j.doneAt !== null && j.attempts === 1)).toBe(true);
    service.received.length = 0;
  });

  it('claims each push left to the job runners once, across both processes', async () => {
    const ana = await memberWithSession(one.db(), { name: 'Ana' });
    const dan = await memberWithSession(one.db(), { name: 'Dan' });
    // Messages stored while Dan had no device: no push then.
    const ids = [];
    for (let i = 0; i < 20; i += 1) {
      const { message } = await clientFor(i % 2 ? one.url : two.url, ana.token).trpc.messages.send.mutate({
        to: dan.id,
        clientId: randomUUID(),
        body: `${i}`,
      });
      ids.push(message.id);
    }
    const subscription = service.subscribe(vapid.publicKey);
    await clientFor(two.url, dan.token).trpc.push.subscribe.mutate({ ...subscription, device: 'Phone' });
    // Their pushes as a process that died before sending them left them: due, claimed by nobody.
    const { db, t } = one.db();
    await db.insert(t.jobs).values(
      ids.map((id) => ({
        kind: 'pushMessage',
        key: `pushMessage:${id}`,
        memberId: dan.id,
        payload: { messageId: id },
        runAt: new Date(),
        createdAt: new Date(),
      })),
    );
    await service.waitFor(20, 15_000);
    await sleep(1500);
    expect(service.refused).toEqual([]);
    expect(service.received.filter((p) => p.device === deviceOf(subscription))).toHaveLength(20);
    const jobs = (await db.select().from(t.jobs).where(eq(t.jobs.memberId, dan.id))).filter(
      (j) => j.kind === 'pushMessage',
    );
    expect(jobs.every((j) => j.doneAt !== null && j.attempts === 1)).toBe(true);
  });
});
