import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember } from '../support/members.ts';
import { UNSTAMPED_MEMBER_WRITE } from '../support/member-stamps.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// updated_at of members is kept by the schema (drizzle's $onUpdate), and every API test server refuses a
// member write that leaves it unchanged (support/member-stamps.ts): the directory index of every
// process finds changes only through it.

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

async function updatedAt(id: string): Promise<number> {
  const { db, t } = ts.server.database;
  const [row] = await db.select({ at: t.members.updatedAt }).from(t.members).where(eq(t.members.id, id));
  return row!.at.getTime();
}

/** The error a write ends with (drizzle wraps the driver's), as text. */
async function refusal(write: () => Promise<unknown>): Promise<string> {
  try {
    await write();
  } catch (error) {
    const { message, cause } = error as { message: string; cause?: { message?: string } };
    return `${message} ${cause?.message ?? ''}`;
  }
  return 'written';
}

describe('updated_at of members', () => {
  it('moves forward on every write through drizzle, without being set, also within one millisecond', async () => {
    const { db, t } = ts.server.database;
    const member = await insertMember(ts.server.database);
    let before = await updatedAt(member.id);
    for (let i = 0; i < 5; i += 1) {
      await db
        .update(t.members)
        .set({ city: `City ${i}` })
        .where(eq(t.members.id, member.id));
      const after = await updatedAt(member.id);
      expect(after).toBeGreaterThan(before);
      before = after;
    }
  });

  it('lets writes of one member at the same time through (their commits may come in another order)', async () => {
    const { db, t } = ts.server.database;
    const member = await insertMember(ts.server.database);
    const writes = Array.from({ length: 40 }, (_, i) =>
      db
        .update(t.members)
        .set({ city: `City ${i}` })
        .where(eq(t.members.id, member.id)),
    );
    const results = await Promise.allSettled(writes);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  });

  it('is required by the test databases: a member write that bypasses it fails', async () => {
    const database = ts.server.database;
    const { db, t, raw } = database;
    const member = await insertMember(database);
    const before = await updatedAt(member.id);

    // Raw SQL, past the schema.
    const rawWrite = async () => {
      if (raw.kind === 'sqlite')
        raw.client.prepare(`UPDATE members SET city = 'Raw' WHERE id = ?`).run(member.id);
      else await raw.client`UPDATE members SET city = 'Raw' WHERE id = ${member.id}`;
    };
    expect(await refusal(rawWrite)).toContain(UNSTAMPED_MEMBER_WRITE);
    // A stamp set by hand that does not move forward.
    const handStamped = () =>
      db
        .update(t.members)
        .set({ city: 'Hand', updatedAt: new Date(before) })
        .where(eq(t.members.id, member.id));
    expect(await refusal(handStamped)).toContain(UNSTAMPED_MEMBER_WRITE);

    const [row] = await db
      .select({ city: t.members.city })
      .from(t.members)
      .where(eq(t.members.id, member.id));
    expect(row!.city).not.toBe('Raw');
    expect(row!.city).not.toBe('Hand');
    expect(await updatedAt(member.id)).toBe(before);
  });
});
