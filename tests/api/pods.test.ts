import type { PodInput } from '@amiko/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember, ONBOARDED_INTERESTS, type TestMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// Pods (issue 34, first slice): starting, finding, joining, asking to join and leaving, on both databases;
// the size limit under concurrent joins through two servers on one database; blocks and suspensions.

const MUNICH = 2867714;
const GARCHING = 2922582; // 14 km north of Munich
const HAMBURG = 2911298;

let ts: TestServer;
let second: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ env: { PODS_PER_MEMBER: '3' } });
  // A second server process on the same database: joins arrive through both.
  second = await startTestServer({ database: ts.db, env: { PODS_PER_MEMBER: '3' } });
});
afterAll(async () => {
  await second?.stop();
  await ts?.stop();
});

function pod(overrides: Partial<PodInput> = {}): PodInput {
  return {
    name: 'Board games Munich',
    kind: 'interests',
    interests: ['boardGames'],
    languages: ['de', 'en'],
    level: null,
    placeId: MUNICH,
    description: 'Catan and coffee on Sundays',
    sizeLimit: 6,
    joinRule: 'open',
    ...overrides,
  };
}

const munich = (server: TestServer = ts, options: Parameters<typeof createMember>[1] = {}) =>
  createMember(server, { placeId: MUNICH, city: null, ...options });

async function appCode(call: Promise<unknown>) {
  const error = await failure(call);
  return [error.data?.appCode, error.message];
}

describe('starting a pod', () => {
  it('takes an interest pod or a language café, and names its place in the reader’s language', async () => {
    const starter = await munich();
    const started = await starter.client.trpc.pods.start.mutate(pod());
    expect(started).toMatchObject({
      name: 'Board games Munich',
      interests: ['boardGames'],
      place: { id: MUNICH, label: 'Munich' },
      freePlaces: 5,
      myRole: 'starter',
      members: [{ id: starter.id, firstName: 'Member', role: 'starter' }],
    });
    const german = await munich(ts, { language: 'de' });
    expect((await german.client.trpc.pods.get.query({ podId: started.id })).place?.label).toBe('München');

    const cafe = await starter.client.trpc.pods.start.mutate(
      pod({
        name: 'Deutsch–English',
        kind: 'languageCafe',
        languages: ['de', 'en'],
        level: 'b1',
        placeId: null,
      }),
    );
    expect(cafe).toMatchObject({ kind: 'languageCafe', level: 'b1', interests: [], place: null });
  });

  it('refuses what a pod cannot be, each on its field, in the member’s words', async () => {
    const member = await munich();
    const fieldOf = async (input: PodInput) =>
      (await failure(member.client.trpc.pods.start.mutate(input))).data?.fieldErrors;
    expect(await fieldOf(pod({ name: '  ' }))).toMatchObject({ name: 'pods:errors.nameRequired' });
    expect(await fieldOf(pod({ interests: [] }))).toMatchObject({
      interests: 'pods:errors.interestsRequired',
    });
    expect(await fieldOf(pod({ kind: 'languageCafe', languages: ['de'], level: null }))).toMatchObject({
      languages: 'pods:errors.cafeLanguages',
      level: 'pods:errors.levelRequired',
    });
    expect(await fieldOf(pod({ sizeLimit: 9 }))).toHaveProperty('sizeLimit');
    expect(await fieldOf(pod({ sizeLimit: 2 }))).toHaveProperty('sizeLimit');
    expect(await fieldOf(pod({ placeId: 1 }))).toMatchObject({ placeId: 'pods:errors.unknownPlace' });
  });

  it('needs a finished profile, and keeps each member to PODS_PER_MEMBER pods', async () => {
    const unfinished = await createMember(ts, { onboarded: false });
    expect(await appCode(unfinished.client.trpc.pods.start.mutate(pod()))).toEqual([
      'FORBIDDEN',
      'pods:errors.finishProfile',
    ]);
    const busy = await munich();
    for (let i = 0; i < 3; i++) await busy.client.trpc.pods.start.mutate(pod({ name: `Pod ${i}` }));
    expect(await appCode(busy.client.trpc.pods.start.mutate(pod()))).toEqual([
      'CONFLICT',
      'pods:errors.tooManyPods',
    ]);
    const other = await (await munich()).client.trpc.pods.start.mutate(pod());
    expect(await appCode(busy.client.trpc.pods.join.mutate({ podId: other.id }))).toEqual([
      'CONFLICT',
      'pods:errors.tooManyPods',
    ]);
  });
});

