import {
  ACTIVE_WEEK_MS,
  COUNTRIES,
  GENDERS,
  INTERESTS,
  LANGUAGES,
  LOOKING_FOR,
  NEW_IN_TOWN_STATUSES,
  NEW_IN_TOWN_FILTERS,
  NEW_MEMBER_WINDOW_MS,
  NEAR_ME_DISTANCES,
  ageOn,
  isListedInDirectory,
  type DirectoryFilters,
  type DirectorySort,
} from '@amiko/core';
import { distanceKm, type Coordinates } from '@amiko/places';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DirectoryIndex,
  DirectoryIndexBuilder,
  type DirectoryEntry,
  type DirectoryHit,
} from './member-index.ts';
import { Places, type Locate } from './places.ts';

// The index is checked against the plainest possible implementation of the same rules: filter every
// member, sort them all, and compare with what the index returns page by page.

const NOW = new Date('2025-06-15T12:00:00Z');
const DAY = 86_400_000;
const CITIES = ['Berlin', 'berlin ', 'Hamburg', 'Bad Homburg', 'München', 'Wien', 'Zürich'];
// A few values of each catalog keep the overlaps (and the interesting cases) frequent.
const someInterests = INTERESTS.slice(0, 14);

// Places of a gazetteer of the test's own, as 32-bit floats as the real one has them: a cluster of towns
// up to ~150 km around one (so the radii 10 to 100 km cut through it), two towns at the very same point
// (equal distances), a few far away, at the poles and on both sides of the antimeridian, and an id no
// gazetteer knows (UNKNOWN_PLACE).
const point = (lat: number, lon: number): Coordinates => ({ lat: Math.fround(lat), lon: Math.fround(lon) });
const TEST_PLACES = new Map<number, Coordinates>([
  ...Array.from({ length: 30 }, (_, i): [number, Coordinates] => {
    const km = (i * 37) % 151;
    const angle = (i * 137.5 * Math.PI) / 180;
    const lat = 48.14 + (km / 111.2) * Math.cos(angle);
    return [1000 + i, point(lat, 11.58 + ((km / 111.2) * Math.sin(angle)) / Math.cos((lat * Math.PI) / 180))];
  }),
  [1100, point(48.2, 11.7)],
  [1101, point(48.2, 11.7)],
  [1200, point(52.52, 13.4)],
  [1201, point(-33.87, 151.21)],
  [1202, point(89.95, 10)],
  [1203, point(-89.9, -140)],
  [1204, point(65.5, 179.95)],
  [1205, point(65.5, -179.95)],
]);
const locate: Locate = (id) => TEST_PLACES.get(id) ?? null;
const UNKNOWN_PLACE = 999;
const PLACE_IDS = [...TEST_PLACES.keys(), UNKNOWN_PLACE];

