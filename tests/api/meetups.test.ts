import { SESSION_COOKIE, type MeetupInput, type PodInput } from '@amiko/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { eventually, openSocket, sessionCookie } from '../support/messaging.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { insertPastMeetup, podInput } from '../support/pods.ts';

// Meetups (issue 35, first slice): proposing, going or can't go with a fair waitlist, exact under 50
// answers at once through two servers on one database, the venue only for those going, blocks (made before
// answering or after).

const MUNICH = 2867714;

let ts: TestServer;
let second: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
  second = await startTestServer({ database: ts.db });
});
afterAll(async () => {
  await second?.stop();
  await ts?.stop();
});

const munich = (server: TestServer = ts, options: Parameters<typeof createMember>[1] = {}) =>
  createMember(server, { placeId: MUNICH, city: null, ...options });

const pod = (overrides: Partial<PodInput> = {}): PodInput =>
  podInput({
    name: 'Board games Munich',
    languages: ['de', 'en'],
    placeId: MUNICH,
    sizeLimit: 3,
    ...overrides,
  });

const nextYear = new Date().getUTCFullYear() + 1;
const meetup = (podId: string, overrides: Partial<MeetupInput> = {}): MeetupInput => ({
  podId,
  startsAt: `${nextYear}-06-05T19:30`,
  placeKind: 'cafe',
  venueName: 'Café Luitpold',
  venueAddress: 'Brienner Str. 11, München',
  language: 'de',
  ...overrides,
});

describe('proposing a meetup', () => {
  it('reads the time in the place’s zone and shows the venue only to members going', async () => {
    const starter = await munich();
    const started = await starter.client.trpc.pods.start.mutate(pod());
    const other = await munich();
    await other.client.trpc.pods.join.mutate({ podId: started.id });
    const proposed = await starter.client.trpc.meetups.propose.mutate(meetup(started.id));
    // 19:30 in Munich in June (summer time) is 17:30 UTC.
    expect(new Date(proposed.startsAt).toISOString()).toBe(`${nextYear}-06-05T17:30:00.000Z`);
    expect(proposed).toMatchObject({
      timeZone: 'Europe/Berlin',
      area: 'Munich',
      venueName: 'Café Luitpold',
      myStatus: 'going',
      capacity: 3,
      open: false,
      going: 1,
    });
    const [seen] = await other.client.trpc.meetups.ofPod.query({ podId: started.id });
    expect(seen).toMatchObject({ area: 'Munich', venueName: null, venueAddress: null, onlineLink: null });
    const going = await other.client.trpc.meetups.rsvp.mutate({ meetupId: proposed.id, going: true });
    expect(going).toMatchObject({ myStatus: 'going', venueName: 'Café Luitpold' });
    const notGoing = await other.client.trpc.meetups.rsvp.mutate({ meetupId: proposed.id, going: false });
    expect(notGoing).toMatchObject({ myStatus: 'cantGo', venueName: null, venueAddress: null });
  });

  it('refuses the past, a venue without its name, online without a link, and non-members', async () => {
    const starter = await munich();
    const started = await starter.client.trpc.pods.start.mutate(pod());
    const fields = async (input: MeetupInput) =>
      (await failure(starter.client.trpc.meetups.propose.mutate(input))).data?.fieldErrors;
    expect(await fields(meetup(started.id, { venueName: '' }))).toHaveProperty('venueName');
    expect(
      await fields(meetup(started.id, { placeKind: 'online', timeZone: 'Europe/Berlin' })),
    ).toHaveProperty('onlineLink');
    const past = await failure(
      starter.client.trpc.meetups.propose.mutate(meetup(started.id, { startsAt: '2020-01-01T10:00' })),
    );
    expect(past.message).toBe('meetups:errors.inThePast');
    const stranger = await munich();
    expect((await failure(stranger.client.trpc.meetups.propose.mutate(meetup(started.id)))).message).toBe(
      'pods:errors.notFound',
    );
  });
});

