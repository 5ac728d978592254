import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '@amiko/db';
import { and, eq, isNotNull, isNull, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';
import { createTestDatabase, type TestDialect } from '../support/database.ts';
import { clientFor, freePort, memberWithSession } from '../support/messaging.ts';
import { podInput } from '../support/pods.ts';

// A meetup's reminders (issue 35.4) survive the server being killed with SIGKILL: the reminder falls due, the
// process is killed while it mails those going, and the one started again on the same database mails the
// rest. Each member going gets the reminder exactly once: one mail job was claimed by the dead process after
// its mail was recorded (as a process leaves it that died between sending and marking done), and running it
// again records nothing (the mail's `once` key).

const MUNICH = 2867714;
const GOING = 8;
const SUBJECT = 'In 3 hours: the meetup of Board games Munich';

async function scenario(dialect: TestDialect) {
  const database = await createTestDatabase(dialect);
  const env = { PORT: String(await freePort()), JOB_POLL_MS: '100' };
  let server: AmikoProcess = await spawnAmiko({ database, env });
  try {
    const member = () => memberWithSession(server.db(), { placeId: MUNICH, city: null });
    const starter = await member();
    const trpc = (token: string) => clientFor(server.url, token).trpc;
    const pod = await trpc(starter.token).pods.start.mutate(
      podInput({ name: 'Board games Munich', placeId: MUNICH, sizeLimit: 8 }),
    );
    const people = [starter];
    for (let i = 1; i < GOING; i += 1) {
      const other = await member();
      await trpc(other.token).pods.join.mutate({ podId: pod.id });
      people.push(other);
    }
    const meetup = await trpc(starter.token).meetups.propose.mutate({
      podId: pod.id,
      startsAt: `${new Date().getUTCFullYear() + 1}-06-05T19:30`,
      placeKind: 'cafe',
      venueName: 'Café Luitpold',
      venueAddress: 'Brienner Str. 11, München',
      language: 'de',
    });
    for (const p of people.slice(1))
      await trpc(p.token).meetups.rsvp.mutate({ meetupId: meetup.id, going: true });

    // The 3 hours' reminder falls due; the process is killed once the first mails are recorded.
    const { db, t } = server.db();
    await db
      .update(t.jobs)
      .set({ runAt: new Date() })
      .where(eq(t.jobs.key, `meetupReminders:${meetup.id}:hours3`));
    const deadline = Date.now() + 15_000;
    while (!(await server.mail()).some((m) => m.subject === SUBJECT) && Date.now() < deadline)
      await sleep(20);
    await server.stop('SIGKILL');

    // One mail job as a process leaves it that died after recording its mail: claimed, its lease running.
    const between = openDatabase({ url: database.url });
    const sent = await between.db
      .select({ to: between.t.outgoingMail.to })
      .from(between.t.outgoingMail)
      .where(eq(between.t.outgoingMail.subject, SUBJECT));
    const mailed = people.find((p) => sent.some((m) => m.to === p.email));
    expect(mailed).toBeDefined();
    await between.db
      .update(between.t.jobs)
      .set({ doneAt: null, lockedUntil: new Date(Date.now() + 2000), attempts: 1 })
      .where(eq(between.t.jobs.key, `meetupReminderMail:${meetup.id}:hours3:${mailed!.id}`));
    // The jobs the killed process held: their leases (60 s) run out 2 s from now, as if it had claimed them
    // 58 s ago, so that the test need not wait a minute for them.
    await between.db
      .update(between.t.jobs)
      .set({ lockedUntil: new Date(Date.now() + 2000) })
      .where(and(isNull(between.t.jobs.doneAt), isNotNull(between.t.jobs.lockedUntil)));
    await between.close();

    server = await spawnAmiko({ database, env });
    for (const p of people) await server.waitForMail(p.email, { subject: /In 3 hours/, timeoutMs: 20_000 });
    await sleep(3000);
    const mails = (await server.mail()).filter((m) => m.subject === SUBJECT);
    for (const p of people) expect(mails.filter((m) => m.to === p.email)).toHaveLength(1);
    expect(mails).toHaveLength(GOING);
    const jobs = await server
      .db()
      .db.select()
      .from(server.db().t.jobs)
      .where(like(server.db().t.jobs.key, `meetupReminderMail:${meetup.id}:hours3:%`));
    expect(jobs).toHaveLength(GOING);
    expect(jobs.every((j) => j.doneAt !== null)).toBe(true);
  } finally {
    await server.stop();
    await database.drop();
  }
}

describe('meetup reminders survive the server being killed', () => {
  it('on SQLite', () => scenario('sqlite'), 150_000);
  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL', () => scenario('postgres'), 150_000);
});