const entryArb = (id: string) =>
  fc.record({
    id: fc.constant(id),
    createdAt: fc.integer({ min: -60, max: 0 }).map((d) => new Date(NOW.getTime() + d * DAY)),
    updatedAt: fc.constant(new Date(NOW.getTime())),
    deletedAt: fc.option(fc.constant(new Date(NOW.getTime())), { freq: 8 }),
    birthday: fc.option(
      fc.oneof(
        fc
          .date({ min: new Date('1925-01-01'), max: new Date('2009-06-15'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
        // Birthdays around "today" put members right on the edges of an age range.
        fc
          .tuple(fc.integer({ min: 1925, max: 2009 }), fc.constantFrom('06-14', '06-15', '06-16'))
          .map(([year, day]) => `${year}-${day}`),
      ),
      { freq: 6 },
    ),
    gender: fc.option(fc.constantFrom(...GENDERS)),
    country: fc.option(fc.constantFrom(...COUNTRIES.slice(0, 4))),
    city: fc.option(fc.constantFrom(...CITIES)),
    placeId: fc.option(fc.constantFrom(...PLACE_IDS), { freq: 4 }),
    nativeLanguage: fc.option(fc.constantFrom(...LANGUAGES.slice(0, 4))),
    otherLanguages: fc.uniqueArray(fc.constantFrom(...LANGUAGES.slice(0, 6)), { maxLength: 3 }),
    lookingFor: fc.uniqueArray(fc.constantFrom(...LOOKING_FOR), { maxLength: 3 }),
    interests: fc.uniqueArray(fc.constantFrom(...someInterests), { minLength: 8, maxLength: 14 }),
    hasPhoto: fc.integer({ min: 0, max: 7 }).map((n) => n > 0),
    storyLength: fc.constantFrom(0, 299, 300, 800),
    // Few distinct times (ties in the recently-active order, several in one minute), some right at the edge
    // of the week.
    lastActiveAt: fc.option(
      fc
        .constantFrom(0, 20_000, 59_999, 60_000, 3_600_000, DAY, ACTIVE_WEEK_MS, ACTIVE_WEEK_MS + 1, 9 * DAY)
        .map((ago) => new Date(NOW.getTime() - ago)),
      { freq: 4 },
    ),
    showActivity: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
    newInTown: fc.option(fc.constantFrom(...NEW_IN_TOWN_STATUSES), { freq: 2 }),
    welcomesNewcomers: fc.boolean(),
  }) satisfies fc.Arbitrary<DirectoryEntry>;

const filtersArb: fc.Arbitrary<DirectoryFilters> = fc.record(
  {
    age: fc
      .tuple(fc.integer({ min: 16, max: 100 }), fc.integer({ min: 0, max: 40 }))
      .map(([minAge, span]) => ({ minAge, maxAge: Math.min(100, minAge + span) })),
    gender: fc.constantFrom(...GENDERS),
    country: fc.constantFrom(...COUNTRIES.slice(0, 4)),
    city: fc.constantFrom('berlin', 'burg', 'Wien', 'nowhere'),
    languages: fc.uniqueArray(fc.constantFrom(...LANGUAGES.slice(0, 6)), { minLength: 1, maxLength: 2 }),
    lookingFor: fc.uniqueArray(fc.constantFrom(...LOOKING_FOR), { minLength: 1, maxLength: 2 }),
    interests: fc.uniqueArray(fc.constantFrom(...someInterests), { minLength: 1, maxLength: 2 }),
    newMembers: fc.boolean(),
    newInTown: fc.constantFrom(...NEW_IN_TOWN_FILTERS),
    placeId: fc.constantFrom(...PLACE_IDS),
    withinKm: fc.constantFrom(...NEAR_ME_DISTANCES),
    near: fc.constantFrom(...PLACE_IDS),
  },
  { requiredKeys: [] },
);

/** Where a member is for the directory: their place, when the gazetteer knows it. */
const placeOf = (e: DirectoryEntry) => (e.placeId === null ? null : locate(e.placeId));

function expected(
  entries: DirectoryEntry[],
  filters: DirectoryFilters,
  sort: DirectorySort,
  viewer: readonly string[],
  exclude: ReadonlySet<string>,
  hideActivity = false,
): DirectoryHit[] {
  const center = filters.near === undefined ? null : locate(filters.near);
  const matches = entries.filter((e) => {
    const listed = isListedInDirectory({
      deleted: e.deletedAt !== null,
      hasPhoto: e.hasPhoto,
      interestCount: e.interests.length,
      storyLength: e.storyLength,
    });
    if (!listed || exclude.has(e.id)) return false;
    if (filters.gender && e.gender !== filters.gender) return false;
    if (filters.country && e.country !== filters.country) return false;
    if (filters.city && !e.city?.trim().toLowerCase().includes(filters.city.trim().toLowerCase()))
      return false;
    const spoken = [e.nativeLanguage, ...e.otherLanguages];
    if (filters.languages?.length && !filters.languages.some((l) => spoken.includes(l))) return false;
    if (filters.lookingFor?.length && !filters.lookingFor.some((l) => e.lookingFor.includes(l))) return false;
    if (filters.interests && !filters.interests.every((i) => e.interests.includes(i))) return false;
    // Newcomers: anyone new here or moving here; welcomers: locals (no such status) who welcome them.
    if (filters.newInTown === 'newcomers' && e.newInTown === null) return false;
    if (filters.newInTown === 'welcomers' && (e.newInTown !== null || !e.welcomesNewcomers)) return false;
    if (filters.newMembers && NOW.getTime() - e.createdAt.getTime() > NEW_MEMBER_WINDOW_MS) return false;
    if (filters.age) {
      if (!e.birthday) return false;
      const age = ageOn(e.birthday, NOW);
      if (age < filters.age.minAge || age > filters.age.maxAge) return false;
    }
    if (filters.placeId !== undefined && (e.placeId !== filters.placeId || !placeOf(e))) return false;
    if (filters.withinKm !== undefined) {
      const at = placeOf(e);
      if (!center || !at || distanceKm(center, at) > filters.withinKm) return false;
    }
    return true;
  });
  // The recently-active order: activity shown by the member, seen by the viewer and within the week first,
  // by its minute.
  const activeKey = (e: DirectoryEntry) =>
    sort === 'recentlyActive' &&
    !hideActivity &&
    e.showActivity &&
    e.lastActiveAt &&
    NOW.getTime() - e.lastActiveAt.getTime() <= ACTIVE_WEEK_MS
      ? Math.floor(e.lastActiveAt.getTime() / 60_000) * 60_000
      : 0;
  // The nearby order: members with a place by its distance from `near`, then those without one.
  const nearbyKey = (e: DirectoryEntry) => {
    const at = placeOf(e);
    return sort === 'nearby' && center && at ? distanceKm(center, at) : Infinity;
  };
  const hits = matches.map((e) => ({
    id: e.id,
    shared: e.interests.filter((i) => viewer.includes(i)).length,
    active: activeKey(e),
    createdAt: e.createdAt.getTime(),
    place: nearbyKey(e) < Infinity ? e.placeId! : 0,
    km: nearbyKey(e),
  }));
  const newestFirst = (a: DirectoryHit, b: DirectoryHit) =>
    b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
  type Hit = (typeof hits)[number];
  const orders: Record<DirectorySort, (a: Hit, b: Hit) => number> = {
    newest: newestFirst,
    sharedInterests: (a, b) => b.shared - a.shared || newestFirst(a, b),
    recentlyActive: (a, b) => b.active - a.active || newestFirst(a, b),
    nearby: (a, b) => (a.km === b.km ? newestFirst(a, b) : a.km < b.km ? -1 : 1),
  };
  return hits.sort(orders[sort]).map(({ km: _, ...hit }) => hit);
}

function pageThrough(
  index: DirectoryIndex,
  filters: DirectoryFilters,
  sort: DirectorySort,
  viewer: readonly string[],
  exclude: ReadonlySet<string>,
  limit: number,
  hideActivity = false,
): DirectoryHit[] {
  const all: DirectoryHit[] = [];
  for (let after: DirectoryHit | null = null; ;) {
    const page = index.search({
      filters,
      sort,
      viewerInterests: viewer,
      exclude,
      after,
      limit,
      now: NOW,
      hideActivity,
    });
    all.push(...page);
    if (page.length < limit) return all;
    after = page.at(-1)!;
  }
}

function listedEntry(id: string): DirectoryEntry {
  return {
    id,
    createdAt: NOW,
    updatedAt: NOW,
    deletedAt: null,
    birthday: null,
    gender: null,
    country: null,
    city: null,
    placeId: null,
    nativeLanguage: null,
    otherLanguages: [],
    lookingFor: [],
    interests: someInterests.slice(0, 10),
    hasPhoto: true,
    storyLength: 300,
    lastActiveAt: null,
    showActivity: true,
    newInTown: null,
    welcomesNewcomers: false,
  };
}

const ids = Array.from({ length: 90 }, (_, i) => `m${String(i).padStart(3, '0')}${'x'.repeat(i % 3)}`);

// Hundreds of fast-check runs over three orders: seconds on a busy two-core machine (once 6 s at load 19).
describe('directory index', { timeout: 30_000 }, () => {
  it('pages through exactly the members the rules list, in order, whatever the filters', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 }).chain((n) => fc.tuple(...ids.slice(0, n).map(entryArb))),
        filtersArb,
        fc.constantFrom<DirectorySort>('newest', 'sharedInterests', 'recentlyActive', 'nearby'),
        fc.uniqueArray(fc.constantFrom(...someInterests), { maxLength: 14 }),
        fc.integer({ min: 1, max: 7 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
        (entries, filters, sort, viewer, limit, oneByOne, hideActivity) => {
          // Either built at once (start-up) or upserted in any order (rows arriving late), which must
          // end in the same state.
          const index = oneByOne ? new DirectoryIndex(8, locate) : DirectoryIndex.of(entries, locate);
          if (oneByOne) for (const e of entries) index.upsert(e);
          const exclude = new Set(entries.filter((_, i) => i % 7 === 3).map((e) => e.id));
          expect(pageThrough(index, filters, sort, viewer, exclude, limit, hideActivity)).toEqual(
            expected(entries, filters, sort, viewer, exclude, hideActivity),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds newcomers and the locals who welcome them, alone, within a city, a place or a radius', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 }).chain((n) => fc.tuple(...ids.slice(0, n).map(entryArb))),
        fc.constantFrom(...NEW_IN_TOWN_FILTERS),
        fc.option(
          fc.oneof(
            fc.constantFrom('berlin', 'burg', 'Wien', 'nowhere').map((city) => ({ city })),
            fc.constantFrom(...PLACE_IDS).map((placeId) => ({ placeId })),
            fc
              .tuple(fc.constantFrom(...PLACE_IDS), fc.constantFrom(...NEAR_ME_DISTANCES))
              .map(([near, withinKm]) => ({ near, withinKm })),
          ),
          { nil: undefined },
        ),
        fc.constantFrom<DirectorySort>('newest', 'sharedInterests', 'nearby'),
        fc.integer({ min: 1, max: 7 }),
        (entries, newInTown, where, sort, limit) => {
          const index = DirectoryIndex.of(entries, locate);
          const filters: DirectoryFilters = { newInTown, ...where };
          const viewer = someInterests.slice(0, 6);
          expect(pageThrough(index, filters, sort, viewer, new Set(), limit)).toEqual(
            expected(entries, filters, sort, viewer, new Set()),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps the exact edges of an age range (birthdays today, yesterday, tomorrow)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.tuple(fc.integer({ min: 15, max: 101 }), fc.constantFrom('06-14', '06-15', '06-16')),
          { minLength: 1, maxLength: 40, selector: ([age, day]) => `${age}-${day}` },
        ),
        fc.integer({ min: 16, max: 100 }),
        fc.integer({ min: 0, max: 10 }),
        fc.boolean(),
        (birthdays, minAge, span, oneByOne) => {
          const entries = birthdays.map(([age, day], i) => ({
            ...listedEntry(`b${i}`),
            birthday: `${NOW.getUTCFullYear() - age}-${day}`,
          }));
          // Built at once, or member by member with birth years arriving in any order.
          const index = oneByOne ? new DirectoryIndex(1024, locate) : DirectoryIndex.of(entries, locate);
          if (oneByOne) for (const e of entries) index.upsert(e);
          const filters = { age: { minAge, maxAge: Math.min(100, minAge + span) } };
          expect(pageThrough(index, filters, 'newest', [], new Set(), 50)).toEqual(
            expected(entries, filters, 'newest', [], new Set()),
          );
        },
      ),
    );
  });

  it('applies updates in place and skips row versions it already has', () => {
    fc.assert(
      fc.property(
        fc.tuple(...ids.slice(0, 40).map(entryArb)),
        fc.tuple(...ids.slice(0, 40).map(entryArb)),
        fc.constantFrom<DirectorySort>('newest', 'sharedInterests', 'recentlyActive', 'nearby'),
        (before, after, sort) => {
          const index = DirectoryIndex.of(before, locate);
          const changed = after.map((e, i) => ({
            ...e,
            createdAt: before[i]!.createdAt,
            updatedAt: new Date(NOW.getTime() + 1000),
          }));
          for (const e of changed) index.upsert(e);
          // The same row version read again (an overlapping catch-up read) changes nothing.
          for (const e of changed) index.upsert({ ...e, interests: [] });
          const viewer = someInterests.slice(0, 5);
          expect(pageThrough(index, {}, sort, viewer, new Set(), 6)).toEqual(
            expected(changed, {}, sort, viewer, new Set()),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it("knows each member's activity choice as built and as changed, the viewer's own included", () => {
    fc.assert(
      fc.property(
        fc.tuple(...ids.slice(0, 30).map(entryArb)),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 29 }), fc.boolean()), { maxLength: 20 }),
        (entries, changes) => {
          const builder = new DirectoryIndexBuilder();
          for (const e of entries) builder.add(e);
          const index = builder.build(locate);
          const shows = new Map(entries.map((e) => [e.id, e.showActivity]));
          changes.forEach(([i, showActivity], n) => {
            const entry = entries[i]!;
            index.upsert({ ...entry, showActivity, updatedAt: new Date(NOW.getTime() + 1000 * (n + 1)) });
            shows.set(entry.id, showActivity);
          });
          for (const [id, show] of shows) expect(index.showsActivity(id)).toBe(show);
          expect(index.showsActivity('nobody')).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('lets activity age out of the week as time passes, and a new activity bring a member back', () => {
    const entry = (id: string, daysAgo: number, activeDaysAgo: number | null): DirectoryEntry => ({
      ...listedEntry(id),
      createdAt: new Date(NOW.getTime() - daysAgo * DAY),
      lastActiveAt: activeDaysAgo === null ? null : new Date(NOW.getTime() - activeDaysAgo * DAY),
    });
    const index = DirectoryIndex.of([entry('old', 30, 6), entry('mid', 20, 1), entry('new', 10, null)]);
    const order = (now: Date) =>
      index
        .search({
          filters: {},
          sort: 'recentlyActive',
          viewerInterests: [],
          exclude: new Set(),
          after: null,
          limit: 10,
          now,
        })
        .map((h) => h.id);
    expect(order(NOW)).toEqual(['mid', 'old', 'new']);
    // Two days later 'old' was last active eight days ago: among the others, newest first.
    const later = new Date(NOW.getTime() + 2 * DAY);
    expect(order(later)).toEqual(['mid', 'new', 'old']);
    // Much later, its minute is forgotten; a fresh activity puts it first again.
    const muchLater = new Date(NOW.getTime() + 20 * DAY);
    expect(order(muchLater)).toEqual(['new', 'mid', 'old']);
    index.upsert({ ...entry('old', 30, null), lastActiveAt: muchLater, updatedAt: muchLater });
    expect(order(muchLater)).toEqual(['old', 'new', 'mid']);
  });

  it('keeps working across many slots (word and block boundaries, growth, late inserts)', () => {
    const index = new DirectoryIndex(4, locate);
    const entries: DirectoryEntry[] = [];
    for (let i = 0; i < 5000; i += 1) {
      const entry: DirectoryEntry = {
        id: `member-${i}`,
        // Every fifth member arrives "late", with a joining time among the earlier ones.
        createdAt: new Date(NOW.getTime() - (i % 5 === 0 ? 5000 - i : 0) * 60_000 - (5000 - i)),
        updatedAt: NOW,
        deletedAt: null,
        birthday: '1990-01-01',
        gender: GENDERS[i % 3]!,
        country: 'de',
        city: i % 2 ? 'Berlin' : 'Köln',
        placeId: i % 13 === 0 ? null : PLACE_IDS[i % PLACE_IDS.length]!,
        nativeLanguage: 'de',
        otherLanguages: [],
        lookingFor: ['friendship'],
        // Counts shared with the viewer from 5 to 10, a few high ones far apart (blocks skipped).
        interests: i % 997 === 0 ? someInterests.slice(0, 12) : someInterests.slice(i % 4, (i % 4) + 10),
        hasPhoto: true,
        storyLength: 400,
        // Activity spread over two weeks, with ties, across word and block boundaries.
        lastActiveAt:
          i % 3 === 0 ? null : new Date(NOW.getTime() - (i % 97) * 3_600_000 * 3 - (i % 7) * 10_000),
        showActivity: i % 11 !== 0,
        newInTown: i % 7 === 0 ? 'newHere' : i % 11 === 0 ? 'movingHere' : null,
        welcomesNewcomers: i % 3 === 0,
      };
      entries.push(entry);
      index.upsert(entry);
    }
    expect(index.listedCount()).toBe(5000);
    const viewer = someInterests.slice(0, 10);
    for (const sort of ['newest', 'sharedInterests', 'recentlyActive', 'nearby'] as const) {
      for (const filters of [
        {},
        { city: 'berl' },
        { gender: 'female' as const },
        { newInTown: 'newcomers' as const, city: 'berl' },
        { newInTown: 'welcomers' as const },
        { near: 1000 },
        { near: 1003, withinKm: 50 as const },
        { near: 1000, withinKm: 100 as const, newInTown: 'newcomers' as const },
        { placeId: 1100 },
        { near: 1202, withinKm: 100 as const, gender: 'female' as const },
      ]) {
        expect(pageThrough(index, filters, sort, viewer, new Set(), 20)).toEqual(
          expected(entries, filters, sort, viewer, new Set()),
        );
      }
    }
  });

  it('pages through the members within N km of a place, and nearby first, as measuring every member', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 }).chain((n) => fc.tuple(...ids.slice(0, n).map(entryArb))),
        fc.record(
          {
            near: fc.constantFrom(...PLACE_IDS),
            withinKm: fc.constantFrom(...NEAR_ME_DISTANCES),
            placeId: fc.constantFrom(...PLACE_IDS),
            interests: fc.uniqueArray(fc.constantFrom(...someInterests), { minLength: 1, maxLength: 1 }),
            newMembers: fc.boolean(),
          },
          { requiredKeys: ['near'] },
        ),
        fc.constantFrom<DirectorySort>('nearby', 'nearby', 'newest', 'sharedInterests', 'recentlyActive'),
        fc.integer({ min: 1, max: 7 }),
        fc.boolean(),
        (entries, filters, sort, limit, oneByOne) => {
          const index = oneByOne ? new DirectoryIndex(8, locate) : DirectoryIndex.of(entries, locate);
          if (oneByOne) for (const e of entries) index.upsert(e);
          const exclude = new Set(entries.filter((_, i) => i % 5 === 2).map((e) => e.id));
          const viewer = someInterests.slice(0, 6);
          expect(pageThrough(index, filters, sort, viewer, exclude, limit)).toEqual(
            expected(entries, filters, sort, viewer, exclude),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('follows members who move, leave or arrive late between two pages of the nearby order', () => {
    fc.assert(
      fc.property(
        fc.tuple(...ids.slice(0, 40).map(entryArb)),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 39 }), fc.option(fc.constantFrom(...PLACE_IDS))), {
          maxLength: 15,
        }),
        fc.constantFrom(...PLACE_IDS),
        (entries, moves, near) => {
          const index = DirectoryIndex.of(entries, locate);
          const current = [...entries];
          moves.forEach(([i, placeId], n) => {
            current[i] = { ...current[i]!, placeId, updatedAt: new Date(NOW.getTime() + 1000 * (n + 1)) };
            index.upsert(current[i]!);
          });
          const filters = { near };
          expect(pageThrough(index, filters, 'nearby', [], new Set(), 4)).toEqual(
            expected(current, filters, 'nearby', [], new Set()),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it("knows each member's place, listed or not, when the gazetteer does", () => {
    const index = DirectoryIndex.of(
      [
        { ...listedEntry('listed'), placeId: 1000 },
        { ...listedEntry('unlisted'), placeId: 1200, hasPhoto: false },
        { ...listedEntry('unknown'), placeId: UNKNOWN_PLACE },
        listedEntry('nowhere'),
      ],
      locate,
    );
    expect(['listed', 'unlisted', 'unknown', 'nowhere', 'stranger'].map((id) => index.placeOf(id))).toEqual([
      1000,
      1200,
      null,
      null,
      null,
    ]);
  });
});

// The places' own walk, against measuring every place: nearest first from any point on Earth (the poles
// and the antimeridian included), within any distance, however the grid cuts them.
describe('places near a point', () => {
  const coordinates = fc.record({
    lat: fc.double({ min: -90, max: 90, noNaN: true }).map(Math.fround),
    lon: fc.double({ min: -180, max: 180, noNaN: true }).map(Math.fround),
  });
  // Clustered points too: many places a few km apart, as towns are.
  const near = (center: Coordinates) =>
    fc
      .record({
        dLat: fc.double({ min: -1, max: 1, noNaN: true }),
        dLon: fc.double({ min: -1, max: 1, noNaN: true }),
      })
      .map(({ dLat, dLon }) =>
        point(Math.max(-90, Math.min(90, center.lat + dLat)), ((center.lon + dLon + 540) % 360) - 180),
      );

  it('walks the places with members nearest first, exactly as measuring each of them', () => {
    fc.assert(
      fc.property(
        coordinates.chain((c) =>
          fc.tuple(
            fc.constant(c),
            fc.array(fc.oneof(coordinates, near(c)), { minLength: 1, maxLength: 120 }),
            fc.oneof(fc.constant(Infinity), fc.double({ min: 0, max: 3000, noNaN: true })),
          ),
        ),
        ([center, points, maxKm]) => {
          const byId = new Map(points.map((p, i) => [i + 1, p]));
          const places = new Places((id) => byId.get(id) ?? null);
          places.grow(points.length + 1, ((points.length + 32) >>> 5) + 1);
          // Every place gets a member, except every fourth (a place nobody is listed in any more).
          points.forEach((_, i) => places.add(i, i + 1, i % 4 !== 3));
          const walk = places.walk(center, maxKm);
          const walked: number[] = [];
          const kms: number[] = [];
          for (let place = walk.next(); place >= 0; place = walk.next()) {
            walked.push(places.idOf(place));
            kms.push(walk.km);
          }
          const measured = points
            .map((p, i) => ({ id: i + 1, km: distanceKm(center, p), listed: i % 4 !== 3 }))
            .filter((p) => p.listed && p.km <= maxKm)
            .sort((a, b) => a.km - b.km);
          expect(kms).toEqual(measured.map((p) => p.km));
          expect(new Set(walked)).toEqual(new Set(measured.map((p) => p.id)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
