import { randomUUID } from 'node:crypto';
import { asc, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// "Every message after the last id I saw" must never skip a message: ids must become visible in
// increasing order for each member, also while many transactions store messages at once (on PostgreSQL
// they draw ids from a sequence and may commit in any order; see docs/decisions.md). Without the row
// locks of services/messaging this test fails on PostgreSQL on every run tried.

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

describe('message ids in commit order', () => {
  it('a member who keeps syncing after the last id seen misses nothing while many members write at once', async () => {
    const reader = await createMember(ts);
    const writers = await Promise.all(Array.from({ length: 8 }, () => createMember(ts)));
    const seen = new Set<number>();
    let after = 0;
    let writing = true;
    const poll = async () => {
      const page = await reader.client.trpc.messages.sync.query({ after });
      for (const m of page.messages) seen.add(m.id);
      after = page.messages.at(-1)?.id ?? after;
    };
    const polling = (async () => {
      while (writing) await poll();
    })();
    await Promise.all(
      writers.map(async (writer, w) => {
        for (let i = 0; i < 25; i += 1) {
          await writer.client.trpc.messages.send.mutate({
            to: reader.id,
            clientId: randomUUID(),
            body: `${w}:${i}`,
          });
        }
      }),
    );
    writing = false;
    await polling;
    await poll();
    const { db, t } = ts.server.database;
    const stored = await db
      .select({ id: t.messages.id })
      .from(t.messages)
      .where(or(eq(t.messages.recipientId, reader.id), eq(t.messages.senderId, reader.id)))
      .orderBy(asc(t.messages.id));
    expect(stored).toHaveLength(200);
    expect(stored.filter((m) => !seen.has(m.id))).toEqual([]);
  });
});
