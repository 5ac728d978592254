import { ageOn } from '@amiko/core';
import { containsInsensitive } from '@amiko/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { findMember } from './accounts.ts';
import { activityFor, showsActivity } from './activity.ts';
import { blockedEitherWay, blockedIdsEitherWay } from './blocks.ts';
import { isListedRow } from './directory/query.ts';
import { avatarUrl, cardColumns } from './views.ts';

// Favourites act on the member's own list only (SPEC §6). A member can keep as a favourite anyone they
// could see in the directory: not themselves, not someone blocked either way, not a deleted account.

/** Checks that `favoriteId` is someone `memberId` may keep as a favourite. */
async function assertCanFavorite(deps: Deps, memberId: string, favoriteId: string): Promise<void> {
  if (memberId === favoriteId) throw appError('VALIDATION', 'community:errors.cannotFavoriteSelf');
  const { db, t } = deps.database;
  const [target, blocked] = await Promise.all([
    findMember(deps, favoriteId),
    blockedEitherWay(db, t, memberId, favoriteId),
  ]);
  if (!target || !isListedRow({ ...target, storyLength: target.story.length }))
    throw appError('NOT_FOUND', 'community:errors.userDocumentMissing');
  if (blocked) throw appError('NOT_FOUND', 'community:errors.profileUnavailable');
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
export async function listFavorites(deps: Deps, memberId: string, search?: string) {
  const { database } = deps;
  const { db, t } = database;
  const [rows, blocked, viewerShowsActivity] = await Promise.all([
    db
      .select({
        ...cardColumns(t),
        addedAt: t.favorites.createdAt,
      })
      .from(t.favorites)
      .innerJoin(t.members, eq(t.members.id, t.favorites.favoriteId))
      .where(
        and(
          eq(t.favorites.memberId, memberId),
          isNull(t.members.deletedAt),
          isNull(t.members.suspendedAt),
          search ? containsInsensitive(database, t.members.name, search) : undefined,
        ),
      )
      .orderBy(desc(t.favorites.createdAt), t.members.id),
    blockedIdsEitherWay(database, memberId),
    showsActivity(deps, memberId),
  ]);
  const now = new Date();
  return rows
    .filter((row) => !blocked.has(row.id))
    .map((row) => ({
      id: row.id,
      name: row.name,
      city: row.city,
      age: row.birthday ? ageOn(row.birthday) : null,
      avatarUrl: avatarUrl(row),
      addedAt: row.addedAt,
      activity: activityFor(row, viewerShowsActivity, now),
    }));
}
