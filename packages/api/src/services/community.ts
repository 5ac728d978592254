import {
  ageOn,
  COMMON_ERRORS,
  idSchema,
  type ActivityBucket,
  newInTownRole,
  type DirectoryFilters,
  type DirectorySort,
  type directoryQuerySchema,
} from '@amiko/core';
import { coordinatesOf } from '@amiko/places';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { perDatabase, prepared, type Database } from '@amiko/db';
import type { Context, Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { activityFor } from './activity.ts';
import { blockedIdsEitherWay } from './blocks.ts';
import type { DirectoryCursor, DirectoryHit } from './directory/member-index.ts';
import { placeLabel } from './places.ts';
import { avatarUrl, cardColumns, may, NO_BLOCKS, visibilityOf } from './views.ts';

/** How many interests a card names before '+N more'. */
export const CARD_INTEREST_COUNT = 3;

export interface DirectoryCard {
  id: string;
  /** The full name for members; the first name only for visitors. */
  name: string;
  avatarUrl: string | null;
  city: string | null;
  /** Null when the member keeps their birthday to themselves, and always for visitors. */
  age: number | null;
  /** A few interests, the ones shared with the viewer first (none for visitors). */
  interests: string[];
  moreInterests: number;
  sharedInterests: number;
  /** "Active now/today/this week", or null: older, hidden by either side, or a visitor asking. */
  activity: ActivityBucket | null;
  /** The card's badge: "New in town" or "Welcomes newcomers" (issue 19.4). */
  newInTown: 'newcomer' | 'welcomer' | null;
}

export interface DirectoryPage {
  items: DirectoryCard[];
  nextCursor: string | null;
  /** Visitors see less (no age, no interests, first names) and always the newest members first. */
  limited: boolean;
}

// The cursor is the sort keys of the last card shown: stable whoever joins, leaves or blocks meanwhile,
// and the same in every server process.
// The recently-active order adds its first key (a last activity within the week, or 0) at the end; the
// nearby order the place of the last card (a GeoNames id, 0 for none), whose distance the server measures
// again: a cursor carries no distance, only the town the card names anyway.
const cursorSchema = z.union([
  z.tuple([
    z.enum(['sharedInterests', 'newest']),
    z.number().int().min(0).max(1000),
    z.number().finite(),
    idSchema,
  ]),
  z.tuple([
    z.literal('nearby'),
    z.number().int().min(0).max(1000),
    z.number().finite(),
    idSchema,
    z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
  ]),
  z.tuple([
    z.literal('recentlyActive'),
    z.number().int().min(0).max(1000),
    z.number().finite(),
    idSchema,
    z.number().finite().min(0),
  ]),
]);

function encodeCursor(sort: DirectorySort, hit: DirectoryHit): string {
  const last = sort === 'recentlyActive' ? [hit.active] : sort === 'nearby' ? [hit.place] : [];
  const keys = [sort, hit.shared, hit.createdAt, hit.id, ...last];
  return Buffer.from(JSON.stringify(keys)).toString('base64url');
}

function decodeCursor(sort: DirectorySort, cursor: string): DirectoryCursor {
  const parsed = cursorSchema.safeParse(safeJson(Buffer.from(cursor, 'base64url').toString('utf8')));
  if (!parsed.success || parsed.data[0] !== sort)
    throw appError('VALIDATION', 'community:errors.invalidCursor');
  const [, shared, createdAt, id, last = 0] = parsed.data;
  // A place no gazetteer knows is no cursor the server wrote.
  if (sort === 'nearby' && last !== 0 && coordinatesOf(last) === null)
    throw appError('VALIDATION', 'community:errors.invalidCursor');
  return {
    shared,
    createdAt,
    id,
    active: sort === 'recentlyActive' ? last : 0,
    place: sort === 'nearby' ? last : 0,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The card fields of `count` members, read by primary key (placeholders id0, id1, …). */
function buildCardRows({ db, t }: Database, count: number) {
  const ids = Array.from({ length: count }, (_, i) => sql.placeholder(`id${i}`));
  return prepared(
    `directory_cards_${count}`,
    db
      .select({
        ...cardColumns(t),
        interests: t.members.interests,
        newInTown: t.members.newInTown,
        welcomesNewcomers: t.members.welcomesNewcomers,
        deletedAt: t.members.deletedAt,
        suspendedAt: t.members.suspendedAt,
        emailVerified: t.members.emailVerified,
        storyLength: sql<number>`length(${t.members.story})`.mapWith(Number),
      })
      .from(t.members)
      .where(inArray(t.members.id, ids)),
  );
}
type CardRows = ReturnType<typeof buildCardRows>;
type CardRow = Awaited<ReturnType<CardRows['execute']>>[number];

/**
 * Prepared per number of ids (a page asks for at most 51 at once, so at most that many statements per
 * database): building the query each time cost more than running it.
 */
const cardRowsByCount = perDatabase(() => new Map<number, CardRows>());

/** The card fields of a page's members, read by primary key. */
function cardRows({ database }: Deps, ids: string[]): Promise<CardRow[]> {
  const byCount = cardRowsByCount(database);
  let statement = byCount.get(ids.length);
  if (!statement) {
    statement = buildCardRows(database, ids.length);
    byCount.set(ids.length, statement);
  }
  return statement.execute(Object.fromEntries(ids.map((id, i) => [`id${i}`, id])));
}

/** Shared interests first, then the others, each group in the member's own order. */
export function interestsForCard(interests: readonly string[], viewer: ReadonlySet<string>): string[] {
  return [...interests.filter((i) => viewer.has(i)), ...interests.filter((i) => !viewer.has(i))];
}

/**
 * One page of the community directory (SPEC §2 Community). Members never see themselves, anyone blocked
 * either way, deleted or suspended accounts, unverified addresses or unfinished profiles. The index finds the
 * page; the card fields are read from the database by primary key, and each card is re-checked by visibilityOf.
 */
export async function directoryPage(
  ctx: Context,
  input: z.output<typeof directoryQuerySchema>,
): Promise<DirectoryPage> {
  const { deps } = ctx;
  // An account whose address was never confirmed sees no member (issue 30.12): visitors see the limited
  // directory, but a signed-in account is asked to verify first, as every other member page asks it.
  if (ctx.session && !ctx.session.member.emailVerified) {
    throw appError('EMAIL_NOT_VERIFIED', COMMON_ERRORS.emailNotVerified);
  }
  const viewerId = ctx.session ? ctx.session.member.id : null;
  const limited = viewerId === null;
  const sort: DirectorySort = limited ? 'newest' : input.sort;
  let filters: DirectoryFilters = limited ? {} : input.filters;
  let after = input.cursor ? decodeCursor(sort, input.cursor) : null;
  if (filters.near !== undefined && coordinatesOf(filters.near) === null)
    throw appError('VALIDATION', 'community:errors.unknownPlace', { field: 'near' });

  const [index, blocked] = await Promise.all([
    deps.directory.current(),
    viewerId ? blockedIdsEitherWay(deps.database, viewerId) : new Set<string>(),
  ]);
  // "Within N km" and "nearby first" measure from the place chosen, else from the viewer's own (issue 33);
  // a viewer without one is asked to pick it. Only the order and the filter use the distance: no card,
  // cursor or answer carries one.
  if (filters.withinKm !== undefined || sort === 'nearby') {
    const near = filters.near ?? (viewerId ? index.placeOf(viewerId) : null);
    if (near === null) throw appError('VALIDATION', 'community:errors.placeNeeded', { field: 'near' });
    filters = { ...filters, near };
  }
  // The index is up to date with every committed write, the viewer's own privacy choice included.
  const viewerShowsActivity = viewerId !== null && index.showsActivity(viewerId);
  const exclude = new Set(blocked);
  if (viewerId) exclude.add(viewerId);
  const viewerInterests = viewerId ? index.interestsOf(viewerId) : [];
  const now = new Date();

  // One more than a page tells whether another page follows. Rows that fail the re-check (an account
  // deleted without a fresh updated_at) are skipped and the index asked for more.
  const want = input.limit + 1;
  const found: { hit: DirectoryHit; row: CardRow }[] = [];
  for (;;) {
    const requested = want - found.length;
    const hits = index.search({
      filters,
      sort,
      viewerInterests,
      exclude,
      after,
      limit: requested,
      now,
      // Who hides their activity sees nobody's, not even as an order.
      hideActivity: !viewerShowsActivity,
    });
    const rows =
      hits.length > 0
        ? await cardRows(
            deps,
            hits.map((h) => h.id),
          )
        : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const hit of hits) {
      const row = byId.get(hit.id);
      // The index has left out everyone blocked either way (`exclude`), so no query of blocks per card.
      if (row && may(visibilityOf(row, NO_BLOCKS), 'find')) found.push({ hit, row });
    }
    // Done when the page is full or the index has nothing more.
    if (found.length >= want || hits.length < requested) break;
    after = hits.at(-1)!;
  }

  const page = found.slice(0, input.limit);
  const viewerSet = new Set(viewerInterests);
  const items = page.map(({ hit, row }): DirectoryCard => {
    if (limited) {
      return {
        id: row.id,
        name: row.name.trim().split(/\s+/)[0] ?? '',
        avatarUrl: avatarUrl(row),
        city: placeLabel(row, ctx.language),
        age: null,
        interests: [],
        moreInterests: 0,
        sharedInterests: 0,
        activity: null,
        newInTown: newInTownRole(row),
      };
    }
    const interests = interestsForCard(row.interests, viewerSet).slice(0, CARD_INTEREST_COUNT);
    return {
      id: row.id,
      name: row.name,
      avatarUrl: avatarUrl(row),
      city: placeLabel(row, ctx.language),
      age: row.birthday ? ageOn(row.birthday, now) : null,
      interests,
      moreInterests: row.interests.length - interests.length,
      sharedInterests: hit.shared,
      activity: activityFor(row, viewerShowsActivity, now),
      newInTown: newInTownRole(row),
    };
  });
  const last = page.at(-1);
  return {
    items,
    nextCursor: found.length > input.limit && last ? encodeCursor(sort, last.hit) : null,
    limited,
  };
}
