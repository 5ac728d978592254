import { randomUUID } from 'node:crypto';
import { POD_UNREAD_COUNTED } from '@amiko/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../support/members.ts';
import { podInput } from '../support/pods.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// A member's unread count per pod is kept as a number (pod_members.unread_count), not counted on every
// message: each send adds one for its recipients, a moving read mark and a block made or lifted count again.
// Here, on both databases, random sends, reads, blocks and unblocks among three members of a pod are
// played against a model that counts from scratch what the rule says is unread (after the member's mark,
// not their own, nobody's on the other side of a block, up to POD_UNREAD_COUNTED), and every member's count
// must match it after every step.

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts?.stop());

async function threeInAPod(): Promise<{ members: TestMember[]; podId: string }> {
  const members = [await createMember(ts), await createMember(ts), await createMember(ts)];
  const pod = await members[0]!.client.trpc.pods.start.mutate(podInput());
  for (const other of members.slice(1)) await other.client.trpc.pods.join.mutate({ podId: pod.id });
  return { members, podId: pod.id };
}

/** What the rule says is unread, counted from scratch. */
class Model {
  messages: { id: number; sender: number }[] = [];
  marks = [0, 0, 0];
  blocks = new Set<string>();
  blocked(a: number, b: number) {
    return this.blocks.has(`${a}>${b}`) || this.blocks.has(`${b}>${a}`);
  }
  unread(me: number) {
    const counted = this.messages.filter(
      (m) => m.id > this.marks[me]! && m.sender !== me && !this.blocked(me, m.sender),
    );
    return Math.min(counted.length, POD_UNREAD_COUNTED);
  }
}

type Step =
  | { kind: 'send'; who: number; times: number }
  | { kind: 'read'; who: number; at: number | null }
  | { kind: 'block' | 'unblock'; who: number; whom: number };

const who = fc.integer({ min: 0, max: 2 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('send' as const), who, times: fc.integer({ min: 1, max: 3 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('read' as const),
      who,
      at: fc.option(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('block' as const, 'unblock' as const), who, whom: who }),
  },
);

async function play(members: TestMember[], podId: string, model: Model, s: Step) {
  const trpc = members[s.who]!.client.trpc;
  if (s.kind === 'send') {
    for (let i = 0; i < s.times; i++) {
      const { message } = await trpc.pods.send.mutate({ podId, clientId: randomUUID(), body: 'hi' });
      model.messages.push({ id: message.id, sender: s.who });
    }
  } else if (s.kind === 'read') {
    // A mark at a message chosen among those there are (or the newest): never back, never past the newest.
    const chosen = s.at === null ? undefined : model.messages[Math.floor(s.at * model.messages.length)]?.id;
    const { upTo } = await trpc.pods.read.mutate({ podId, upTo: chosen });
    const newest = Math.max(
      0,
      ...model.messages.filter((m) => m.id <= (chosen ?? Infinity)).map((m) => m.id),
    );
    expect(upTo).toBe(newest > model.marks[s.who]! ? newest : null);
    if (upTo !== null) model.marks[s.who] = upTo;
  } else if (s.who !== s.whom) {
    const key = `${s.who}>${s.whom}`;
    if (s.kind === 'block') {
      await trpc.blocks.block.mutate({ memberId: members[s.whom]!.id });
      model.blocks.add(key);
    } else if (model.blocks.has(key)) {
      await trpc.blocks.unblock.mutate({ memberId: members[s.whom]!.id });
      model.blocks.delete(key);
    }
  }
}

async function countsOf(members: TestMember[], podId: string) {
  return Promise.all(
    members.map(async (m) => {
      const state = await m.client.trpc.pods.unread.query();
      return state.pods.find((p) => p.podId === podId)?.unread;
    }),
  );
}

describe('unread pod messages, kept as a count', () => {
  it('matches a count from scratch after every send, read, block and unblock', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const { members, podId } = await threeInAPod();
        const model = new Model();
        for (const s of steps) {
          await play(members, podId, model, s);
          expect([s, await countsOf(members, podId)]).toEqual([s, [0, 1, 2].map((i) => model.unread(i))]);
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it(`stops at ${POD_UNREAD_COUNTED}, and a block lifted counts the hidden messages again`, async () => {
    const { members, podId } = await threeInAPod();
    const [ana, ben, cleo] = members as [TestMember, TestMember, TestMember];
    const model = new Model();
    await play(members, podId, model, { kind: 'send', who: 1, times: 1 });
    for (let i = 0; i < POD_UNREAD_COUNTED; i++)
      await cleo.client.trpc.pods.send.mutate({ podId, clientId: randomUUID(), body: `m${i}` });
    expect(await countsOf(members, podId)).toEqual([POD_UNREAD_COUNTED, POD_UNREAD_COUNTED, 1]);
    await ana.client.trpc.blocks.block.mutate({ memberId: cleo.id });
    expect(await countsOf(members, podId)).toEqual([1, POD_UNREAD_COUNTED, 1]);
    await ana.client.trpc.blocks.unblock.mutate({ memberId: cleo.id });
    expect(await countsOf(members, podId)).toEqual([POD_UNREAD_COUNTED, POD_UNREAD_COUNTED, 1]);
    await ben.client.trpc.pods.read.mutate({ podId });
    expect(await countsOf(members, podId)).toEqual([POD_UNREAD_COUNTED, 0, 1]);
  });
});
