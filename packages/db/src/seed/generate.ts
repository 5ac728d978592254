import {
  BIG_FIVE_LEVELS,
  BIG_FIVE_TRAITS,
  CATALOGS,
  INTERESTS,
  type CatalogName,
  type Interest,
  type ProfileFieldName,
} from '@amiko/core';
import { matchPlace, near } from '@amiko/places';
import type { Database } from '../client.ts';
import type { Schema } from '../schema/index.ts';
import type { BigFive, CatalogId } from '../schema/types.ts';
import { FIRST_NAMES, JOB_TITLES, LAST_NAMES, MANTRAS, PLACES, STORY } from './data.ts';

type MemberRow = Schema['members']['$inferInsert'];

/** A small, fast, seedable random number generator (mulberry32): the same seed gives the same members. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  /** `count` different items, in random order. */
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i += 1) {
      const j = i + Math.floor(next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  };
  return { next, int, pick, chance, sample };
}
export type Random = ReturnType<typeof randomSource>;

const DAY = 86_400_000;
/** Interests in themed groups of ten (the catalog is ordered by theme): people's interests cluster. */
const INTEREST_GROUPS = Array.from({ length: Math.ceil(INTERESTS.length / 10) }, (_, i) =>
  INTERESTS.slice(i * 10, i * 10 + 10),
);
const PLACE_WEIGHT = PLACES.reduce((sum, p) => sum + p.weight, 0);

function place(random: Random) {
  let roll = random.next() * PLACE_WEIGHT;
  for (const p of PLACES) {
    roll -= p.weight;
    if (roll <= 0) return p;
  }
  return PLACES[0]!;
}

function interestsFor(random: Random): Interest[] {
  const favourites = random.sample(INTEREST_GROUPS, 2).flat();
  const count = random.int(10, 16);
  const fromGroups = random.sample(favourites, Math.round(count * 0.7));
  const rest = random.sample(
    INTERESTS.filter((i) => !fromGroups.includes(i)),
    count - fromGroups.length,
  );
  return [...fromGroups, ...rest];
}

function some<N extends CatalogName>(random: Random, name: N, max: number, min = 0): CatalogId<N>[] {
  return random.sample(CATALOGS[name], random.int(min, max)) as CatalogId<N>[];
}

function one<N extends CatalogName>(random: Random, name: N, p = 0.85): CatalogId<N> | null {
  return random.chance(p) ? (random.pick(CATALOGS[name]) as CatalogId<N>) : null;
}

function storyFor(random: Random, language: 'en' | 'de'): string {
  const s = STORY[language];
  const middles = random.sample(s.middles, 4).join(' ');
  return `${random.pick(s.openings)} ${middles} ${random.pick(s.closings)}`;
}

function birthdayFor(random: Random, now: Date): string {
  // Mostly 20 to 45, some up to 80.
  const age = random.chance(0.75) ? random.int(20, 45) : random.int(18, 80);
  const day = new Date(now.getTime() - age * 365.25 * DAY - random.int(0, 364) * DAY);
  return day.toISOString().slice(0, 10);
}