describe('finding pods', () => {
  it('offers pods with room near the member, online or anywhere, those with their interests first', async () => {
    const interest = 'astronomy' as const;
    const near = await (
      await createMember(ts, { placeId: GARCHING, city: null })
    ).client.trpc.pods.start.mutate(pod({ name: 'Stars near Munich', interests: [interest] }));
    const far = await (
      await createMember(ts, { placeId: HAMBURG, city: null })
    ).client.trpc.pods.start.mutate(
      pod({ name: 'Stars in Hamburg', interests: [interest], placeId: HAMBURG }),
    );
    const online = await (
      await munich()
    ).client.trpc.pods.start.mutate(pod({ name: 'Stars online', interests: [interest], placeId: null }));
    const full = await (
      await munich()
    ).client.trpc.pods.start.mutate(pod({ name: 'Stars, full', interests: [interest], sizeLimit: 3 }));
    for (let i = 0; i < 2; i++) await (await munich()).client.trpc.pods.join.mutate({ podId: full.id });

    const viewer = await munich(ts, { interests: [...ONBOARDED_INTERESTS.slice(0, 9), 'astronomy'] });
    const ids = async (filters: Parameters<typeof viewer.client.trpc.pods.find.query>[0]) =>
      (await viewer.client.trpc.pods.find.query(filters)).map((p) => p.id);
    expect(await ids({ where: 'near', interest })).toEqual([near.id]);
    expect(await ids({ where: 'near', interest, near: HAMBURG })).toEqual([far.id]);
    expect(await ids({ where: 'online', interest })).toEqual([online.id]);
    const anywhere = await ids({ interest });
    expect(anywhere).toEqual(expect.arrayContaining([near.id, far.id, online.id]));
    expect(anywhere).not.toContain(full.id);
    // Nearest first among pods that share as much: Garching (14 km), then Hamburg, then online.
    expect(anywhere.filter((id) => [near.id, far.id, online.id].includes(id))).toEqual([
      near.id,
      far.id,
      online.id,
    ]);
    // A pod of the member's interests before another one nearer.
    const hikers = await (
      await munich()
    ).client.trpc.pods.start.mutate(pod({ name: 'Hiking Isar', interests: ['hiking'] }));
    const chess = await (
      await munich()
    ).client.trpc.pods.start.mutate(pod({ name: 'Chess', interests: ['chess'] }));
    const order = await ids({ where: 'near' });
    expect(order.indexOf(hikers.id)).toBeLessThan(order.indexOf(chess.id));
    // The member's own pods are not offered to them again.
    const mine = await viewer.client.trpc.pods.start.mutate(pod({ name: 'Mine', interests: [interest] }));
    expect(await ids({ interest })).not.toContain(mine.id);
    expect((await viewer.client.trpc.pods.mine.query()).map((p) => p.id)).toEqual([mine.id]);
  });

  it('asks for a place when the member has none and picks none, and refuses an unknown one', async () => {
    const nowhere = await createMember(ts, { placeId: null, city: 'Atlantis' });
    expect(await appCode(nowhere.client.trpc.pods.find.query({ where: 'near' }))).toEqual([
      'VALIDATION',
      'pods:errors.placeNeeded',
    ]);
    expect(await appCode(nowhere.client.trpc.pods.find.query({ where: 'near', near: 1 }))).toEqual([
      'VALIDATION',
      'pods:errors.unknownPlace',
    ]);
    expect(Array.isArray(await nowhere.client.trpc.pods.find.query({ where: 'online' }))).toBe(true);
  });
});

