import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { clientFor, connectSocket, memberWithSession, sessionCookie } from '../support/messaging.ts';

// Mails about waiting messages (issue 19.1) with two server processes on one PostgreSQL database and one
// Redis: both poll the same jobs table at a short interval, each job is claimed by one (FOR UPDATE SKIP
// LOCKED), so every member gets exactly one mail; and "online" means a socket on either process. A replica
// stopped with members connected (a rolling restart) schedules their mails before its database closes.

let database: TestDatabase;
let env: Record<string, string>;
let one: AmikoProcess;
let two: AmikoProcess;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  env = {
    REDIS_URL: process.env.TEST_REDIS_URL!,
    REDIS_PREFIX: `amiko-test-${randomBytes(6).toString('hex')}`,
    MESSAGE_MAIL_DELAY_SECONDS: '1',
    JOB_POLL_MS: '20',
  };
  [one, two] = await Promise.all([spawnAmiko({ database, env }), spawnAmiko({ database, env })]);
});

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await database?.drop();
});

describe('mail when a message waits, two server processes (PostgreSQL + Redis)', () => {
  it('sends each mail exactly once, and none to a member online on the other process', async () => {
    const bruno = await memberWithSession(one.db(), { name: 'Bruno' });
    const online = await memberWithSession(one.db());
    const socket = await connectSocket(two.url, { cookie: sessionCookie(online.token) });
    const offline = [];
    for (let i = 0; i < 30; i += 1) offline.push(await memberWithSession(one.db()));
    const sends = [...offline, online].map((r, i) =>
      clientFor(i % 2 ? one.url : two.url, bruno.token).trpc.messages.send.mutate({
        to: r.id,
        clientId: randomUUID(),
        body: 'Hello!',
      }),
    );
    await Promise.all(sends);
    for (const r of offline) await one.waitForMail(r.email, { timeoutMs: 15_000 });
    await sleep(1500);
    const mails = await one.mail();
    for (const r of offline) expect(mails.filter((m) => m.to === r.email)).toHaveLength(1);
    expect(mails.filter((m) => m.to === online.email)).toEqual([]);
    socket.close();
    // Both processes took part (the claims are spread by whoever polls first).
    const { db, t } = one.db();
    // The message mails' jobs (beside them, the start's one-time jobs, such as matching typed cities to places).
    const jobs = (await db.select().from(t.jobs)).filter((j) => j.kind === 'messageMail');
    const done = jobs.filter((j) => j.doneAt !== null);
    expect(done).toHaveLength(30);
    // Each mail claimed once. (The online member, leaving with the message unread, may have a new job
    // pending by now: their disconnect schedules it; it is not one of these.)
    expect(done.every((j) => j.attempts === 1)).toBe(true);
  });

  it('loses no mail in a rolling restart: members connected to a replica that stops get theirs once', async () => {
    // A third replica, stopped below as a rolling restart stops one: its members' sockets close while it stops.
    const leaving = await spawnAmiko({ database, env });
    const bruno = await memberWithSession(one.db(), { name: 'Bruno' });
    const readers = [];
    for (let i = 0; i < 5; i += 1) readers.push(await memberWithSession(one.db()));
    for (const r of readers) await connectSocket(leaving.url, { cookie: sessionCookie(r.token) });
    for (const r of readers) {
      await clientFor(leaving.url, bruno.token).trpc.messages.send.mutate({
        to: r.id,
        clientId: randomUUID(),
        body: 'Hello!',
      });
    }
    // Read live on that replica, so the send scheduled nothing: only their disconnect can schedule the mail.
    const { db, t } = one.db();
    const ids = readers.map((r) => r.id);
    const jobsOfReaders = async () =>
      (await db.select().from(t.jobs)).filter((j) => j.memberId && ids.includes(j.memberId));
    expect(await jobsOfReaders()).toEqual([]);

    expect(await leaving.stop('SIGTERM')).toBe(0);
    expect(
      leaving
        .output()
        .split('\n')
        .filter((line) => line.includes('not scheduled')),
    ).toEqual([]);
    for (const r of readers) await two.waitForMail(r.email, { timeoutMs: 15_000 });
    await sleep(1500);
    const mails = await two.mail();
    for (const r of readers) expect(mails.filter((m) => m.to === r.email)).toHaveLength(1);
    const jobs = await jobsOfReaders();
    expect(jobs).toHaveLength(readers.length);
    expect(jobs.every((j) => j.doneAt !== null && j.attempts === 1)).toBe(true);
  });
});
