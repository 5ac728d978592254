import { ageOn, type UiLanguage } from '@amiko/core';
import { containsInsensitive } from '@amiko/db';
import { and, desc, eq } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { findMember } from './accounts.ts';
import { activityFor, showsActivity } from './activity.ts';
import { placeLabel } from './places.ts';
import {
  avatarUrl,
  blocksBetween,
  cardColumns,
  factsOf,
  may,
  notFound,
  visibilityColumns,
  visibilityOf,
} from './views.ts';

// Favourites act on the member's own list only (SPEC §6). A member can keep as a favourite anyone they
// could see in the directory (visibilityOf's `find`): not themselves, not someone blocked either way, not a
// deleted or suspended account; the list shows them while that holds.

/** Checks that `favoriteId` is someone `memberId` may keep as a favourite. */
async function assertCanFavorite(deps: Deps, memberId: string, favoriteId: string): Promise<void> {
  if (memberId === favoriteId) throw appError('VALIDATION', 'community:errors.cannotFavoriteSelf');
  const [target, between] = await Promise.all([
    findMember(deps, favoriteId),
    blocksBetween(deps.database, memberId, favoriteId),
  ]);
  const visibility = visibilityOf(factsOf(target), between);
  if (!may(visibility, 'find')) throw notFound(visibility);
}

/** SPEC §4 favourite toggle: removes the member if they are a favourite, otherwise adds them. */
export async function toggleFavorite(
  deps: Deps,
  memberId: string,
  favoriteId: string,
): Promise<{ isFavorite: boolean }> {
  const { db, t } = deps.database;
  const removed = await db
    .delete(t.favorites)
    .where(and(eq(t.favorites.memberId, memberId), eq(t.favorites.favoriteId, favoriteId)))
    .returning({ id: t.favorites.favoriteId });
  if (removed.length > 0) return { isFavorite: false };
  await assertCanFavorite(deps, memberId, favoriteId);
  await db.insert(t.favorites).values({ memberId, favoriteId, createdAt: new Date() }).onConflictDoNothing();
  return { isFavorite: true };
}

/** Removes a favourite (the list's remove button); removing one that is not there is not an error. */
export async function removeFavorite(deps: Deps, memberId: string, favoriteId: string): Promise<void> {
  const { db, t } = deps.database;
  await db
    .delete(t.favorites)
    .where(and(eq(t.favorites.memberId, memberId), eq(t.favorites.favoriteId, favoriteId)));
}

/** The member's favourites, newest first, optionally only those whose name contains `search`. */
export async function listFavorites(deps: Deps, memberId: string, language: UiLanguage, search?: string) {
  const { database } = deps;
  const { db, t } = database;
  const [rows, viewerShowsActivity] = await Promise.all([
    db
      .select({
        ...cardColumns(t),
        ...visibilityColumns(t, memberId),
        addedAt: t.favorites.createdAt,
      })
      .from(t.favorites)
      .innerJoin(t.members, eq(t.members.id, t.favorites.favoriteId))
      .where(
        and(
          eq(t.favorites.memberId, memberId),
          search ? containsInsensitive(database, t.members.name, search) : undefined,
        ),
      )
      .orderBy(desc(t.favorites.createdAt), t.members.id),
    showsActivity(deps, memberId),
  ]);
  const now = new Date();
  return rows
    .filter((row) => may(visibilityOf(row, row), 'find'))
    .map((row) => ({
      id: row.id,
      name: row.name,
      city: placeLabel(row, language),
      age: row.birthday ? ageOn(row.birthday) : null,
      avatarUrl: avatarUrl(row),
      addedAt: row.addedAt,
      activity: activityFor(row, viewerShowsActivity, now),
    }));
}
