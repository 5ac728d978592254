import { INTERESTS, NEAR_ME_DISTANCES, type DirectorySort, type Interest } from '@amiko/core';
import { coordinatesOf, distanceKm } from '@amiko/places';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, insertMember, type TestMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// Load More over the directory's cursor: whatever happens between two pages (members joining, also with
// joining times among those already shown), every member who was there from the start is shown exactly
// once, in order, and nobody twice. In the nearby order members are in a few towns around the viewer's (and
// some in none), so many share a distance. Some runs ask for the members within 10/25/50/100 km of the
// viewer's place or of another town (issue 33's near-me filter), measured against every member's distance.

let ts: TestServer;
let viewer: TestMember;
const POOL = INTERESTS.slice(0, 14);
const VIEWER_INTERESTS = POOL.slice(0, 10);
// Munich (the viewer's), Dachau, Freising, Augsburg: GeoNames ids.
const MUNICH = 2867714;
const TOWNS = [MUNICH, 2939623, 2925034, 2954172];
const PLACES = [...TOWNS, null];
/** How far a member's place is from `near`, for the nearby order and the radius (no place: last, never within). */
const kmFrom = (near: number, placeId: number | null) =>
  placeId === null ? Infinity : distanceKm(coordinatesOf(near)!, coordinatesOf(placeId)!);

beforeAll(async () => {
  ts = await startTestServer();
  viewer = await createMember(ts, {
    name: 'Cursor Viewer',
    interests: [...VIEWER_INTERESTS],
    placeId: MUNICH,
  });
});
afterAll(() => ts.stop());

const NOW = Date.now();
const memberArb = fc.record({
  interests: fc.uniqueArray(fc.constantFrom(...POOL), { minLength: 10, maxLength: 14 }),
  // Few distinct times: many members share a joining time, so the id decides their order.
  minutesAgo: fc.integer({ min: 0, max: 5 }),
  placeId: fc.constantFrom(...PLACES),
});

// The near-me filter: none, a distance from the viewer's own place, or from another town (with or without a
// distance: `near` alone moves where the nearby order measures from).
const radiusArb = fc.record(
  { withinKm: fc.constantFrom(...NEAR_ME_DISTANCES), near: fc.constantFrom(...TOWNS) },
  { requiredKeys: [] },
);

type Member = { interests: Interest[]; minutesAgo: number; placeId: number | null };
let run = 0;

describe('directory cursor', () => {
  for (const sort of ['newest', 'sharedInterests', 'nearby'] as const satisfies DirectorySort[]) {
    it(`has no duplicates or gaps across pages while members join (${sort})`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(memberArb, { minLength: 1, maxLength: 18 }),
          fc.integer({ min: 1, max: 6 }),
          fc.array(fc.array(fc.tuple(memberArb, fc.boolean()), { maxLength: 3 }), { maxLength: 12 }),
          radiusArb,
          async (initial, limit, joinsBeforeEachPage, radius) => {
            run += 1;
            const city = `Cursorville ${sort} ${run}`;
            const center = radius.near ?? MUNICH;
            const within = (km: number) => radius.withinKm === undefined || km <= radius.withinKm;
            // Everyone's distance, those who join between pages too: none outside the radius may be shown.
            const kmOf = new Map<string, number>();
            const join = async (m: Member, late = false) => {
              const joined = await insertMember(ts.server.database, {
                city,
                placeId: m.placeId,
                interests: m.interests,
                // A member joins now, or (a row arriving late) with a time among those already listed.
                createdAt: new Date(late ? NOW - m.minutesAgo * 60_000 : Date.now() + 1),
              });
              kmOf.set(joined.id, kmFrom(center, m.placeId));
            };
            const present = new Map<string, { shared: number; createdAt: number; km: number }>();
            for (const m of initial) {
              const createdAt = NOW - m.minutesAgo * 60_000;
              const inserted = await insertMember(ts.server.database, {
                city,
                placeId: m.placeId,
                interests: m.interests,
                createdAt: new Date(createdAt),
              });
              const shared = m.interests.filter((i) => VIEWER_INTERESTS.includes(i)).length;
              const km = kmFrom(center, m.placeId);
              kmOf.set(inserted.id, km);
              if (within(km)) present.set(inserted.id, { shared, createdAt, km });
            }

            const seen: string[] = [];
            let cursor: string | null = null;
            for (let page = 0; page < 200; page += 1) {
              for (const [m, late] of joinsBeforeEachPage[page] ?? []) await join(m, late);
              const result = await viewer.client.trpc.community.directory.query({
                filters: { city, ...radius },
                sort,
                limit,
                cursor,
              });
              expect(result.items.length).toBeLessThanOrEqual(limit);
              seen.push(...result.items.map((c) => c.id));
              if (!result.nextCursor) break;
              expect(result.items).toHaveLength(limit);
              cursor = result.nextCursor;
            }

            expect(new Set(seen).size).toBe(seen.length);
            expect(seen.filter((id) => !within(kmOf.get(id)!))).toEqual([]);
            const expectedOrder = [...present]
              .sort(
                ([aId, a], [bId, b]) =>
                  (sort === 'sharedInterests' ? b.shared - a.shared : 0) ||
                  (sort === 'nearby' && a.km !== b.km ? (a.km < b.km ? -1 : 1) : 0) ||
                  b.createdAt - a.createdAt ||
                  (aId < bId ? 1 : -1),
              )
              .map(([id]) => id);
            expect(seen.filter((id) => present.has(id))).toEqual(expectedOrder);
          },
        ),
        { numRuns: 25 },
      );
    });
  }
});
