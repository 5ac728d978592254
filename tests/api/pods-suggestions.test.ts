import type { PodUnreadState } from '@amiko/api';
import { INTERESTS, INTERESTS_MIN, SESSION_COOKIE, type Interest, type PodInput } from '@amiko/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { openSocket, sessionCookie } from '../support/messaging.ts';
import { mailsTo } from './accounts-support.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { podInput } from '../support/pods.ts';

// Suggestions that start pods (issue 34.3), on both databases: who counts as a neighbour who shares an
// interest, that each suggestion is shown once, that starting it invites the others and that nobody is in a
// pod without saying yes; blocks, suspensions and pods already held. Each test has a town and an interest of
// its own, so the others' members are never its neighbours.

const MUNICH = 2867714;
const GARCHING = 2922582; // 14 km north of Munich
const HAMBURG = 2911298;
const BERLIN = 2950159;
const COLOGNE = 2886242;
const LEIPZIG = 2879139;
const FRANKFURT = 2925533;

let ts: TestServer;
beforeAll(async () => {
  // Jobs (the invitation mails) looked for every 100 ms.
  ts = await startTestServer({ env: { JOB_POLL_MS: '100' } });
});
afterAll(async () => {
  await ts?.stop();
});

const TESTED: readonly Interest[] = ['chess', 'pottery', 'calligraphy', 'birdwatching', 'sailing'];
/**
 * The other interests a finished profile needs, dealt out in turn from the rest of the catalog: no eight
 * members made one after the other hold one of them in common three times, so none of them is ever suggested.
 */
const FILLERS = INTERESTS.filter((i) => !TESTED.includes(i));
let dealt = 0;
function fillers(): Interest[] {
  return Array.from({ length: INTERESTS_MIN - 1 }, () => FILLERS[dealt++ % FILLERS.length]!);
}

/** A member at a place who loves one interest, the one that can be suggested to them. */
const lover = (placeId: number, interest: Interest, options: Parameters<typeof createMember>[1] = {}) =>
  createMember(ts, {
    placeId,
    city: null,
    interests: [interest, ...fillers()],
    nativeLanguage: 'de',
    ...options,
  });

const pod = (interest: Interest, overrides: Partial<PodInput> = {}): PodInput =>
  podInput({
    name: `${interest} together`,
    interests: [interest],
    languages: ['de'],
    placeId: MUNICH,
    sizeLimit: 6,
    ...overrides,
  });

const suggestionOf = (member: TestMember) => member.client.trpc.pods.suggestion.query();
const myPodIds = async (member: TestMember) => (await member.client.trpc.pods.mine.query()).map((p) => p.id);

describe('who is suggested a pod', () => {
  it('shows three members within 25 km who share an interest how many others do, until each answers it', async () => {
    const [a, b] = [await lover(MUNICH, 'chess'), await lover(MUNICH, 'chess')];
    const c = await lover(GARCHING, 'chess');
    await lover(HAMBURG, 'chess'); // 600 km away: not a neighbour
    expect(await suggestionOf(a)).toEqual({
      interest: 'chess',
      people: 2,
      languages: ['de'],
      place: { id: MUNICH, name: 'Munich', region: 'Bavaria', country: 'Germany', regionNeeded: false },
    });
    expect((await suggestionOf(c))?.people).toBe(2);

    // "Not now" is an answer: a's suggestion is gone for good, the others' stay.
    await a.client.trpc.pods.dismissSuggestion.mutate({ interest: 'chess' });
    expect(await suggestionOf(a)).toBeNull();
    expect((await suggestionOf(b))?.people).toBe(2);
  });

  it('needs two others, a place and a finished profile', async () => {
    const alone = await lover(LEIPZIG, 'pottery');
    await lover(LEIPZIG, 'pottery');
    expect(await suggestionOf(alone)).toBeNull();
    const placeless = await lover(LEIPZIG, 'pottery', { placeId: null });
    expect(await suggestionOf(placeless)).toBeNull();
    const unfinished = await createMember(ts, { onboarded: false, placeId: LEIPZIG, city: null });
    expect((await failure(suggestionOf(unfinished))).message).toBe('pods:errors.finishProfile');
  });
});

