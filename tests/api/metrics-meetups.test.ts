import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../support/members.ts';
import { podInput } from '../support/pods.ts';
import { parseMetrics, sampleValue, type Sample } from '../support/prometheus.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// The meetups' metrics (issue 35.9) of a real server with METRICS_PORT, on SQLite and PostgreSQL: meetups
// proposed, answers by answer (an answer repeated is not counted again), and the attendance marks given after
// a meetup, came and absent, by how many.

const MUNICH = 2867714;
const HOUR = 3_600_000;

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ env: { METRICS_PORT: '0' } });
});
afterAll(() => ts?.stop());

async function scrape(): Promise<Sample[]> {
  const response = await fetch(ts.metricsUrl!);
  expect(response.status).toBe(200);
  return parseMetrics(await response.text());
}

const munich = () => createMember(ts, { placeId: MUNICH, city: null });
const nextYear = new Date().getUTCFullYear() + 1;

describe('meetup metrics', () => {
  it('count meetups proposed, answers by answer and attendance marks', async () => {
    const before = await scrape();
    expect(sampleValue(before, 'amiko_meetups_proposed_total')).toBe(0);
    for (const answer of ['going', 'waitlist', 'cantGo'])
      expect(sampleValue(before, 'amiko_meetup_rsvps_total', { answer })).toBe(0);
    for (const mark of ['came', 'absent'])
      expect(sampleValue(before, 'amiko_meetup_attendance_marks_total', { mark })).toBe(0);

    const members: TestMember[] = [];
    for (let i = 0; i < 5; i++) members.push(await munich());
    const [proposer, a, b, c, d] = members as [TestMember, ...TestMember[]];
    const pod = await proposer.client.trpc.pods.start.mutate(
      podInput({ name: 'Board games Munich', placeId: MUNICH, sizeLimit: 8 }),
    );
    for (const other of [a!, b!, c!, d!]) await other.client.trpc.pods.join.mutate({ podId: pod.id });
    // Room for three: the proposer, a and b go; c waits; d can't go, says so twice (counted once).
    const meetup = await proposer.client.trpc.meetups.propose.mutate({
      podId: pod.id,
      startsAt: `${nextYear}-06-05T19:30`,
      placeKind: 'cafe',
      venueName: 'Café Luitpold',
      venueAddress: 'Brienner Str. 11, München',
      language: 'de',
    });
    const { db, t } = ts.server.database;
    await db.update(t.meetups).set({ capacity: 3 }).where(eq(t.meetups.id, meetup.id));
    await a!.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true });
    await a!.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true });
    await b!.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true });
    await c!.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true });
    await d!.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: false });
    await d!.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: false });

    const answered = await scrape();
    expect(sampleValue(answered, 'amiko_meetups_proposed_total')).toBe(1);
    expect(sampleValue(answered, 'amiko_meetup_rsvps_total', { answer: 'going' })).toBe(2);
    expect(sampleValue(answered, 'amiko_meetup_rsvps_total', { answer: 'waitlist' })).toBe(1);
    expect(sampleValue(answered, 'amiko_meetup_rsvps_total', { answer: 'cantGo' })).toBe(1);

    // It ended an hour ago; the proposer says a came and b did not.
    await db
      .update(t.meetups)
      .set({ startsAt: new Date(Date.now() - 4 * HOUR) })
      .where(eq(t.meetups.id, meetup.id));
    await proposer.client.trpc.meetups.answerAfter.mutate({ meetupId: meetup.id, came: [a!.id], again: [] });

    const after = await scrape();
    expect(sampleValue(after, 'amiko_meetup_attendance_marks_total', { mark: 'came' })).toBe(1);
    expect(sampleValue(after, 'amiko_meetup_attendance_marks_total', { mark: 'absent' })).toBe(1);
  });
});
