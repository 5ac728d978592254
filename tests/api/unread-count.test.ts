import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../support/members.ts';
import { RELAXED_RATE_LIMITS, startTestServer, type TestServer } from '../support/server.ts';

// The number of conversations a member has something unread in (the desktop badge) is kept as a counter by
// triggers on the participants' unread counts (member_unread, migrations sqlite/0025 and pg/0032), not
// counted when asked. Whatever members do, in any order and several at once, the counter says what a
// count would: checked against a model of the conversations and against the member's own list.

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ env: { RATE_LIMITS: JSON.stringify(RELAXED_RATE_LIMITS) } });
});
afterAll(() => ts.stop());

const MEMBERS = 4;
const member = fc.integer({ min: 0, max: MEMBERS - 1 });
const pair = fc
  .tuple(member, member)
  .filter(([a, b]) => a !== b)
  .map(([a, b]) => ({ a, b }));

type Step =
  | { kind: 'send'; a: number; b: number }
  /** Several sends at once, from everyone else to one member. */
  | { kind: 'together'; to: number }
  /** `a` reads their conversation with `b`: all of it, or up to its oldest message unread. */
  | { kind: 'read'; a: number; b: number; all: boolean }
  | { kind: 'delete'; a: number; b: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: pair.map((p) => ({ kind: 'send' as const, ...p })) },
  { weight: 1, arbitrary: member.map((to) => ({ kind: 'together' as const, to })) },
  {
    weight: 2,
    arbitrary: fc.tuple(pair, fc.boolean()).map(([p, all]) => ({ kind: 'read' as const, ...p, all })),
  },
  { weight: 1, arbitrary: pair.map((p) => ({ kind: 'delete' as const, ...p })) },
);

/** The conversations as the test expects them: per pair, the ids of the messages each member has not read. */
class Model {
  private unread = new Map<string, Map<number, number[]>>();
  private key = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

  sent(to: number, from: number, id: number) {
    const conversation = this.unread.get(this.key(to, from)) ?? new Map<number, number[]>();
    this.unread.set(this.key(to, from), conversation);
    conversation.set(to, [...(conversation.get(to) ?? []), id]);
  }
  oldestUnread(a: number, b: number): number | undefined {
    return this.unread.get(this.key(a, b))?.get(a)?.[0];
  }
  read(a: number, b: number, upTo: number | undefined) {
    const conversation = this.unread.get(this.key(a, b));
    const ids = conversation?.get(a) ?? [];
    conversation?.set(a, upTo === undefined ? [] : ids.filter((id) => id > upTo));
  }
  deleted(a: number, b: number) {
    this.unread.delete(this.key(a, b));
  }
  unreadConversations(m: number): number {
    return [...this.unread.values()].filter((c) => (c.get(m)?.length ?? 0) > 0).length;
  }
}

describe('the count of conversations with something unread', () => {
  it('follows sends, sends at once, read marks and deletions as a count of them would', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const members: TestMember[] = [];
        for (let i = 0; i < MEMBERS; i += 1) members.push(await createMember(ts));
        const model = new Model();
        const send = async (from: number, to: number) => {
          const { message } = await members[from]!.client.trpc.messages.send.mutate({
            to: members[to]!.id,
            clientId: randomUUID(),
            body: `from ${from} to ${to}`,
          });
          model.sent(to, from, message.id);
        };
        const conversationOf = async (a: number, b: number) =>
          (await members[a]!.client.trpc.messages.conversations.query()).conversations.find(
            (c) => c.other.id === members[b]!.id,
          );
        for (const s of steps) {
          if (s.kind === 'send') await send(s.a, s.b);
          if (s.kind === 'together') {
            const senders = members.map((_, i) => i).filter((i) => i !== s.to);
            await Promise.all(senders.flatMap((from) => [send(from, s.to), send(from, s.to)]));
          }
          if (s.kind === 'read' || s.kind === 'delete') {
            const conversation = await conversationOf(s.a, s.b);
            if (!conversation) continue;
            const { messages } = members[s.a]!.client.trpc;
            if (s.kind === 'delete') {
              await messages.delete.mutate({ conversationId: conversation.id });
              model.deleted(s.a, s.b);
            } else {
              const upTo = s.all ? undefined : model.oldestUnread(s.a, s.b);
              await messages.markRead.mutate({ conversationId: conversation.id, upTo });
              model.read(s.a, s.b, upTo);
            }
          }
        }
        for (let m = 0; m < MEMBERS; m += 1) {
          const { messages } = members[m]!.client.trpc;
          const listed = (await messages.conversations.query()).conversations;
          const { unreadConversations } = await messages.unread.query();
          expect({ member: m, unreadConversations }).toEqual({
            member: m,
            unreadConversations: model.unreadConversations(m),
          });
          expect(unreadConversations).toBe(listed.filter((c) => c.unreadCount > 0).length);
        }
      }),
      { numRuns: 25 },
    );
  });
});
