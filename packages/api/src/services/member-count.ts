import type { Database } from '@amiko/db';
import { count } from 'drizzle-orm';

export type MemberCounter = () => Promise<number>;

/**
 * The public "fetched number" (SPEC §7): how many members have signed up, counted by the database with
 * COUNT and kept for a short while so that busy pages do not count again on every request.
 */
export function createMemberCounter(database: Database, cacheMs: number): MemberCounter {
  const { db, t } = database;
  let cached: { value: number; at: number } | null = null;
  let inFlight: Promise<number> | null = null;
  return async () => {
    if (cached && Date.now() - cached.at < cacheMs) return cached.value;
    inFlight ??= db
      .select({ value: count() })
      .from(t.members)
      .then(([row]) => {
        cached = { value: row?.value ?? 0, at: Date.now() };
        return cached.value;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}
