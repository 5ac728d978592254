import type { MeetupInput, PodInput } from '@amiko/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { podInput } from '../support/pods.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// The Meetups page (issue 35, item 8): open meetups this week near the member (the near-me distances) or
// online, of an interest, and those of their own pods; "This week" on the start page. Upcoming, not cancelled, never of a
// pod with someone blocked either way, the venue only for those going.

const MUNICH = 2867714;
const GARCHING = 2922582; // 14 km north of Munich
const HAMBURG = 2911298;

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(async () => {
  await ts?.stop();
});

const member = (placeId: number) => createMember(ts, { placeId, city: null });
const pod = (overrides: Partial<PodInput> = {}): PodInput =>
  podInput({ name: 'Board games', languages: ['de', 'en'], placeId: GARCHING, sizeLimit: 3, ...overrides });

const nextYear = new Date().getUTCFullYear() + 1;
/** The wall time `days` from now, as the propose form sends it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);
const meetup = (podId: string, overrides: Partial<MeetupInput> = {}): MeetupInput => ({
  podId,
  startsAt: `${nextYear}-06-05T19:30`,
  placeKind: 'cafe',
  venueName: 'Café Secret',
  venueAddress: 'Hauptstr. 1',
  language: 'de',
  ...overrides,
});

/** A starter in `place` with a pod there and a meetup of it in 3 days, open (2 extra places) unless told. */
async function podWithMeetup(
  place: number | null,
  podOverrides: Partial<PodInput> = {},
  extraPlaces = 2,
  startsAt = inDays(3),
) {
  const starter = await member(place ?? MUNICH);
  const started = await starter.client.trpc.pods.start.mutate(pod({ placeId: place, ...podOverrides }));
  const proposed = await starter.client.trpc.meetups.propose.mutate(
    meetup(
      started.id,
      place === null
        ? {
            placeKind: 'online',
            onlineLink: 'https://meet.example/x',
            timeZone: 'Europe/Berlin',
            extraPlaces,
            startsAt,
          }
        : { extraPlaces, startsAt },
    ),
  );
  return { starter, podId: started.id, meetupId: proposed.id };
}

const ids = (views: { id: string }[]) => views.map((v) => v.id);

describe('meetups.find', () => {
  it('near: open meetups this week within the distance and online ones, without the venue, never closed ones', async () => {
    const garching = await podWithMeetup(GARCHING, { interests: ['pottery'] });
    const nextWeek = await podWithMeetup(GARCHING, { interests: ['pottery'] }, 2, inDays(9));
    const closedOne = await podWithMeetup(GARCHING, {}, 0);
    const hamburg = await podWithMeetup(HAMBURG);
    const online = await podWithMeetup(null, { sizeLimit: 3 });
    const me = await member(MUNICH);
    const near = await me.client.trpc.meetups.find.query({ scope: 'near', distanceKm: 25 });
    expect(ids(near)).toContain(garching.meetupId);
    expect(ids(near)).toContain(online.meetupId);
    expect(ids(near)).not.toContain(hamburg.meetupId);
    // Later than this week: not near, but found by its interest.
    expect(ids(near)).not.toContain(nextWeek.meetupId);
    expect(ids(await me.client.trpc.meetups.find.query({ scope: 'interest', interest: 'pottery' }))).toEqual(
      expect.arrayContaining([garching.meetupId, nextWeek.meetupId]),
    );
    // Not open (capacity the pod's size): only for its members.
    expect(ids(near)).not.toContain(closedOne.meetupId);
    expect(near.find((m) => m.id === garching.meetupId)).toMatchObject({
      open: true,
      podName: 'Board games',
      area: 'Garching',
      venueName: null,
      venueAddress: null,
      myStatus: null,
    });
    expect(near.find((m) => m.id === online.meetupId)?.onlineLink).toBeNull();
    // 10 km does not reach Garching (14 km away).
    const closer = await me.client.trpc.meetups.find.query({ scope: 'near', distanceKm: 10 });
    expect(ids(closer)).not.toContain(garching.meetupId);
    expect(ids(closer)).toContain(online.meetupId);

    // Going: the outsider joins the meetup (not the pod) and now sees the venue.
    const going = await me.client.trpc.meetups.rsvp.mutate({ meetupId: garching.meetupId, going: true });
    expect(going).toMatchObject({ myStatus: 'going', venueName: 'Café Secret' });
    const again = await me.client.trpc.meetups.find.query({ scope: 'near' });
    expect(again.find((m) => m.id === garching.meetupId)?.venueName).toBe('Café Secret');
    // Cancelled: gone.
    await garching.starter.client.trpc.meetups.cancel.mutate({ meetupId: garching.meetupId });
    expect(ids(await me.client.trpc.meetups.find.query({ scope: 'near' }))).not.toContain(garching.meetupId);
  });

  it('mine: every upcoming meetup of the member’s pods, open or not; interest: open ones of that interest', async () => {
    const own = await podWithMeetup(MUNICH, { interests: ['hiking'] }, 0);
    const hiking = await podWithMeetup(HAMBURG, { interests: ['hiking'] });
    const chess = await podWithMeetup(MUNICH, { interests: ['chess'] });
    const mine = await own.starter.client.trpc.meetups.find.query({ scope: 'mine' });
    expect(ids(mine)).toEqual([own.meetupId]);
    expect(mine[0]).toMatchObject({ venueName: 'Café Secret', myStatus: 'going' });
    const me = await member(MUNICH);
    expect(await me.client.trpc.meetups.find.query({ scope: 'mine' })).toEqual([]);
    const byInterest = ids(
      await me.client.trpc.meetups.find.query({ scope: 'interest', interest: 'hiking' }),
    );
    expect(byInterest).toContain(hiking.meetupId);
    expect(byInterest).not.toContain(own.meetupId);
    expect(byInterest).not.toContain(chess.meetupId);
    expect(await me.client.trpc.meetups.find.query({ scope: 'interest' })).toEqual([]);
  });

  it('never shows a meetup of a pod with someone the member blocked or who blocked them', async () => {
    const one = await podWithMeetup(GARCHING, { interests: ['climbing'] });
    const two = await podWithMeetup(GARCHING, { interests: ['climbing'] });
    const me = await member(MUNICH);
    await me.client.trpc.blocks.block.mutate({ memberId: one.starter.id });
    await two.starter.client.trpc.blocks.block.mutate({ memberId: me.id });
    for (const scope of ['near', 'interest'] as const) {
      const found = ids(await me.client.trpc.meetups.find.query({ scope, interest: 'climbing' }));
      expect(found).not.toContain(one.meetupId);
      expect(found).not.toContain(two.meetupId);
    }
    const other = await member(MUNICH);
    const found = ids(
      await other.client.trpc.meetups.find.query({ scope: 'interest', interest: 'climbing' }),
    );
    expect(found).toEqual(expect.arrayContaining([one.meetupId, two.meetupId]));
  });
});

