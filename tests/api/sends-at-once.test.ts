import { newId, openDatabase, seedMembers, type Database, type SendMessageRequest } from '@amiko/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect, type TestDatabase } from '../support/database.ts';
import { eventually } from '../support/messaging.ts';

// Many sends at once, private and to a pod, on both databases: stored together in group-committed batches on
// SQLite (packages/db/src/sqlite-sends.ts, whose own tests check their order and closing), the private ones
// of a turn in one call on PostgreSQL (packages/db/src/pg-sends.ts), pod messages each in a call of its own. The messaging rules are covered by the chat tests; here, what sends made
// together could break: each answered with its own outcome and stored once, a send that fails answered
// alone with its error while the others are stored, nothing left behind by it, and on PostgreSQL no more
// than two calls at once, the sends made meanwhile gathered into the next. Order between sends made
// at the same moment is not promised: a device sends its messages one after the other (the outbox).

let testDatabase: TestDatabase;
let database: Database;
let members: string[];
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = openDatabase({ url: testDatabase.url });
  await database.migrate();
  members = await seedMembers(database, { count: 6, photoKeys: [], seed: 1 });
  const { t } = database;
  await database.db
    .insert(t.pods)
    .values({ id: 'pod', name: 'Pod', kind: 'interests', createdAt: new Date() });
  await database.db
    .insert(t.podMembers)
    .values(members.slice(0, 3).map((memberId) => ({ podId: 'pod', memberId, joinedAt: new Date() })));
});
afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
});

const toMember = (from: string, to: string, clientId = newId()): SendMessageRequest => ({
  senderId: from,
  recipientId: to,
  clientId,
  body: `hello ${clientId}`,
  now: Date.now(),
  pairKey: from < to ? `${from}:${to}` : `${to}:${from}`,
  newConversationId: newId(),
});

const toPod = (senderId: string, clientId = newId()) =>
  database.sendPodMessage({
    podId: 'pod',
    senderId,
    clientId,
    body: `to the pod ${clientId}`,
    now: Date.now(),
    unreadCounted: 100,
  });

const count = async (table: typeof database.t.messages | typeof database.t.podMessages) => {
  const [row] = await database.db.select({ n: sql<number>`count(*)` }).from(table);
  return Number(row!.n);
};