describe('joining', () => {
  it('gives exactly the free places to 20 members joining at once through two servers', async () => {
    const starter = await munich();
    const started = await starter.client.trpc.pods.start.mutate(pod({ sizeLimit: 4 }));
    await (await munich()).client.trpc.pods.join.mutate({ podId: started.id });
    const joiners: TestMember[] = [];
    for (let i = 0; i < 20; i++) joiners.push(await munich(i % 2 === 0 ? ts : second));
    const outcomes = await Promise.allSettled(
      joiners.map((m) => m.client.trpc.pods.join.mutate({ podId: started.id })),
    );
    const joined = outcomes.filter((o) => o.status === 'fulfilled');
    expect(joined).toHaveLength(2);
    for (const o of outcomes)
      if (o.status === 'rejected') expect((o.reason as Error).message).toBe('pods:errors.full');
    const { db, t } = ts.server.database;
    const rows = await db.select().from(t.podMembers).where(eq(t.podMembers.podId, started.id));
    expect(rows).toHaveLength(4);
    expect((await starter.client.trpc.pods.get.query({ podId: started.id })).freePlaces).toBe(0);
  });

  it('asks to join where members approve; the starter or a host answers, nobody else', async () => {
    const starter = await munich();
    const started = await starter.client.trpc.pods.start.mutate(pod({ joinRule: 'ask' }));
    const asker = await munich();
    expect(await asker.client.trpc.pods.join.mutate({ podId: started.id })).toEqual({ outcome: 'requested' });
    expect(await asker.client.trpc.pods.get.query({ podId: started.id })).toMatchObject({
      requested: true,
      myRole: null,
      requests: [],
    });
    expect((await asker.client.trpc.pods.mine.query()).map((p) => p.id)).toContain(started.id);
    expect((await asker.client.trpc.pods.find.query({})).map((p) => p.id)).not.toContain(started.id);
    const view = await starter.client.trpc.pods.get.query({ podId: started.id });
    expect(view.requests.map((r) => r.id)).toEqual([asker.id]);

    const outsider = await munich();
    expect(
      await appCode(
        outsider.client.trpc.pods.answer.mutate({ podId: started.id, memberId: asker.id, approve: true }),
      ),
    ).toEqual(['NOT_FOUND', 'pods:errors.notFound']);
    await starter.client.trpc.pods.answer.mutate({ podId: started.id, memberId: asker.id, approve: true });
    const member = await asker.client.trpc.pods.get.query({ podId: started.id });
    expect(member).toMatchObject({ myRole: 'member', requested: false });
    // A plain member may not answer the next request.
    const next = await munich();
    await next.client.trpc.pods.join.mutate({ podId: started.id });
    expect(
      await appCode(
        asker.client.trpc.pods.answer.mutate({ podId: started.id, memberId: next.id, approve: true }),
      ),
    ).toEqual(['FORBIDDEN', 'pods:errors.notHost']);
    await starter.client.trpc.pods.answer.mutate({ podId: started.id, memberId: next.id, approve: false });
    expect(await next.client.trpc.pods.get.query({ podId: started.id })).toMatchObject({
      myRole: null,
      requested: false,
    });
    expect(
      await appCode(
        starter.client.trpc.pods.answer.mutate({ podId: started.id, memberId: next.id, approve: true }),
      ),
    ).toEqual(['NOT_FOUND', 'pods:errors.requestGone']);
  });

  it('hands the pod on when its starter leaves, and closes it when the last member leaves', async () => {
    const starter = await munich();
    const started = await starter.client.trpc.pods.start.mutate(pod());
    const member = await munich();
    await member.client.trpc.pods.join.mutate({ podId: started.id });
    await starter.client.trpc.pods.leave.mutate({ podId: started.id });
    expect((await member.client.trpc.pods.get.query({ podId: started.id })).myRole).toBe('starter');
    await member.client.trpc.pods.leave.mutate({ podId: started.id });
    expect(await appCode(member.client.trpc.pods.get.query({ podId: started.id }))).toEqual([
      'NOT_FOUND',
      'pods:errors.notFound',
    ]);
  });
});

