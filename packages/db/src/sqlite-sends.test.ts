import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { newId } from './ids.ts';
import { seedMembers } from './seed/generate.ts';
import { UNREAD_CONVERSATIONS_SQL, type SendMessageRequest } from './send-message.ts';
import { createSqliteSends } from './sqlite-sends.ts';

// The SQLite send path, against a real database file. The messaging rules (blocks, repeats, counters) are
// covered on both dialects by tests/api; here: batching, isolation of a failing send, and turn-taking with
// the connection's transactions.
describe('SQLite sends in batches', () => {
  let dir: string;
  let database: Database;
  let members: string[];
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'amiko-sends-'));
    database = openDatabase({ url: `file:${join(dir, 'amiko.db')}` });
    await database.migrate();
    members = await seedMembers(database, { count: 6, photoKeys: [], seed: 1 });
  });
  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const request = (from: string, to: string, clientId = newId()): SendMessageRequest => ({
    senderId: from,
    recipientId: to,
    clientId,
    body: `hello ${clientId}`,
    now: Date.now(),
    pairKey: from < to ? `${from}:${to}` : `${to}:${from}`,
    newConversationId: newId(),
  });

  it("reads the recipient's unread conversations from one row, however many they have", () => {
    if (database.raw.kind !== 'sqlite') throw new Error('expected SQLite');
    const plan = database.raw.client
      .prepare<[string], { detail: string }>(`EXPLAIN QUERY PLAN ${UNREAD_CONVERSATIONS_SQL}`)
      .all(members[0]!)
      .map((row) => row.detail);
    expect(plan).toEqual(['SEARCH member_unread USING INDEX sqlite_autoindex_member_unread_1 (member_id=?)']);
  });

  it('stores concurrent sends once each, in id order, while transactions write in between', async () => {
    const { members: m } = database.t;
    const sends: Promise<unknown>[] = [];
    const renames: Promise<unknown>[] = [];
    for (let i = 0; i < 300; i += 1) {
      const from = members[i % 6]!;
      const to = members[(i + 1) % 6]!;
      sends.push(database.sendMessage(request(from, to)));
      if (i % 25 === 0) {
        renames.push(
          database.transaction(async (tx) => {
            await tx
              .update(m)
              .set({ name: `Renamed ${i}` })
              .where(eq(m.id, from));
          }),
        );
      }
    }
    const outcomes = await Promise.all(sends);
    await Promise.all(renames);
    const ids = outcomes.map((o) => (o as { outcome: string; message: { id: number } }).message.id);
    expect(outcomes.every((o) => (o as { outcome: string }).outcome === 'created')).toBe(true);
    expect(new Set(ids).size).toBe(300);
    expect(ids).toEqual([...ids].sort((a, b) => a - b)); // answered in the order they were sent
    const [stored] = await database.db.select({ n: sql<number>`count(*)` }).from(database.t.messages);
    expect(stored!.n).toBe(300);
    const [renamed] = await database.db.select({ name: m.name }).from(m).where(eq(m.id, members[0]!));
    expect(renamed!.name).toBe('Renamed 150');
  });

  it('refuses one failing send of a batch and stores the others, leaving nothing of the failed one', async () => {
    const [a, b, c] = members as [string, string, string];
    const ghost = 'not-a-member';
    // Sent in one turn, so one batch: the ghost sender breaks a foreign key after its conversation is made.
    const results = await Promise.allSettled([
      database.sendMessage(request(a, b)),
      database.sendMessage(request(ghost, c)),
      database.sendMessage(request(c, a)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(
      /Storing a message failed: .*FOREIGN KEY/,
    );
    const conversations = await database.db.select().from(database.t.conversations);
    expect(conversations.map((row) => row.pairKey).sort()).toEqual(
      [request(a, b).pairKey, request(c, a).pairKey].sort(),
    );
  });

  it('answers a repeated client id with the message stored first', async () => {
    const [a, b] = members as [string, string];
    const first = await database.sendMessage(request(a, b, 'same'));
    const again = await database.sendMessage({ ...request(a, b, 'same'), body: 'changed' });
    expect(first.outcome).toBe('created');
    expect(again).toEqual({ outcome: 'repeat', message: (first as { message: unknown }).message });
  });

  it('closing stores the sends already made and refuses later ones', async () => {
    const [a, b] = members as [string, string];
    if (database.raw.kind !== 'sqlite') throw new Error('SQLite only');
    // A second set of sends on the same connection, closed on its own: database.close() also waits for the
    // checkpoint thread, which would give sends that close() forgot the time to finish anyway.
    const sends = createSqliteSends({ client: database.raw.client, exclusive: (fn) => fn() });
    const answered: string[] = [];
    const made = [request(a, b), request(b, a)].map((r) =>
      sends.send(r).then((o) => answered.push(o.outcome)),
    );
    await sends.close();
    expect(answered).toEqual(['created', 'created']); // before close() returned
    await Promise.all(made);
    await expect(sends.send(request(a, b))).rejects.toThrow(/closed/);
    const [stored] = await database.db.select({ n: sql<number>`count(*)` }).from(database.t.messages);
    expect(stored!.n).toBe(2);
  });

  it('stores pod messages in the same batches, counting them unread for the pod’s other members', async () => {
    const [a, b, c, outsider] = members as [string, string, string, string];
    const { t } = database;
    await database.db
      .insert(t.pods)
      .values({ id: 'pod', name: 'Pod', kind: 'interests', createdAt: new Date() });
    await database.db
      .insert(t.podMembers)
      .values([a, b, c].map((memberId) => ({ podId: 'pod', memberId, joinedAt: new Date() })));
    const toPod = (senderId: string) =>
      database.sendPodMessage({
        podId: 'pod',
        senderId,
        clientId: newId(),
        body: 'hi',
        now: Date.now(),
        unreadCounted: 100,
      });
    // Private and pod messages in one turn, so in the same batches; someone not in the pod is refused alone.
    const outcomes = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => (i % 3 === 2 ? database.sendMessage(request(b, c)) : toPod(a))),
      toPod(outsider),
    ]);
    expect(outcomes.at(-1)).toEqual({ outcome: 'not_found' });
    const toThePod = outcomes.slice(0, -1).filter((_, i) => i % 3 !== 2);
    expect(toThePod.every((o) => o.outcome === 'created')).toBe(true);
    const ids = toThePod.map((o) => (o as { message: { id: number } }).message.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(toThePod.map((o) => (o as { recipients: string[] }).recipients.sort())).toEqual(
      toThePod.map(() => [b, c].sort()),
    );
    const counts = await database.db
      .select({ memberId: t.podMembers.memberId, unread: t.podMembers.unreadCount })
      .from(t.podMembers);
    expect(new Map(counts.map((row) => [row.memberId, row.unread]))).toEqual(
      new Map([
        [a, 0],
        [b, 20],
        [c, 20],
      ]),
    );
  });

  it('refuses to send from inside a transaction, which the batch would queue behind', async () => {
    const [a, b] = members as [string, string];
    await expect(database.transaction(() => database.sendMessage(request(a, b)))).rejects.toThrow(
      /cannot run inside a transaction/,
    );
  });
});