describe('meetups.thisWeek', () => {
  it('lists the meetups the member is going to in the next 7 days, soonest first', async () => {
    const starter = await member(MUNICH);
    const started = await starter.client.trpc.pods.start.mutate(pod({ placeId: MUNICH }));
    const soon = await starter.client.trpc.meetups.propose.mutate(
      meetup(started.id, { startsAt: inDays(2) }),
    );
    const sooner = await starter.client.trpc.meetups.propose.mutate(
      meetup(started.id, { startsAt: inDays(1), extraPlaces: 2 }),
    );
    await starter.client.trpc.meetups.propose.mutate(meetup(started.id, { startsAt: inDays(10) }));
    expect(ids(await starter.client.trpc.meetups.thisWeek.query())).toEqual([sooner.id, soon.id]);
    // An outsider going to the open one has it this week, with the venue; can't go takes it away.
    const me = await member(MUNICH);
    expect(await me.client.trpc.meetups.thisWeek.query()).toEqual([]);
    await me.client.trpc.meetups.rsvp.mutate({ meetupId: sooner.id, going: true });
    const [week] = await me.client.trpc.meetups.thisWeek.query();
    expect(week).toMatchObject({ id: sooner.id, venueName: 'Café Secret', myStatus: 'going' });
    await me.client.trpc.meetups.rsvp.mutate({ meetupId: sooner.id, going: false });
    expect(await me.client.trpc.meetups.thisWeek.query()).toEqual([]);
  });
});

describe('a pod’s next meetup on its card', () => {
  it('is its soonest meetup not cancelled, the time only, to members and to others finding the pod', async () => {
    const starter = await member(MUNICH);
    const started = await starter.client.trpc.pods.start.mutate(
      pod({ placeId: MUNICH, interests: ['baking'] }),
    );
    expect((await starter.client.trpc.pods.get.query({ podId: started.id })).nextMeetup).toBeNull();
    const later = await starter.client.trpc.meetups.propose.mutate(
      meetup(started.id, { startsAt: inDays(9) }),
    );
    const sooner = await starter.client.trpc.meetups.propose.mutate(
      meetup(started.id, { startsAt: inDays(2) }),
    );
    const other = await member(MUNICH);
    const seenByOther = async () =>
      (await other.client.trpc.pods.find.query({ where: 'near', interest: 'baking' })).find(
        (p) => p.id === started.id,
      )?.nextMeetup;
    expect(await seenByOther()).toEqual({ startsAt: sooner.startsAt, timeZone: 'Europe/Berlin' });
    expect((await starter.client.trpc.pods.get.query({ podId: started.id })).nextMeetup).toEqual({
      startsAt: sooner.startsAt,
      timeZone: 'Europe/Berlin',
    });
    await starter.client.trpc.meetups.cancel.mutate({ meetupId: sooner.id });
    expect((await seenByOther())?.startsAt).toBe(later.startsAt);
    await starter.client.trpc.meetups.cancel.mutate({ meetupId: later.id });
    expect(await seenByOther()).toBeNull();
  });
});