describe('blocks and suspensions', () => {
  it('never shows a pod with someone a member blocked, or who blocked them, nor lets them join it', async () => {
    for (const direction of ['viewerBlocks', 'blocksViewer'] as const) {
      const starter = await munich();
      const started = await starter.client.trpc.pods.start.mutate(pod({ interests: ['chess'] }));
      const other = await munich(ts, { interests: [...ONBOARDED_INTERESTS.slice(0, 9), 'chess'] });
      const [blocker, blocked] = direction === 'viewerBlocks' ? [other, starter] : [starter, other];
      await blocker.client.trpc.blocks.block.mutate({ memberId: blocked.id });
      const found = await other.client.trpc.pods.find.query({ interest: 'chess' });
      expect(found.map((p) => p.id)).not.toContain(started.id);
      expect(await appCode(other.client.trpc.pods.get.query({ podId: started.id }))).toEqual([
        'NOT_FOUND',
        'pods:errors.notFound',
      ]);
      expect(await appCode(other.client.trpc.pods.join.mutate({ podId: started.id }))).toEqual([
        'NOT_FOUND',
        'pods:errors.notFound',
      ]);
    }
  });

  it('drops a waiting request to join from the host’s list, and approving it adds nobody, once either blocks the other', async () => {
    for (const direction of ['hostBlocks', 'askerBlocks'] as const) {
      const starter = await munich();
      const started = await starter.client.trpc.pods.start.mutate(pod({ joinRule: 'ask' }));
      const asker = await munich();
      expect(await asker.client.trpc.pods.join.mutate({ podId: started.id })).toEqual({
        outcome: 'requested',
      });
      expect(
        (await starter.client.trpc.pods.get.query({ podId: started.id })).requests.map((r) => r.id),
      ).toEqual([asker.id]);
      const [blocker, blocked] = direction === 'hostBlocks' ? [starter, asker] : [asker, starter];
      await blocker.client.trpc.blocks.block.mutate({ memberId: blocked.id });

      const view = await starter.client.trpc.pods.get.query({ podId: started.id });
      expect(view.requests).toEqual([]);
      expect(JSON.stringify(await starter.client.trpc.pods.mine.query())).not.toContain(asker.id);
      // Nor does the asker's list hold the pod while the request waits, as with an invitation.
      expect((await asker.client.trpc.pods.mine.query()).map((p) => p.id)).not.toContain(started.id);
      // Approving the request (the host's page was open before the block) lets nobody in: the request is
      // spent quietly, or said to be gone, nothing else.
      const answered = await starter.client.trpc.pods.answer
        .mutate({ podId: started.id, memberId: asker.id, approve: true })
        .then(
          () => 'answered',
          (error: Error) => error.message,
        );
      expect(['answered', 'pods:errors.requestGone']).toContain(answered);
      const { db, t } = ts.server.database;
      const rows = await db.select().from(t.podMembers).where(eq(t.podMembers.podId, started.id));
      expect(rows.map((r) => r.memberId)).toEqual([starter.id]);
      const after = await starter.client.trpc.pods.get.query({ podId: started.id });
      expect(after).toMatchObject({ members: [{ id: starter.id }], freePlaces: 5, requests: [] });
      expect((await asker.client.trpc.pods.mine.query()).map((p) => p.id)).not.toContain(started.id);
    }
  });

  it('hides two members of one pod from each other once one blocks the other', async () => {
    const starter = await munich();
    const started = await starter.client.trpc.pods.start.mutate(pod());
    const a = await munich();
    const b = await munich();
    await a.client.trpc.pods.join.mutate({ podId: started.id });
    await b.client.trpc.pods.join.mutate({ podId: started.id });
    await a.client.trpc.blocks.block.mutate({ memberId: b.id });
    const seenByA = (await a.client.trpc.pods.get.query({ podId: started.id })).members.map((m) => m.id);
    const seenByB = (await b.client.trpc.pods.get.query({ podId: started.id })).members.map((m) => m.id);
    expect(seenByA).toEqual([starter.id, a.id]);
    expect(seenByB).toEqual([starter.id, b.id]);
    for (const viewer of [a, b])
      for (const p of await viewer.client.trpc.pods.mine.query())
        expect(p.members.map((m) => m.id)).not.toContain(viewer === a ? b.id : a.id);
  });

  it('takes a suspended member out of every pod’s list at once and frees their place', async () => {
    const starter = await munich();
    const started = await starter.client.trpc.pods.start.mutate(pod({ sizeLimit: 3 }));
    const suspended = await munich();
    await suspended.client.trpc.pods.join.mutate({ podId: started.id });
    expect((await starter.client.trpc.pods.get.query({ podId: started.id })).freePlaces).toBe(1);
    const { db, t } = ts.server.database;
    await db.update(t.members).set({ suspendedAt: new Date() }).where(eq(t.members.id, suspended.id));
    const view = await starter.client.trpc.pods.get.query({ podId: started.id });
    expect(view.members.map((m) => m.id)).toEqual([starter.id]);
    expect(view.freePlaces).toBe(2);
  });
});
