import { randomUUID } from 'node:crypto';
import { INTERESTS, pickPodIcebreakers, type Interest } from '@amiko/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember, type TestMemberOptions } from '../support/members.ts';
import { podInput } from '../support/pods.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// The first lines of a new pod's chat draw on what its members share (issue 34.4), on both databases: the
// newest page of an empty chat carries a summary (interests at least two of the members the viewer sees
// hold, and who is new in town) that names nobody and says nothing of where anyone lives; a pod whose
// members share photography gets a photography line.

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts?.stop());

/**
 * Ten interests for a member: the ones given, then their own from the next of eight slices of the catalog
 * without photography and board games, so the members of a pod (never eight) share nothing else.
 */
const others = INTERESTS.filter((i) => i !== 'photography' && i !== 'boardGames');
let next = 0;
function interests(...extra: Interest[]): Interest[] {
  const at = (next % 8) * 10;
  next += 1;
  return [...extra, ...others.slice(at, at + 10 - extra.length)];
}

const member = (options: TestMemberOptions) => createMember(ts, options);

/** A pod about board games started by the first member, which the others have joined. */
async function podOf(starter: TestMember, ...members: TestMember[]): Promise<string> {
  const pod = await starter.client.trpc.pods.start.mutate(podInput());
  for (const m of members) await m.client.trpc.pods.join.mutate({ podId: pod.id });
  return pod.id;
}

const togetherOf = async (who: TestMember, podId: string) =>
  (await who.client.trpc.pods.messages.query({ podId })).together;

describe('what a new pod’s members share', () => {
  it('gives a pod whose members share photography a photography icebreaker, naming nobody', async () => {
    const ana = await member({ interests: interests('photography') });
    const ben = await member({ interests: interests('photography') });
    const cleo = await member({ interests: interests() });
    const podId = await podOf(ana, ben, cleo);

    const page = await cleo.client.trpc.pods.messages.query({ podId });
    expect(page.together).toEqual({ shared: ['photography'], newcomers: null });
    // A summary only: no member, interest list or place travels with it.
    expect(Object.keys(page.together!).sort()).toEqual(['newcomers', 'shared']);
    expect(JSON.stringify(page.together)).not.toContain(ana.id);

    const pod = await cleo.client.trpc.pods.get.query({ podId });
    const lines = pickPodIcebreakers({
      id: pod.id,
      interests: pod.interests,
      cafeLanguages: null,
      city: null,
      shared: page.together!.shared,
      newcomers: page.together!.newcomers,
    });
    expect(lines[0]).toEqual({ template: expect.stringMatching(/^shared\.[01]$/), interest: 'photography' });
    expect(lines.some((l) => 'interest' in l && l.interest === 'boardGames')).toBe(true);
  });

  it('counts only the members the viewer sees: whoever blocked one of two holders sees it unshared', async () => {
    const ana = await member({ interests: interests('photography') });
    const ben = await member({ interests: interests('photography') });
    const cleo = await member({ interests: interests() });
    const podId = await podOf(ana, ben, cleo);
    await cleo.client.trpc.blocks.block.mutate({ memberId: ben.id });

    expect(await togetherOf(cleo, podId)).toEqual({ shared: [], newcomers: null });
    // Ben and Ana still see each other, and both hold it.
    expect(await togetherOf(ben, podId)).toEqual({ shared: ['photography'], newcomers: null });
    expect(await togetherOf(ana, podId)).toEqual({ shared: ['photography'], newcomers: null });
  });

  it('welcomes newcomers: the newcomer hears "me", the others "others", two newcomers "both"', async () => {
    const ana = await member({ interests: interests() });
    const dan = await member({ interests: interests(), newInTown: 'newHere', placeId: 2911298 });
    const podId = await podOf(ana, dan);
    expect((await togetherOf(ana, podId))?.newcomers).toBe('others');
    expect((await togetherOf(dan, podId))?.newcomers).toBe('me');

    const eva = await member({ interests: interests(), newInTown: 'movingHere' });
    await eva.client.trpc.pods.join.mutate({ podId });
    expect((await togetherOf(dan, podId))?.newcomers).toBe('both');
    // Where anyone lives never travels with it.
    expect(JSON.stringify(await togetherOf(ana, podId))).not.toMatch(/2911298|Hamburg/);
  });

  it('comes only with the newest page of a chat without messages', async () => {
    const ana = await member({ interests: interests('photography') });
    const ben = await member({ interests: interests('photography') });
    const podId = await podOf(ana, ben);
    expect(await togetherOf(ben, podId)).toBeDefined();

    const { message } = await ana.client.trpc.pods.send.mutate({
      podId,
      clientId: randomUUID(),
      body: 'Hi!',
    });
    expect(await togetherOf(ben, podId)).toBeUndefined();
    const older = await ben.client.trpc.pods.messages.query({ podId, before: message.id });
    expect(older.messages).toEqual([]);
    expect(older.together).toBeUndefined();
  });
});
