import { randomUUID } from 'node:crypto';
import type { MeetupInput } from '@amiko/core';
import { instantOfWallTime } from '@amiko/core';
import { and, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { podInput } from '../support/pods.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { mailsTo } from './accounts-support.ts';

// "See you again" and reliability (issue 35.5-6): after a meetup each member who was going says who came and,
// privately, whom they would like to meet again; only mutual choices are ever shown (checked on every answer
// a member can get, and as a property over random answers), a mutual pair gets a conversation, a circle of
// three or more its next meetup; no-shows need two markers, a late cancel counts half, three in 60 days put a
// member on waitlists only; "Who came?" is mailed the morning after, once.

const MUNICH = 2867714;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ env: { JOB_POLL_MS: '100' } });
});
afterAll(() => ts?.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const munich = (options: Parameters<typeof createMember>[1] = {}) =>
  createMember(ts, { placeId: MUNICH, city: null, ...options });
const nextYear = new Date().getUTCFullYear() + 1;
const meetupOf = (podId: string, overrides: Partial<MeetupInput> = {}): MeetupInput => ({
  podId,
  startsAt: `${nextYear}-06-05T19:30`,
  placeKind: 'cafe',
  venueName: 'Café Luitpold',
  venueAddress: 'Brienner Str. 11, München',
  language: 'de',
  ...overrides,
});

/** A pod of the first member's that the others joined. */
async function podOf(members: TestMember[], overrides: Parameters<typeof podInput>[0] = {}): Promise<string> {
  const [starter, ...others] = members;
  const pod = await starter!.client.trpc.pods.start.mutate(
    podInput({ name: 'Board games Munich', placeId: MUNICH, sizeLimit: 8, ...overrides }),
  );
  for (const other of others) await other.client.trpc.pods.join.mutate({ podId: pod.id });
  return pod.id;
}

/**
 * A meetup of the pod that `going` (the proposer first) were going to, moved to have started `hoursAgo` hours
 * ago (4: it ended an hour ago).
 */
async function endedMeetup(
  podId: string,
  going: TestMember[],
  options: { hoursAgo?: number; extraPlaces?: number } = {},
): Promise<string> {
  const [proposer, ...others] = going;
  const meetup = await proposer!.client.trpc.meetups.propose.mutate(
    meetupOf(podId, { extraPlaces: options.extraPlaces ?? 0 }),
  );
  for (const other of others)
    await other.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true });
  await startedAgo(meetup.id, options.hoursAgo ?? 4);
  return meetup.id;
}

async function startedAgo(meetupId: string, hours: number) {
  const { db, t } = ts.server.database;
  await db
    .update(t.meetups)
    .set({ startsAt: new Date(Date.now() - hours * HOUR) })
    .where(eq(t.meetups.id, meetupId));
}

const answer = (member: TestMember, meetupId: string, came: TestMember[], again: TestMember[]) =>
  member.client.trpc.meetups.answerAfter.mutate({
    meetupId,
    came: came.map((m) => m.id),
    again: again.map((m) => m.id),
  });

/**
 * Everything a member can get that could carry someone's answer: their questions, the mutual results, their
 * conversations, their pods (an invitation to a circle's pod) and each pod's page and meetups.
 */
async function everythingSeenBy(member: TestMember) {
  const trpc = member.client.trpc;
  const [questions, mutual, conversations, pods, unread] = await Promise.all([
    trpc.meetups.afterQuestions.query(),
    trpc.meetups.mutual.query(),
    trpc.messages.conversations.query(),
    trpc.pods.mine.query(),
    trpc.messages.unread.query(),
  ]);
  const ofPods = await Promise.all(
    pods.map(async (p) => ({
      page: await trpc.pods.get.query({ podId: p.id }),
      meetups: p.myRole === null ? [] : await trpc.meetups.ofPod.query({ podId: p.id }),
    })),
  );
  return { questions, mutual, conversations, pods, unread, ofPods };
}

