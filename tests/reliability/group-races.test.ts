import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { spawnAmiko } from '../support/amiko-process.ts';
import { createTestDatabase, type TestDialect } from '../support/database.ts';
import { clientFor, memberWithSession } from '../support/messaging.ts';
import { insertPastMeetup, podInput } from '../support/pods.ts';

// The places of a pod and of a meetup, counted by two server processes on one database at once (issues
// 34 and 35: "two processes"). The API suite runs the same races through two servers in one process; here
// each process has its own connections, so on SQLite two writers really wait for the file's write lock, and
// on PostgreSQL two pools for the pod's row lock.

const MUNICH = 2867714;

async function scenario(dialect: TestDialect) {
  const database = await createTestDatabase(dialect);
  const [one, two] = await Promise.all([spawnAmiko({ database }), spawnAmiko({ database })]);
  try {
    const member = (options: { newInTown?: 'newHere' | null } = {}) =>
      memberWithSession(one.db(), { placeId: MUNICH, city: null, ...options });
    const through = (i: number, token: string) => clientFor(i % 2 === 0 ? one.url : two.url, token).trpc;
    const { db, t } = one.db();
    const starter = await member();
    const starterApi = clientFor(one.url, starter.token).trpc;

    // A pod of 5 with 3 in it: 20 ask to join at once, half through each process; exactly 2 get in.
    const pod = await starterApi.pods.start.mutate(
      podInput({ name: 'Board games Munich', placeId: MUNICH, sizeLimit: 5 }),
    );
    for (let i = 0; i < 2; i += 1)
      await through(i, (await member()).token).pods.join.mutate({ podId: pod.id });
    const joiners = await Promise.all(Array.from({ length: 20 }, () => member()));
    const joins = await Promise.allSettled(
      joiners.map((m, i) => through(i, m.token).pods.join.mutate({ podId: pod.id })),
    );
    expect(joins.filter((j) => j.status === 'fulfilled')).toHaveLength(2);
    // The others were told it is full, nothing else.
    const refusals = joins.flatMap((j) => (j.status === 'rejected' ? [(j.reason as Error).message] : []));
    expect(new Set(refusals)).toEqual(new Set(['pods:errors.full']));
    const members = await db.select().from(t.podMembers).where(eq(t.podMembers.podId, pod.id));
    expect(members).toHaveLength(5);

    // An open meetup with 8 places, its proposer going: 50 answer at once, half through each process.
    // Exactly 7 more are going, and the waitlist is in its fair order: newcomers in town and first-timers
    // first, then by the time of asking, which the pod's lock made a strict order across both processes.
    const meetup = await starterApi.meetups.propose.mutate({
      podId: pod.id,
      startsAt: `${new Date().getUTCFullYear() + 1}-06-05T19:30`,
      placeKind: 'cafe',
      venueName: 'Café Luitpold',
      venueAddress: 'Brienner Str. 11, München',
      language: 'de',
      extraPlaces: 3,
    });
    expect(meetup).toMatchObject({ capacity: 8, going: 1 });
    // Every fifth is new in town; of the others, half have been to a meetup before (a past one of the pod).
    const past = `past-${meetup.id}`;
    await insertPastMeetup(one.db(), { id: past, podId: pod.id, proposedBy: starter.id });
    const askers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => member({ newInTown: i % 5 === 0 ? 'newHere' : null })),
    );
    const comesFirst = new Set(askers.filter((_, i) => i % 5 === 0 || i % 2 === 0).map((m) => m.id));
    for (const m of askers.filter((m) => !comesFirst.has(m.id)))
      await db.insert(t.meetupRsvps).values({ meetupId: past, memberId: m.id, status: 'going' });
    const answers = await Promise.all(
      askers.map((m, i) => through(i, m.token).meetups.rsvp.mutate({ meetupId: meetup.id, going: true })),
    );
    expect(answers.filter((a) => a.myStatus === 'going')).toHaveLength(7);
    expect(answers.filter((a) => a.myStatus === 'waitlist')).toHaveLength(43);

    const rows = await db
      .select()
      .from(t.meetupRsvps)
      .where(eq(t.meetupRsvps.meetupId, meetup.id))
      .orderBy(asc(t.meetupRsvps.askedAt));
    const asked = rows.filter((r) => r.memberId !== starter.id);
    expect(new Set(asked.map((r) => r.askedAt.getTime())).size).toBe(50);
    expect(asked.slice(0, 7).every((r) => r.status === 'going')).toBe(true);
    const waiting = asked.slice(7).map((r) => r.memberId);
    const expected = [
      ...waiting.filter((id) => comesFirst.has(id)),
      ...waiting.filter((id) => !comesFirst.has(id)),
    ];
    const positions = new Map(answers.map((a, i) => [askers[i]!.id, a.waitlistPosition]));
    // Each answer gave the position at its time; asked again now, each gives its place in the final order.
    const now = await Promise.all(
      expected.map(async (id, i) => {
        const asker = askers.find((m) => m.id === id)!;
        return (await through(i, asker.token).meetups.rsvp.mutate({ meetupId: meetup.id, going: true }))
          .waitlistPosition;
      }),
    );
    expect(now).toEqual(expected.map((_, i) => i + 1));
    expect(positions.size).toBe(50);
  } finally {
    await Promise.all([one.stop(), two.stop()]);
    await database.drop();
  }
}

describe('places counted by two server processes at once', () => {
  it('on SQLite', () => scenario('sqlite'), 120_000);
  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL', () => scenario('postgres'), 120_000);
});
