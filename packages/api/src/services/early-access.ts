import { EARLY_ACCESS_LIMIT } from '@amiko/core';
import type { Database, Db, Schema } from '@amiko/db';
import { and, eq, lt, sql } from 'drizzle-orm';

// The early-access places (SPEC §1: the first 500 members get everything free). One counter row holds how
// many places are taken; it is the only count: the public number (banner, pricing) reads it and a place
// is granted only by raising it. A place goes to a member when their email address is verified, never at
// sign-up: throwaway sign-ups cannot use the places up.

/** How many early-access places are taken: the public "fetched number". */
export async function earlyAccessPlacesTaken(database: Database): Promise<number> {
  const { db, t } = database;
  const [counter] = await db
    .select({ value: t.appCounters.value })
    .from(t.appCounters)
    .where(eq(t.appCounters.name, 'earlyAccess'));
  return counter?.value ?? 0;
}

/**
 * Takes one of the places if any is left. A single conditional UPDATE on the counter row: PostgreSQL
 * re-checks the condition after waiting for a concurrent update of the row, and SQLite runs one writer at
 * a time, so never more than EARLY_ACCESS_LIMIT places are taken.
 */
async function claimPlace(tx: Db, t: Schema): Promise<boolean> {
  const claimed = await tx
    .update(t.appCounters)
    .set({ value: sql`${t.appCounters.value} + 1` })
    .where(and(eq(t.appCounters.name, 'earlyAccess'), lt(t.appCounters.value, EARLY_ACCESS_LIMIT)))
    .returning({ value: t.appCounters.value });
  return claimed.length === 1;
}

/**
 * Gives a member whose address was just verified a place, if they have none and one is left. Call it in
 * the transaction that set `emailVerified`, with the row that update returned: that update holds the
 * member's row, so a second verification of the same member waits and then sees the place taken.
 */
export async function grantPlaceOnVerification(
  tx: Db,
  t: Schema,
  member: { id: string; hasFreeAccess: boolean },
): Promise<boolean> {
  if (member.hasFreeAccess || !(await claimPlace(tx, t))) return false;
  await tx.update(t.members).set({ hasFreeAccess: true }).where(eq(t.members.id, member.id));
  return true;
}