describe('the fair waitlist', () => {
  it('gives 50 answers at once through two servers exactly 8 places, the waitlist in its fair order', async () => {
    const starter = await munich();
    const started = await starter.client.trpc.pods.start.mutate(pod());
    const open = await starter.client.trpc.meetups.propose.mutate(meetup(started.id, { extraPlaces: 5 }));
    expect(open).toMatchObject({ capacity: 8, open: true });
    await starter.client.trpc.meetups.rsvp.mutate({ meetupId: open.id, going: false });

    // Every fifth is new in town; of the others, half have been to a meetup before (a past one of this pod).
    const { db, t } = ts.server.database;
    const past = 'past-' + open.id;
    await insertPastMeetup(ts.server.database, { id: past, podId: started.id, proposedBy: starter.id });
    const askers: TestMember[] = [];
    for (let i = 0; i < 50; i++) {
      const member = await munich(i % 2 === 0 ? ts : second, { newInTown: i % 5 === 0 ? 'newHere' : null });
      if (i % 5 !== 0 && i % 2 === 1)
        await db.insert(t.meetupRsvps).values({ meetupId: past, memberId: member.id, status: 'going' });
      askers.push(member);
    }
    const answers = await Promise.all(
      askers.map((m) => m.client.trpc.meetups.rsvp.mutate({ meetupId: open.id, going: true })),
    );
    expect(answers.filter((a) => a.myStatus === 'going')).toHaveLength(8);
    expect(answers.filter((a) => a.myStatus === 'waitlist')).toHaveLength(42);
    // The venue only for those going, on every answer.
    for (const a of answers) expect(a.venueName !== null).toBe(a.myStatus === 'going');

    const rows = await db.select().from(t.meetupRsvps).where(eq(t.meetupRsvps.meetupId, open.id));
    const asked = rows
      .filter((r) => r.memberId !== starter.id)
      .sort((a, b) => a.askedAt.getTime() - b.askedAt.getTime());
    expect(new Set(asked.map((r) => r.askedAt.getTime())).size).toBe(50);
    // The first 8 to ask (in the lock's order) are going.
    expect(asked.slice(0, 8).every((r) => r.status === 'going')).toBe(true);
    const index = new Map(askers.map((m, i) => [m.id, i]));
    const comesFirst = (id: string) => {
      const i = index.get(id)!;
      return i % 5 === 0 || i % 2 === 0;
    };
    const expected = [
      ...asked.slice(8).filter((r) => comesFirst(r.memberId)),
      ...asked.slice(8).filter((r) => !comesFirst(r.memberId)),
    ].map((r) => r.memberId);
    const positions = new Map(answers.map((a, i) => [askers[i]!.id, a]));
    const now = await Promise.all(
      expected.map(async (id) => {
        const member = askers[index.get(id)!]!;
        return (await member.client.trpc.meetups.rsvp.mutate({ meetupId: open.id, going: true }))
          .waitlistPosition;
      }),
    );
    expect(now).toEqual(expected.map((_, i) => i + 1));
    expect(positions.size).toBe(50);

    // Someone going can't go: the first on the waitlist moves up, and sees the venue.
    const leaving = askers.find((m) => positions.get(m.id)!.myStatus === 'going')!;
    await leaving.client.trpc.meetups.rsvp.mutate({ meetupId: open.id, going: false });
    const first = askers[index.get(expected[0]!)!]!;
    const [moved] = await db
      .select()
      .from(t.meetupRsvps)
      .where(and(eq(t.meetupRsvps.meetupId, open.id), eq(t.meetupRsvps.memberId, first.id)));
    expect(moved!.status).toBe('going');
    const view = await first.client.trpc.meetups.rsvp.mutate({ meetupId: open.id, going: true });
    expect(view).toMatchObject({ myStatus: 'going', venueName: 'Café Luitpold', going: 8, waitlist: 41 });
  });
});