describe('the questions after a meetup', () => {
  it('asks those who were going, once the meetup has ended and for 14 days, about the others going', async () => {
    const [ana, ben, cleo, dan] = [await munich(), await munich(), await munich(), await munich()];
    const podId = await podOf([ana, ben, cleo, dan]);
    const meetupId = await endedMeetup(podId, [ana, ben, cleo]);
    const [question] = await ben.client.trpc.meetups.afterQuestions.query();
    expect(question).toMatchObject({ meetupId, podId, podName: 'Board games Munich', answered: false });
    expect(question!.others.map((o) => o.id).sort()).toEqual([ana.id, cleo.id].sort());
    expect(question!.others[0]).toEqual({
      id: expect.any(String),
      firstName: expect.any(String),
      avatarUrl: expect.any(String),
    });
    // Dan was not going; nobody is asked before the meetup has ended (3 hours after its start) or after 14 days.
    expect(await dan.client.trpc.meetups.afterQuestions.query()).toEqual([]);
    await startedAgo(meetupId, 2);
    expect(await ben.client.trpc.meetups.afterQuestions.query()).toEqual([]);
    await startedAgo(meetupId, 15 * 24);
    expect(await ben.client.trpc.meetups.afterQuestions.query()).toEqual([]);
    await startedAgo(meetupId, 4);

    // Only the others going may be chosen, never oneself nor someone who was not going; once per meetup.
    expect((await failure(answer(ben, meetupId, [], [ben]))).data?.fieldErrors).toHaveProperty('again');
    expect((await failure(answer(ben, meetupId, [dan], []))).data?.fieldErrors).toHaveProperty('came');
    expect((await failure(answer(dan, meetupId, [], []))).message).toBe('meetups:errors.notFound');
    await answer(ben, meetupId, [ana, cleo], [cleo]);
    // Answered: nothing is asked any more, but for the 14 days reports are taken the others stay reportable.
    const [answered] = await ben.client.trpc.meetups.afterQuestions.query();
    expect(answered).toEqual({ ...question, answered: true, startsAt: expect.any(Number) });
    await startedAgo(meetupId, 15 * 24);
    expect(await ben.client.trpc.meetups.afterQuestions.query()).toEqual([]);
    await startedAgo(meetupId, 4);
    expect((await failure(answer(ben, meetupId, [], []))).message).toBe('meetups:errors.answered');
  });
});