/** One complete, varied demo member (every profile section filled, most fields set). */
export function demoMember(
  random: Random,
  index: number,
  options: { photoKeys: readonly string[]; now: Date; runTag: string },
): MemberRow {
  const where = place(random);
  const language = where.language === 'de' || random.chance(0.1) ? 'de' : 'en';
  const female = random.chance(0.5);
  const gender = random.chance(0.08) ? 'notSpecified' : female ? 'female' : 'male';
  const first = random.pick(FIRST_NAMES[language][female ? 'female' : 'male']);
  const last = random.pick(LAST_NAMES[language]);
  // Joined over the last two years; some within the last month (the "new members" filter).
  const joinedDaysAgo = random.chance(0.06) ? random.next() * 30 : random.next() * 730;
  const createdAt = new Date(options.now.getTime() - Math.floor(joinedDaysAgo * DAY));
  const photoKey = options.photoKeys.length > 0 ? random.pick(options.photoKeys) : null;
  const bigFiveTraits: BigFive = Object.fromEntries(
    random.sample(BIG_FIVE_TRAITS, random.int(0, 5)).map((trait) => [trait, random.pick(BIG_FIVE_LEVELS)]),
  );
  const nativeLanguage: CatalogId<'languages'> = language === 'de' ? 'de' : 'en';
  // Every profile field gets a value (a new field does not compile until it has one here).
  const row = {
    id: `${options.runTag}${String(index).padStart(8, '0')}`,
    email: `demo-${options.runTag}-${index}@amiko.example`.toLowerCase(),
    emailVerified: true,
    // Demo members cannot sign in: they have no password.
    passwordHash: null,
    language,
    name: `${first} ${last}`,
    phone: null,
    birthday: random.chance(0.9) ? birthdayFor(random, options.now) : null,
    gender,
    nativeLanguage,
    otherLanguages: [
      ...(nativeLanguage === 'de' ? ['en' as const] : random.chance(0.4) ? ['de' as const] : []),
      ...some(random, 'languages', 2),
    ].filter((l, i, all) => l !== nativeLanguage && all.indexOf(l) === i),
    country: where.country as CatalogId<'countries'>,
    city: random.pick(where.cities),
    // Set below from the city (drawn without the random source, so no other field moves).
    placeId: null as number | null,
    timezone: where.timezone,
    photoKey,
    croppedPhotoKey: photoKey,
    interests: interestsFor(random),
    story: storyFor(random, language),
    mbtiType: one(random, 'mbtiTypes', 0.6),
    bigFiveTraits,
    personalityDescriptors: some(random, 'personalityDescriptors', 3),
    currentJobTitle: random.chance(0.7) ? random.pick(JOB_TITLES[language]) : null,
    jobField: one(random, 'jobFields', 0.7),
    educationLevel: one(random, 'educationLevels', 0.7),
    professionalSkills: some(random, 'professionalSkills', 5),
    futureGoals: some(random, 'futureGoals', 3),
    favoriteBooks: some(random, 'bookGenres', 3),
    moviesAndShows: some(random, 'movieGenres', 3),
    favoriteMusic: some(random, 'musicGenres', 4),
    podcastsAndBlogs: some(random, 'podcastCategories', 3),
    favoriteCuisine: some(random, 'cuisines', 4),
    danceStyles: some(random, 'danceStyles', 2),
    eventPreferences: some(random, 'eventTypes', 4),
    festivals: some(random, 'festivals', 3),
    religion: one(random, 'religions', 0.5),
    coreValues: some(random, 'coreValues', 5),
    philosophies: null,
    signatureQuotes: null,
    lifeMantra: random.chance(0.4) ? random.pick(MANTRAS[language]) : null,
    favoriteQuotes: null,
    relationshipStatus: one(random, 'relationshipStatuses', 0.8),
    havingKids: one(random, 'havingKids', 0.6),
    lookingFor: some(random, 'lookingFor', 3, 1),
    importantQualities: some(random, 'importantQualities', 5),
    dealBreakers: some(random, 'dealBreakers', 3),
    communicationStyle: one(random, 'communicationStyles', 0.6),
    relationshipGoals: some(random, 'relationshipGoals', 2),
    familyPlanning: one(random, 'familyPlanning', 0.5),
    lifestyleCompatibility: some(random, 'lifestyleCompatibility', 3),
    fitnessPreferences: some(random, 'fitnessActivities', 3),
    favoriteSports: some(random, 'sports', 3),
    wellnessPractices: some(random, 'wellnessPractices', 3),
    dietPreferences: some(random, 'dietPreferences', 2),
    mentalWellnessActivities: some(random, 'mentalWellnessActivities', 3),
    // New in town (issue 19.4), from the index rather than the random stream, which would change every
    // later member: about 8% newcomers (a quarter of them still moving), 12% locals who welcome them.
    ...newInTownFor(index, options.now),
    createdAt,
    updatedAt: options.now,
    deletedAt: null,
    ...demoActivity(index, options.now),
  } satisfies MemberRow & Record<ProfileFieldName, unknown>;
  row.placeId = demoPlace(index, where.country, row.city);
  return row;
}

/**
 * A spread of last activities (a few active now, more today and this week, many longer ago or never) and a
 * few members hiding theirs. Drawn from the member's index, not the random source, so that adding it left
 * every other seeded field as it was.
 */
