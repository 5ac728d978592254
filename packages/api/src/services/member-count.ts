import type { Database } from '@amiko/db';
import { earlyAccessPlacesTaken } from './early-access.ts';

export type MemberCounter = () => Promise<number>;

/**
 * The public "fetched number" (SPEC §7): the early-access places taken, the very count that decides
 * whether a newly verified member still gets one (early-access.ts). Kept for a short while so that busy
 * pages do not read it again on every request.
 */
export function createMemberCounter(database: Database, cacheMs: number): MemberCounter {
  let cached: { value: number; at: number } | null = null;
  let inFlight: Promise<number> | null = null;
  return async () => {
    if (cached && Date.now() - cached.at < cacheMs) return cached.value;
    inFlight ??= earlyAccessPlacesTaken(database)
      .then((value) => {
        cached = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}