describe('see you again, revealed only when mutual', () => {
  it('changes nothing anyone receives on a one-sided yes; a mutual one is shown to both, with a conversation', async () => {
    const [ana, ben, cleo] = [
      await munich({ name: 'Ana Maier' }),
      await munich({ name: 'Ben Roth', access: 'none' }),
      await munich({ name: 'Cleo Park' }),
    ];
    const podId = await podOf([ana, ben, cleo]);
    const meetupId = await endedMeetup(podId, [ana, ben, cleo]);
    await answer(cleo, meetupId, [ana, ben], []);

    // Ana says yes to Ben; Ben has not answered yet. Nothing Ben or Cleo can get changes.
    const before = { ben: await everythingSeenBy(ben), cleo: await everythingSeenBy(cleo) };
    await answer(ana, meetupId, [ben, cleo], [ben, cleo]);
    expect(await everythingSeenBy(ben)).toEqual(before.ben);
    expect(await everythingSeenBy(cleo)).toEqual(before.cleo);
    // Ana learns nothing either: not that Cleo, who answered, did not choose her.
    expect(await ana.client.trpc.meetups.mutual.query()).toEqual({ pairs: [], circles: [] });
    expect((await ana.client.trpc.messages.conversations.query()).conversations).toEqual([]);

    // Ben says yes to Ana: both see it, and the conversation that was opened for them.
    await answer(ben, meetupId, [ana], [ana]);
    const forAna = await ana.client.trpc.meetups.mutual.query();
    const forBen = await ben.client.trpc.meetups.mutual.query();
    expect(forAna.pairs).toEqual([
      expect.objectContaining({ meetupId, other: expect.objectContaining({ id: ben.id, firstName: 'Ben' }) }),
    ]);
    expect(forBen.pairs).toEqual([
      expect.objectContaining({ meetupId, other: expect.objectContaining({ id: ana.id, firstName: 'Ana' }) }),
    ]);
    const conversationId = forAna.pairs[0]!.conversationId;
    expect(conversationId).not.toBeNull();
    expect(forBen.pairs[0]!.conversationId).toBe(conversationId);
    const listed = (await ben.client.trpc.messages.conversations.query()).conversations;
    expect(listed).toEqual([
      expect.objectContaining({ id: conversationId, lastMessage: null, unreadCount: 0 }),
    ]);
    // The first message follows the house's rule: Ben, without payment or early access, is sent to pay; Ana writes.
    const refused = await failure(
      ben.client.trpc.messages.send.mutate({ to: ana.id, clientId: randomUUID(), body: 'Hi Ana!' }),
    );
    expect(refused.data?.appCode).toBe('PAYMENT_REQUIRED');
    const sent = await ana.client.trpc.messages.send.mutate({
      to: ben.id,
      clientId: randomUUID(),
      body: 'Hi Ben!',
    });
    expect(sent.message.conversationId).toBe(conversationId);
    // Cleo, who chose nobody, still receives exactly what she did before.
    expect(await cleo.client.trpc.meetups.mutual.query()).toEqual({ pairs: [], circles: [] });
    expect((await cleo.client.trpc.messages.conversations.query()).conversations).toEqual([]);
  });

  it('keeps the conversation a pair already has', async () => {
    const [ana, ben] = [await munich(), await munich()];
    const podId = await podOf([ana, ben]);
    const sent = await ana.client.trpc.messages.send.mutate({
      to: ben.id,
      clientId: randomUUID(),
      body: 'Hello',
    });
    const meetupId = await endedMeetup(podId, [ana, ben]);
    await answer(ana, meetupId, [ben], [ben]);
    await answer(ben, meetupId, [ana], [ana]);
    const [pair] = (await ben.client.trpc.meetups.mutual.query()).pairs;
    expect(pair!.conversationId).toBe(sent.message.conversationId);
    expect((await ben.client.trpc.messages.conversations.query()).conversations).toHaveLength(1);
  });

  it('depends, for every member, only on the mutual choices, whatever the answers and their order', async () => {
    const people = 4;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.boolean(), { minLength: people, maxLength: people }), {
          minLength: people,
          maxLength: people,
        }),
        fc.array(fc.boolean(), { minLength: people, maxLength: people }),
        fc.shuffledSubarray([0, 1, 2, 3], { minLength: people, maxLength: people }),
        async (yes, camePattern, order) => {
          const members: TestMember[] = [];
          for (let i = 0; i < people; i++) members.push(await munich());
          const podId = await podOf(members);
          const meetupId = await endedMeetup(podId, members);
          for (const i of order) {
            const others = members.filter((_, j) => j !== i);
            await answer(
              members[i]!,
              meetupId,
              others.filter((_, k) => camePattern[k]),
              members.filter((_, j) => j !== i && yes[i]![j]),
            );
          }
          const mutual = (i: number, j: number) => i !== j && yes[i]![j]! && yes[j]![i]!;
          for (let x = 0; x < people; x++) {
            const got = await members[x]!.client.trpc.meetups.mutual.query();
            const expectedPairs = members.filter((_, j) => mutual(x, j)).map((m) => m.id);
            expect(got.pairs.map((p) => p.other.id).sort()).toEqual(expectedPairs.sort());
            expect(got.pairs.every((p) => p.conversationId !== null)).toBe(true);
            // The circles: the largest groups through x of three or more who all chose each other.
            const circles: string[][] = [];
            for (let mask = 0; mask < 1 << people; mask++) {
              const group = [...Array(people).keys()].filter((j) => mask & (1 << j));
              if (!group.includes(x) || group.length < 3) continue;
              if (!group.every((a) => group.every((b) => a === b || mutual(a, b)))) continue;
              const larger = [...Array(people).keys()].some(
                (k) => !group.includes(k) && group.every((a) => mutual(a, k)),
              );
              if (!larger)
                circles.push(
                  group
                    .filter((j) => j !== x)
                    .map((j) => members[j]!.id)
                    .sort(),
                );
            }
            expect(got.circles.map((c) => c.others.map((o) => o.id).sort()).sort()).toEqual(circles.sort());
            expect(got.circles.every((c) => c.kind === 'samePod' && c.podId === podId)).toBe(true);
            // The conversations x has are those of x's mutual pairs, and nothing else.
            const listed = (await members[x]!.client.trpc.messages.conversations.query()).conversations;
            expect(listed.map((c) => c.other.id).sort()).toEqual(expectedPairs.sort());
            // No invitation: everyone is in the pod.
            expect((await members[x]!.client.trpc.pods.mine.query()).map((p) => p.id)).toEqual([podId]);
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('meeting again as a circle', () => {
  it('proposes the next meetup in the pod when three or more who all chose each other are in it', async () => {
    const [ana, ben, cleo, dan] = [await munich(), await munich(), await munich(), await munich()];
    const podId = await podOf([ana, ben, cleo, dan]);
    const meetupId = await endedMeetup(podId, [ana, ben, cleo, dan]);
    await answer(ana, meetupId, [ben, cleo, dan], [ben, cleo, dan]);
    await answer(ben, meetupId, [ana, cleo, dan], [ana, cleo]);
    await answer(dan, meetupId, [ana, ben, cleo], [ana]);
    expect((await ana.client.trpc.meetups.mutual.query()).circles).toEqual([]);
    await answer(cleo, meetupId, [ana, ben, dan], [ana, ben]);
    for (const [member, others] of [
      [ana, [ben, cleo]],
      [ben, [ana, cleo]],
      [cleo, [ana, ben]],
    ] as const) {
      const { circles } = await member.client.trpc.meetups.mutual.query();
      expect(circles).toEqual([
        expect.objectContaining({ meetupId, podId, kind: 'samePod', podName: 'Board games Munich' }),
      ]);
      expect(circles[0]!.others.map((o) => o.id).sort()).toEqual(others.map((o) => o.id).sort());
    }
    // Dan, mutual with Ana only, is in no circle; once the next meetup is proposed, the proposal is done.
    expect((await dan.client.trpc.meetups.mutual.query()).circles).toEqual([]);
    await ben.client.trpc.meetups.propose.mutate(meetupOf(podId));
    expect((await ana.client.trpc.meetups.mutual.query()).circles).toEqual([]);
  });

  it('invites a circle not all in one pod to a new pod of theirs, once', async () => {
    const [ana, ben, cleo] = [await munich(), await munich(), await munich()];
    const podId = await podOf([ana, ben], { sizeLimit: 3 });
    // An open meetup: Cleo comes from outside the pod.
    const meetupId = await endedMeetup(podId, [ana, ben, cleo], { extraPlaces: 1 });
    await answer(ana, meetupId, [ben, cleo], [ben, cleo]);
    await answer(cleo, meetupId, [ana, ben], [ana, ben]);
    await answer(ben, meetupId, [ana, cleo], [ana, cleo]);
    const { db, t } = ts.server.database;
    const invitations = await db
      .select()
      .from(t.podInvitations)
      .where(eq(t.podInvitations.memberId, cleo.id));
    expect(invitations).toHaveLength(1);
    const newPod = invitations[0]!.podId;
    for (const member of [ana, ben, cleo]) {
      const mine = await member.client.trpc.pods.mine.query();
      expect(mine.find((p) => p.id === newPod)).toMatchObject({
        invited: true,
        members: [],
        joinRule: 'ask',
      });
      const { circles } = await member.client.trpc.meetups.mutual.query();
      expect(circles).toEqual([expect.objectContaining({ podId: newPod, kind: 'newPod' })]);
    }
    // Saying yes joins it; nobody else is added.
    expect(await cleo.client.trpc.pods.join.mutate({ podId: newPod })).toEqual({ outcome: 'joined' });
    const page = await cleo.client.trpc.pods.get.query({ podId: newPod });
    expect(page.members.map((m) => [m.id, m.role])).toEqual([[cleo.id, 'starter']]);
    // The first to say yes started it; the next is a member.
    await ana.client.trpc.pods.join.mutate({ podId: newPod });
    const after = await ana.client.trpc.pods.get.query({ podId: newPod });
    expect(after.members.map((m) => [m.id, m.role])).toEqual([
      [cleo.id, 'starter'],
      [ana.id, 'member'],
    ]);
  });
});

describe('no-shows, kindly', () => {
  /** A pod of a host that asks to join, to which `member` asks: the host's view of their request. */
  async function requestSeenByHost(host: TestMember, member: TestMember) {
    const pod = await host.client.trpc.pods.start.mutate(
      podInput({ name: 'Chess Munich', placeId: MUNICH, joinRule: 'ask' }),
    );
    await member.client.trpc.pods.join.mutate({ podId: pod.id });
    const page = await host.client.trpc.pods.get.query({ podId: pod.id });
    return page.requests.find((r) => r.id === member.id)!;
  }

  it('needs two markers for a no-show, counts a late cancel half, and shows hosts "came to 4 of 5"', async () => {
    const [ana, ben, cleo, zoe, host] = [
      await munich(),
      await munich(),
      await munich(),
      await munich(),
      await munich(),
    ];
    const podId = await podOf([ana, ben, cleo, zoe]);
    // Meetup 1: only Ana says Zoe was absent. Meetup 2: Ana and Ben do. Meetup 3: Zoe came.
    const first = await endedMeetup(podId, [ana, ben, cleo, zoe], { hoursAgo: 50 });
    await answer(ana, first, [ben, cleo], []);
    await answer(ben, first, [ana, cleo, zoe], []);
    const second = await endedMeetup(podId, [ana, ben, cleo, zoe], { hoursAgo: 30 });
    await answer(ana, second, [ben, cleo], []);
    await answer(ben, second, [ana, cleo], []);
    await answer(cleo, second, [ana, ben, zoe], []);
    await endedMeetup(podId, [ana, ben, zoe], { hoursAgo: 20 });
    expect((await requestSeenByHost(host, zoe)).meetups).toEqual({ came: 2, of: 3 });

    // Zoe gives up her place an hour before a meetup: she did not come (half a no-show for the waitlist).
    const late = await ana.client.trpc.meetups.propose.mutate(meetupOf(podId));
    await zoe.client.trpc.meetups.rsvp.mutate({ meetupId: late.id, going: true });
    const { db, t } = ts.server.database;
    await db
      .update(t.meetups)
      .set({ startsAt: new Date(Date.now() + HOUR) })
      .where(eq(t.meetups.id, late.id));
    await zoe.client.trpc.meetups.rsvp.mutate({ meetupId: late.id, going: false });
    await startedAgo(late.id, 4);
    // Giving up in good time counts nothing.
    const early = await ana.client.trpc.meetups.propose.mutate(meetupOf(podId));
    await zoe.client.trpc.meetups.rsvp.mutate({ meetupId: early.id, going: true });
    await zoe.client.trpc.meetups.rsvp.mutate({ meetupId: early.id, going: false });
    await startedAgo(early.id, 4);
    await db
      .update(t.meetupRsvps)
      .set({ gaveUpAt: new Date(Date.now() - 2 * DAY) })
      .where(and(eq(t.meetupRsvps.meetupId, early.id), eq(t.meetupRsvps.memberId, zoe.id)));
    const seen = await requestSeenByHost(host, zoe);
    expect(seen.meetups).toEqual({ came: 2, of: 4 });
  });

  it('puts a member with three no-shows in 60 days (late cancels half) on waitlists only, for 30 days', async () => {
    const [ana, ben, cleo, zoe] = [await munich(), await munich(), await munich(), await munich()];
    const podId = await podOf([ana, ben, cleo, zoe]);
    const { db, t } = ts.server.database;
    const noShow = async (daysAgo: number) => {
      const id = await endedMeetup(podId, [ana, ben, zoe]);
      await answer(ana, id, [ben], []);
      await answer(ben, id, [ana], []);
      await startedAgo(id, daysAgo * 24);
    };
    const lateCancel = async (daysAgo: number) => {
      const id = await endedMeetup(podId, [ana, zoe]);
      await db
        .update(t.meetupRsvps)
        .set({ status: 'cantGo', gaveUpAt: new Date(Date.now() - daysAgo * DAY - HOUR) })
        .where(and(eq(t.meetupRsvps.meetupId, id), eq(t.meetupRsvps.memberId, zoe.id)));
      await startedAgo(id, daysAgo * 24);
    };
    const zoeAnswers = async () => {
      const next = await ana.client.trpc.meetups.propose.mutate(meetupOf(podId));
      return (await zoe.client.trpc.meetups.rsvp.mutate({ meetupId: next.id, going: true })).myStatus;
    };
    // Two no-shows and a late cancel: 2.5, still going. One more late cancel: 3 within 60 days.
    await noShow(50);
    await noShow(20);
    await lateCancel(10);
    expect(await zoeAnswers()).toBe('going');
    await lateCancel(5);
    expect(await zoeAnswers()).toBe('waitlist');
    // Others are not touched: Cleo goes.
    const next = await ana.client.trpc.meetups.propose.mutate(meetupOf(podId));
    expect((await cleo.client.trpc.meetups.rsvp.mutate({ meetupId: next.id, going: true })).myStatus).toBe(
      'going',
    );
    // 30 days after the third: going again (the misses moved back in time by 31 days).
    const rows = await db
      .select({ id: t.meetups.id, startsAt: t.meetups.startsAt })
      .from(t.meetups)
      .where(eq(t.meetups.podId, podId));
    for (const row of rows)
      if (row.startsAt.getTime() < Date.now())
        await db
          .update(t.meetups)
          .set({ startsAt: new Date(row.startsAt.getTime() - 31 * DAY) })
          .where(eq(t.meetups.id, row.id));
    const gaveUp = await db.select().from(t.meetupRsvps).where(eq(t.meetupRsvps.memberId, zoe.id));
    for (const row of gaveUp)
      if (row.gaveUpAt)
        await db
          .update(t.meetupRsvps)
          .set({ gaveUpAt: new Date(row.gaveUpAt.getTime() - 31 * DAY) })
          .where(and(eq(t.meetupRsvps.meetupId, row.meetupId), eq(t.meetupRsvps.memberId, zoe.id)));
    expect(await zoeAnswers()).toBe('going');
  });
});

describe('"Who came?" the morning after', () => {
  it('is mailed at 9:00 in the meetup’s time zone to each member going, in their language, once', async () => {
    const [ana, ben, cleo] = [await munich(), await munich({ language: 'de' }), await munich()];
    const podId = await podOf([ana, ben, cleo]);
    const meetup = await ana.client.trpc.meetups.propose.mutate(meetupOf(podId));
    await ben.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true });
    const { db, t } = ts.server.database;
    const [job] = await db
      .select()
      .from(t.jobs)
      .where(eq(t.jobs.key, `meetupAfter:${meetup.id}`));
    expect(job!.runAt.toISOString()).toBe(
      instantOfWallTime(`${nextYear}-06-06T09:00`, 'Europe/Berlin')!.toISOString(),
    );
    expect(job!.runAt.toISOString()).toBe(`${nextYear}-06-06T07:00:00.000Z`);

    // The morning comes.
    await startedAgo(meetup.id, 14);
    await db.update(t.jobs).set({ runAt: new Date() }).where(eq(t.jobs.id, job!.id));
    const deadline = Date.now() + 15_000;
    while ((await mailsTo(ts, ben.email)).length === 0 && Date.now() < deadline) await sleep(100);
    const [toBen] = await mailsTo(ts, ben.email);
    expect(toBen!.subject).toBe('Wer war beim Treffen von Board games Munich?');
    expect(toBen!.text).toContain(`/pods/${podId}`);
    const [toAna] = await mailsTo(ts, ana.email);
    expect(toAna!.subject).toBe('Who came to the meetup of Board games Munich?');
    expect(await mailsTo(ts, cleo.email)).toEqual([]);

    // The morning's job runs again (as after a restart that lost its outcome): each member's mail is keyed, and
    // sent once.
    expect(
      await db
        .select()
        .from(t.jobs)
        .where(like(t.jobs.key, `meetupAfterMail:${meetup.id}:%`)),
    ).toHaveLength(2);
    await db.update(t.jobs).set({ runAt: new Date(), doneAt: null }).where(eq(t.jobs.id, job!.id));
    await sleep(1500);
    const [again] = await db.select().from(t.jobs).where(eq(t.jobs.id, job!.id));
    expect(again!.doneAt).not.toBeNull();
    expect(await mailsTo(ts, ben.email)).toHaveLength(1);
    expect(await mailsTo(ts, ana.email)).toHaveLength(1);
  });

  it('is not mailed to a member who has answered already (their card only keeps Report)', async () => {
    const [ana, ben] = [await munich(), await munich()];
    const podId = await podOf([ana, ben]);
    const meetup = await ana.client.trpc.meetups.propose.mutate(meetupOf(podId));
    await ben.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true });
    await startedAgo(meetup.id, 14);
    await answer(ben, meetup.id, [ana], []);
    const { db, t } = ts.server.database;
    await db
      .update(t.jobs)
      .set({ runAt: new Date() })
      .where(eq(t.jobs.key, `meetupAfter:${meetup.id}`));
    const deadline = Date.now() + 15_000;
    while ((await mailsTo(ts, ana.email)).length === 0 && Date.now() < deadline) await sleep(100);
    expect(await mailsTo(ts, ana.email)).toHaveLength(1);
    // Each member's mail is a job of its own: Ben's has run too, and sent nothing.
    const benJob = () =>
      db
        .select()
        .from(t.jobs)
        .where(eq(t.jobs.key, `meetupAfterMail:${meetup.id}:${ben.id}`));
    while (!(await benJob())[0]?.doneAt && Date.now() < deadline) await sleep(100);
    expect((await benJob())[0]?.doneAt).toBeTruthy();
    expect(await mailsTo(ts, ben.email)).toEqual([]);
  });
});