function demoActivity(index: number, now: Date): Pick<MemberRow, 'lastActiveAt' | 'showActivity'> {
  const draw = (salt: number) => (Math.imul(index + 1, 2_654_435_761 + salt) >>> 0) / 2 ** 32;
  const [kind, within] = [draw(0), draw(7_919)];
  const MINUTE = 60_000;
  const ago =
    kind < 0.03
      ? within * 4 * MINUTE
      : kind < 0.15
        ? (5 + within * 1_400) * MINUTE
        : kind < 0.35
          ? (1 + within * 6) * DAY
          : kind < 0.7
            ? (8 + within * 60) * DAY
            : null;
  return {
    lastActiveAt: ago === null ? null : new Date(now.getTime() - Math.floor(ago)),
    showActivity: draw(104_729) >= 0.05,
  };
}

/** A number in [0, 1) from a member's index and a salt, well mixed (murmur3's finalizer). */
function indexDraw(index: number, salt: number): number {
  let h = Math.imul(index ^ salt, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

/** Per demo city: its place in the gazetteer and the places within 40 km of it, nearest first. */
const demoTowns = new Map<string, { town: number; around: number[] } | null>();

/**
 * The member's place (issue 33): about half live in their demo city's town, 45% in one of the places within
 * 40 km of it (people live around a city, not only in it, so the directory's places are many, as they will
 * be), and 5% have none (a typed city that matched no place). Drawn from the member's index, not the random
 * source, so every other seeded field stays as it was; the gazetteer's data make it the same in every run.
 */
function demoPlace(index: number, country: string, city: string): number | null {
  const key = `${country}:${city}`;
  if (!demoTowns.has(key)) {
    const town = matchPlace(city, { country });
    demoTowns.set(key, town === null ? null : { town, around: near(town, 40) });
  }
  const found = demoTowns.get(key);
  const kind = indexDraw(index, 0x51ace);
  if (!found || kind < 0.05) return null;
  if (kind < 0.55) return found.town;
  return found.around[Math.floor(indexDraw(index, 0x7e1a) * found.around.length)]!;
}

function newInTownFor(index: number, now: Date) {
  const newcomer = index % 12 === 5;
  const moving = newcomer && index % 48 === 5;
  const monthsAway = (index % 9) + 1;
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + (moving ? 1 : -monthsAway), 1));
  return {
    newInTown: newcomer ? (moving ? ('movingHere' as const) : ('newHere' as const)) : null,
    newInTownMonth: newcomer ? month.toISOString().slice(0, 7) : null,
    welcomesNewcomers: !newcomer && index % 25 < 3,
  };
}

export interface SeedOptions {
  count: number;
  /** Stored photos to give the members (shared: a handful of generated avatars). */
  photoKeys: readonly string[];
  /** The same seed gives the same members (ids aside, which carry a run tag). */
  seed?: number;
  now?: Date;
  onProgress?: (done: number) => void;
}

// Rows per INSERT (about 60 columns each: within SQLite's 32,766 and PostgreSQL's 65,535 parameters) and
// per transaction.
const ROWS_PER_INSERT = 400;
const ROWS_PER_TRANSACTION = 10_000;

/** Inserts `count` demo members with multi-row INSERTs in large transactions; returns their ids. */
export async function seedMembers(database: Database, options: SeedOptions): Promise<string[]> {
  const random = randomSource(options.seed ?? Date.now());
  const now = options.now ?? new Date();
  // Ids sort with the run, and differ between runs (a second seed adds members, it does not collide).
  const runTag = `seed${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}x`;
  const ids: string[] = [];
  for (let start = 0; start < options.count; start += ROWS_PER_TRANSACTION) {
    const end = Math.min(options.count, start + ROWS_PER_TRANSACTION);
    const rows = Array.from({ length: end - start }, (_, i) =>
      demoMember(random, start + i, { photoKeys: options.photoKeys, now, runTag }),
    );
    await database.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
        const batch = rows.slice(i, i + ROWS_PER_INSERT);
        // updated_at is when the row was written: running servers catch up from it (docs/decisions.md).
        const written = new Date();
        for (const row of batch) row.updatedAt = written;
        await tx.insert(database.t.members).values(batch);
      }
    });
    for (const row of rows) ids.push(row.id!);
    options.onProgress?.(end);
  }
  return ids;
}