describe('starting a suggested pod', () => {
  it('invites the others, as many as it has room for; each joins by saying yes or declines', async () => {
    const starter = await lover(BERLIN, 'calligraphy');
    const others = [
      await lover(BERLIN, 'calligraphy'),
      await lover(BERLIN, 'calligraphy'),
      await lover(BERLIN, 'calligraphy'),
    ];
    expect((await suggestionOf(starter))?.people).toBe(3);
    // Room for two besides the starter, and members approve who joins: the invited join all the same.
    const { pod: started, invited } = await starter.client.trpc.pods.startSuggested.mutate({
      interest: 'calligraphy',
      pod: pod('calligraphy', { placeId: BERLIN, sizeLimit: 3, joinRule: 'ask' }),
    });
    expect(invited).toBe(2);
    expect(started.members.map((m) => m.id)).toEqual([starter.id]);
    expect(await suggestionOf(starter)).toBeNull();

    const invitedMembers: TestMember[] = [];
    for (const other of others) {
      const mine = await other.client.trpc.pods.mine.query();
      const invitation = mine.find((p) => p.id === started.id);
      if (!invitation) continue;
      invitedMembers.push(other);
      expect(invitation).toMatchObject({ invited: true, myRole: null, requested: false });
      // Invited to a pod for it, they are not suggested another.
      expect(await suggestionOf(other)).toBeNull();
      expect((await other.client.trpc.pods.find.query({})).map((p) => p.id)).not.toContain(started.id);
    }
    expect(invitedMembers).toHaveLength(2);
    const [yes, no] = invitedMembers as [TestMember, TestMember];
    // Each is mailed the invitation once, in their language, without the starter's name; the other nobody.
    const invitationTo = async (member: TestMember) => {
      const deadline = Date.now() + 10_000;
      while ((await mailsTo(ts, member.email)).length === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      return mailsTo(ts, member.email);
    };
    const [mail, ...more] = await invitationTo(yes);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("You're invited to calligraphy together");
    expect(mail?.text).toContain('People near you who love calligraphy have started a small circle');
    expect(mail?.text).not.toContain(starter.name);
    expect(await invitationTo(no)).toHaveLength(1);
    const uninvited = others.find((o) => !invitedMembers.includes(o))!;
    expect(await mailsTo(ts, uninvited.email)).toEqual([]);
    // Nobody is in the pod until they say yes, and the starter never sees who was invited.
    expect((await starter.client.trpc.pods.get.query({ podId: started.id })).members).toHaveLength(1);

    expect(await yes.client.trpc.pods.join.mutate({ podId: started.id })).toEqual({ outcome: 'joined' });
    await no.client.trpc.pods.leave.mutate({ podId: started.id });
    expect(await myPodIds(no)).not.toContain(started.id);
    const now = await starter.client.trpc.pods.get.query({ podId: started.id });
    expect(now.members.map((m) => m.id)).toEqual([starter.id, yes.id]);
    expect(now.requests).toEqual([]);
    expect((await yes.client.trpc.pods.get.query({ podId: started.id })).invited).toBe(false);

    // Declining left `no` free for the interest again: with only the uninvited one beside them, no suggestion.
    expect(await suggestionOf(no)).toBeNull();
  });

  it('counts and invites nobody blocked either way, suspended, or already in a pod for the interest', async () => {
    const starter = await lover(COLOGNE, 'birdwatching');
    const blocked = await lover(COLOGNE, 'birdwatching');
    const blocker = await lover(COLOGNE, 'birdwatching');
    const suspended = await lover(COLOGNE, 'birdwatching');
    const inPod = await lover(COLOGNE, 'birdwatching');
    const welcome = [await lover(COLOGNE, 'birdwatching'), await lover(COLOGNE, 'birdwatching')];
    await inPod.client.trpc.pods.start.mutate(pod('birdwatching', { placeId: COLOGNE, name: 'Birds' }));
    await starter.client.trpc.blocks.block.mutate({ memberId: blocked.id });
    await blocker.client.trpc.blocks.block.mutate({ memberId: starter.id });
    // The suggestion counts the neighbours the index finds: the suspension is known to it at once.
    const { db, t } = ts.server.database;
    await db
      .update(t.members)
      .set({ suspendedAt: new Date(), updatedAt: new Date() })
      .where(eq(t.members.id, suspended.id));

    expect((await suggestionOf(starter))?.people).toBe(2);
    const { pod: started, invited } = await starter.client.trpc.pods.startSuggested.mutate({
      interest: 'birdwatching',
      pod: pod('birdwatching', { placeId: COLOGNE }),
    });
    expect(invited).toBe(2);
    for (const member of welcome) expect(await myPodIds(member)).toContain(started.id);
    for (const member of [blocked, blocker, inPod]) expect(await myPodIds(member)).not.toContain(started.id);
    const rows = await db.select().from(t.podInvitations).where(eq(t.podInvitations.podId, started.id));
    expect(rows.map((r) => r.memberId).sort()).toEqual(welcome.map((m) => m.id).sort());
  });

  it('keeps the suggested interest among the pod’s, and invites nobody when nobody is left', async () => {
    const starter = await lover(MUNICH, 'sailing');
    const error = await failure(
      starter.client.trpc.pods.startSuggested.mutate({ interest: 'sailing', pod: pod('chess') }),
    );
    expect(error.data?.fieldErrors).toEqual({ interests: 'pods:errors.suggestionInterest' });
    const { pod: started, invited } = await starter.client.trpc.pods.startSuggested.mutate({
      interest: 'sailing',
      pod: pod('sailing'),
    });
    expect(invited).toBe(0);
    expect(started.myRole).toBe('starter');
  });
});

describe('a pending invitation on the Pods link', () => {
  it('counts in the member’s pod state, pushed when they are invited and when they answer; none to a pod across a block', async () => {
    const starter = await lover(FRANKFURT, 'chess');
    const [ana, ben, cleo] = [
      await lover(FRANKFURT, 'chess'),
      await lover(FRANKFURT, 'chess'),
      await lover(FRANKFURT, 'chess'),
    ];
    // Listening before the connection is up: the state comes as soon as it is.
    const socket = openSocket(ts.url, {
      cookie: sessionCookie(ana.client.http.cookies.get(SESSION_COOKIE)!),
    });
    const states: PodUnreadState[] = [];
    socket.on('pod:unread', (state) => states.push(state));
    try {
      const eventually = async (check: () => boolean, what: string) => {
        const deadline = Date.now() + 10_000;
        while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
        if (!check()) throw new Error(`Not seen: ${what} (${JSON.stringify(states)})`);
      };
      await eventually(() => states.length > 0, 'the state on connecting');
      expect(states[0]).toEqual({ unreadPods: 0, pods: [], invitations: 0 });

      const { pod: started, invited } = await starter.client.trpc.pods.startSuggested.mutate({
        interest: 'chess',
        pod: pod('chess', { placeId: FRANKFURT }),
      });
      expect(invited).toBe(3);
      await eventually(() => states.at(-1)?.invitations === 1, 'Ana’s invitation, pushed');
      for (const member of [ana, ben, cleo])
        expect((await member.client.trpc.pods.unread.query()).invitations).toBe(1);
      expect((await starter.client.trpc.pods.unread.query()).invitations).toBe(0);

      // A pod with someone in it on the other side of a block is not shown, and its invitation not counted.
      await cleo.client.trpc.blocks.block.mutate({ memberId: starter.id });
      expect(await myPodIds(cleo)).not.toContain(started.id);
      expect((await cleo.client.trpc.pods.unread.query()).invitations).toBe(0);

      // Saying yes or declining ends it, on the member's devices at once.
      await ana.client.trpc.pods.join.mutate({ podId: started.id });
      await eventually(() => states.at(-1)?.invitations === 0, 'Ana’s answer, pushed');
      expect(states.at(-1)?.pods.map((p) => p.podId)).toEqual([started.id]);
      await ben.client.trpc.pods.leave.mutate({ podId: started.id });
      expect((await ben.client.trpc.pods.unread.query()).invitations).toBe(0);
    } finally {
      socket.close();
    }
  });
});