describe(`sends made together (${process.env.AMIKO_TEST_DB ?? 'sqlite'})`, () => {
  it('answers each of 300 concurrent sends, private and to a pod, once', async () => {
    const messagesBefore = await count(database.t.messages);
    const podBefore = await count(database.t.podMessages);
    const [a, b, c, d] = members as [string, string, string, string];
    const made = Array.from({ length: 300 }, (_, i) => {
      if (i % 3 === 0) return toPod(members[(i / 3) % 3]!);
      return i % 3 === 1 ? database.sendMessage(toMember(a, b)) : database.sendMessage(toMember(c, d));
    });
    const outcomes = await Promise.all(made);
    expect(outcomes.every((o) => o.outcome === 'created')).toBe(true);
    const ids = outcomes.map((o) => (o as { message: { id: number } }).message.id);
    expect(new Set(ids.filter((_, i) => i % 3 === 0)).size).toBe(100);
    expect(new Set(ids.filter((_, i) => i % 3 !== 0)).size).toBe(200);
    expect(await count(database.t.messages)).toBe(messagesBefore + 200);
    expect(await count(database.t.podMessages)).toBe(podBefore + 100);
    // Each pod message counted once for the pod's two other members: 34 from the first member, 33 from each other.
    const unread = await database.db
      .select({ n: database.t.podMembers.unreadCount })
      .from(database.t.podMembers);
    expect(unread.map((row) => row.n).sort()).toEqual([66, 67, 67]);
  });

  it("answers a turn's private sends each with its own outcome, in the order given", async () => {
    // Members no other test here pairs: the failing-send test counts the conversations it makes.
    const [, , , d, e] = members as [string, string, string, string, string];
    const first = toMember(d, e);
    // One turn, so one batch (one call on PostgreSQL) with nothing in it that breaks.
    const results = await Promise.all([
      database.sendMessage(first),
      database.sendMessage(toMember(e, d)),
      database.sendMessage(toMember(d, 'nobody')),
      database.sendMessage({ ...first, body: 'again' }),
    ]);
    expect(results.map((r) => r.outcome)).toEqual(['created', 'created', 'not_found', 'repeat']);
    const [created, other, , repeat] = results as { message: { id: number } }[];
    expect(repeat).toEqual({ outcome: 'repeat', message: created!.message });
    expect(created!.message.id).toBeLessThan(other!.message.id);
  });

  it('answers a client id sent twice at once with one message, stored once', async () => {
    const [a, b] = members as [string, string];
    const sent = await Promise.all([
      database.sendMessage(toMember(a, b, 'twice')),
      database.sendMessage({ ...toMember(a, b, 'twice'), body: 'changed' }),
      toPod(a, 'twice'),
      toPod(a, 'twice'),
    ]);
    for (const pair of [sent.slice(0, 2), sent.slice(2)]) {
      expect(pair.map((o) => o.outcome).sort()).toEqual(['created', 'repeat']);
      expect((pair[0] as { message: unknown }).message).toEqual((pair[1] as { message: unknown }).message);
    }
  });

  it('refuses one failing send of a batch alone and stores the others, leaving nothing of it', async () => {
    const [a, b, c, , , outsider] = members as [string, string, string, string, string, string];
    const ghost = 'not-a-member';
    const conversationsBefore = await database.db.select().from(database.t.conversations);
    // Sent in one turn, so one batch: the ghost sender breaks a foreign key after its conversation is made.
    const results = await Promise.allSettled([
      database.sendMessage(toMember(a, c)),
      database.sendMessage(toMember(ghost, c)),
      toPod(b),
      toPod(outsider),
      database.sendMessage(toMember(c, a)),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/foreign key/i);
    const outcomes = results.map((r) => (r.status === 'fulfilled' ? r.value.outcome : 'error'));
    expect(outcomes).toEqual(['created', 'error', 'created', 'not_found', 'created']);
    const conversations = await database.db.select().from(database.t.conversations);
    expect(conversations.length).toBe(conversationsBefore.length + 1); // a and c's, not the ghost's
    expect(conversations.some((row) => row.pairKey.includes(ghost))).toBe(false);
  });

  it.runIf(testDialect() === 'postgres')(
    'holds two calls at once on PostgreSQL and sends what waited meanwhile in one call',
    async () => {
      if (database.raw.kind !== 'postgres') return;
      const pool = database.raw.client;
      const [, b, , , e, f] = members as [string, string, string, string, string, string];
      // Another transaction holds the recipient's row: every call that locks it waits. It also counts the
      // calls, on its own connection, which a pool taken up by waiting calls could not give.
      const holder = await pool.reserve();
      await holder`begin`;
      await holder`select 1 from members where id = ${f} for update`;
      const activeCalls = async () => {
        await holder`select pg_stat_clear_snapshot()`; // a transaction reads the activity once otherwise
        const [row] = await holder<[{ n: string }]>`select count(*) as n from pg_stat_activity
          where datname = current_database() and state = 'active'
            and query like 'select * from amiko_send_message%'`;
        return Number(row!.n);
      };
      const requests = Array.from({ length: 10 }, (_, i) => toMember(i % 2 ? b : e, f));
      const made: Promise<unknown>[] = [];
      try {
        for (const request of requests) {
          made.push(database.sendMessage(request));
          await new Promise((resolve) => setImmediate(resolve)); // each send in a turn of its own
        }
        await eventually(async () => (await activeCalls()) >= 2, 'two calls waiting on the lock');
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await activeCalls()).toBe(2);
      } finally {
        await holder`commit`;
        holder.release();
      }
      expect((await Promise.all(made)).map((o) => (o as { outcome: string }).outcome)).toEqual(
        requests.map(() => 'created'),
      );
      // A call is one transaction: the eight sends that waited share theirs.
      const rows = await pool<{ client_id: string; tx: string }[]>`select client_id, xmin::text as tx
        from messages where client_id = any(${pool.array(requests.map((r) => r.clientId))})`;
      const tx = new Map(rows.map((row) => [row.client_id, row.tx]));
      const calls = requests.map((r) => tx.get(r.clientId));
      expect(new Set(calls.slice(2)).size).toBe(1);
      expect(new Set(calls).size).toBe(3);
    },
  );
});