describe('blocks', () => {
  it('never puts a blocked pair in one meetup', async () => {
    const starter = await munich();
    const started = await starter.client.trpc.pods.start.mutate(pod({ sizeLimit: 4 }));
    const x = await munich();
    const y = await munich();
    await x.client.trpc.pods.join.mutate({ podId: started.id });
    await y.client.trpc.pods.join.mutate({ podId: started.id });
    const open = await starter.client.trpc.meetups.propose.mutate(meetup(started.id, { extraPlaces: 2 }));
    await x.client.trpc.blocks.block.mutate({ memberId: y.id });
    await x.client.trpc.meetups.rsvp.mutate({ meetupId: open.id, going: true });
    const refused = await failure(y.client.trpc.meetups.rsvp.mutate({ meetupId: open.id, going: true }));
    expect(refused.message).toBe('meetups:errors.notAvailable');
    // Someone outside the pod who blocked a member of it finds no such meetup.
    const outsider = await munich();
    await outsider.client.trpc.blocks.block.mutate({ memberId: starter.id });
    const hidden = await failure(
      outsider.client.trpc.meetups.rsvp.mutate({ meetupId: open.id, going: true }),
    );
    expect(hidden.message).toBe('meetups:errors.notFound');
    const { db, t } = ts.server.database;
    const going = await db.select().from(t.meetupRsvps).where(eq(t.meetupRsvps.meetupId, open.id));
    expect(going.map((r) => r.memberId).sort()).toEqual([starter.id, x.id].sort());
  });

  it('takes the later of a pair out of every meetup they share when a block comes after, and fills the place', async () => {
    const starter = await munich();
    const started = await starter.client.trpc.pods.start.mutate(pod());
    const [x, y, outsider, waiting] = [await munich(), await munich(), await munich(), await munich()];
    await x.client.trpc.pods.join.mutate({ podId: started.id });
    await y.client.trpc.pods.join.mutate({ podId: started.id });
    const first = await starter.client.trpc.meetups.propose.mutate(meetup(started.id, { extraPlaces: 1 }));
    const second = await starter.client.trpc.meetups.propose.mutate(
      meetup(started.id, { startsAt: `${nextYear}-06-12T19:30` }),
    );
    const rsvp = (member: TestMember, meetupId: string) =>
      member.client.trpc.meetups.rsvp.mutate({ meetupId, going: true });
    // The first: x asks before y; full with the outsider, so one more waits. The second: y before x.
    await rsvp(x, first.id);
    await rsvp(y, first.id);
    await rsvp(outsider, first.id);
    expect(await rsvp(waiting, first.id)).toMatchObject({ myStatus: 'waitlist' });
    await rsvp(y, second.id);
    await rsvp(x, second.id);

    // y blocks x: whoever asked later gives the place back, the one who blocked or not.
    await y.client.trpc.blocks.block.mutate({ memberId: x.id });
    const { db, t } = ts.server.database;
    const answers = async (meetupId: string) =>
      Object.fromEntries(
        (
          await db
            .select({ memberId: t.meetupRsvps.memberId, status: t.meetupRsvps.status })
            .from(t.meetupRsvps)
            .where(eq(t.meetupRsvps.meetupId, meetupId))
        ).map((r) => [r.memberId, r.status]),
      );
    expect(await answers(first.id)).toEqual({
      [starter.id]: 'going',
      [x.id]: 'going',
      [outsider.id]: 'going',
      [waiting.id]: 'going',
    });
    expect(await answers(second.id)).toEqual({ [starter.id]: 'going', [y.id]: 'going' });
    // Withdrawn as if never given: no late cancel; and the pair can't answer back in.
    const [seen] = await y.client.trpc.meetups.ofPod.query({ podId: started.id });
    expect(seen).toMatchObject({ id: first.id, myStatus: null, going: 4, waitlist: 0 });
    expect((await failure(rsvp(y, first.id))).message).toBe('meetups:errors.notAvailable');
    expect((await failure(rsvp(x, second.id))).message).toBe('meetups:errors.notAvailable');
  });

  it('tells an outsider live when a block withdraws their answer to an open meetup', async () => {
    const starter = await munich();
    const started = await starter.client.trpc.pods.start.mutate(pod());
    const [member, outsider] = [await munich(), await munich()];
    await member.client.trpc.pods.join.mutate({ podId: started.id });
    const open = await starter.client.trpc.meetups.propose.mutate(meetup(started.id, { extraPlaces: 2 }));
    await member.client.trpc.meetups.rsvp.mutate({ meetupId: open.id, going: true });
    await outsider.client.trpc.meetups.rsvp.mutate({ meetupId: open.id, going: true });
    const socket = openSocket(ts.url, {
      cookie: sessionCookie(outsider.client.http.cookies.get(SESSION_COOKIE)!),
    });
    const heard: string[] = [];
    socket.on('pod:meetups', (event) => heard.push(event.podId));
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      // The member blocks the outsider, who asked later: their answer goes, and their card must show it.
      await member.client.trpc.blocks.block.mutate({ memberId: outsider.id });
      await eventually(() => heard.includes(started.id), 'pod:meetups for the outsider');
    } finally {
      socket.close();
    }
  });
});
