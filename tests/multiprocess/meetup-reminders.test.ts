import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { clientFor, memberWithSession } from '../support/messaging.ts';
import { podInput } from '../support/pods.ts';

// A meetup's reminders (issue 35.4) with two server processes on one PostgreSQL database: both poll the jobs
// table at a short interval, each job is claimed by one, and each member going gets each reminder once.

const MUNICH = 2867714;
const SUBJECT = 'In 2 days: the meetup of Board games Munich';

let database: TestDatabase;
let one: AmikoProcess;
let two: AmikoProcess;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  const env = {
    REDIS_URL: process.env.TEST_REDIS_URL!,
    REDIS_PREFIX: `amiko-test-${randomBytes(6).toString('hex')}`,
    JOB_POLL_MS: '20',
  };
  [one, two] = await Promise.all([spawnAmiko({ database, env }), spawnAmiko({ database, env })]);
});

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await database?.drop();
});

describe('meetup reminders, two server processes (PostgreSQL + Redis)', () => {
  it('mails each member going each reminder exactly once', async () => {
    const member = () => memberWithSession(one.db(), { placeId: MUNICH, city: null });
    const starter = await member();
    const pod = await clientFor(one.url, starter.token).trpc.pods.start.mutate(
      podInput({ name: 'Board games Munich', placeId: MUNICH, sizeLimit: 8 }),
    );
    const people = [starter];
    for (let i = 1; i < 8; i += 1) {
      const other = await member();
      await clientFor(i % 2 ? one.url : two.url, other.token).trpc.pods.join.mutate({ podId: pod.id });
      people.push(other);
    }
    const meetups = [];
    for (let i = 0; i < 3; i += 1) {
      const meetup = await clientFor(one.url, starter.token).trpc.meetups.propose.mutate({
        podId: pod.id,
        startsAt: `${new Date().getUTCFullYear() + 1}-06-0${i + 5}T19:30`,
        placeKind: 'cafe',
        venueName: 'Café Luitpold',
        venueAddress: 'Brienner Str. 11, München',
        language: 'de',
      });
      for (const [j, p] of people.slice(1).entries())
        await clientFor(j % 2 ? one.url : two.url, p.token).trpc.meetups.rsvp.mutate({
          meetupId: meetup.id,
          going: true,
        });
      meetups.push(meetup);
    }
    const { db, t } = one.db();
    await db.update(t.jobs).set({ runAt: new Date() }).where(like(t.jobs.key, 'meetupReminders:%:days2'));
    const deadline = Date.now() + 30_000;
    const count = async () => (await one.mail()).filter((m) => m.subject === SUBJECT).length;
    while ((await count()) < 3 * people.length && Date.now() < deadline) await sleep(100);
    await sleep(1500);
    const mails = (await one.mail()).filter((m) => m.subject === SUBJECT);
    for (const p of people) expect(mails.filter((m) => m.to === p.email)).toHaveLength(3);
    const jobs = await db.select().from(t.jobs).where(eq(t.jobs.kind, 'meetupReminderMail'));
    expect(jobs).toHaveLength(3 * people.length);
    expect(jobs.every((j) => j.doneAt !== null && j.attempts === 1)).toBe(true);
  });
});
