import { isUniqueViolation, perDatabase, prepared, type Database, type Db, type Schema } from '@amiko/db';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { avatarUrl } from './views.ts';

// Blocking acts on the blocker's own list (SPEC §6). Its effects are everywhere: neither side can message
// the other (SPEC §5), and neither sees the other in the directory.

const memberMissing = () => appError('NOT_FOUND', 'community:errors.userDocumentMissing');

/** True when either member has blocked the other. */
export async function blockedEitherWay(db: Db, t: Schema, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ blockerId: t.blocks.blockerId })
    .from(t.blocks)
    .where(
      or(
        and(eq(t.blocks.blockerId, a), eq(t.blocks.blockedId, b)),
        and(eq(t.blocks.blockerId, b), eq(t.blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Asked by every directory page: prepared once per database. */
const blocksOf = perDatabase(({ db, t }) => {
  const me = sql.placeholder('me');
  return prepared(
    'blocks_either_way',
    db
      .select({ blockerId: t.blocks.blockerId, blockedId: t.blocks.blockedId })
      .from(t.blocks)
      .where(or(eq(t.blocks.blockerId, me), eq(t.blocks.blockedId, me))),
  );
});

/** Everyone a member has blocked or been blocked by. */
export async function blockedIdsEitherWay(database: Database, memberId: string): Promise<Set<string>> {
  const rows = await blocksOf(database).execute({ me: memberId });
  return new Set(rows.map((r) => (r.blockerId === memberId ? r.blockedId : r.blockerId)));
}

/** Blocks another member; blocking also removes them from the blocker's favourites. Idempotent. */
export async function blockMember(deps: Deps, blockerId: string, blockedId: string): Promise<void> {
  const { database } = deps;
  const { t } = database;
  if (blockerId === blockedId) throw appError('VALIDATION', 'community:errors.cannotBlockSelf');
  const [target] = await database.db
    .select({ id: t.members.id })
    .from(t.members)
    .where(and(eq(t.members.id, blockedId), isNull(t.members.deletedAt)));
  if (!target) throw memberMissing();
  await database.transaction(async (tx) => {
    try {
      await tx.insert(t.blocks).values({ blockerId, blockedId, createdAt: new Date() }).onConflictDoNothing();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    await tx
      .delete(t.favorites)
      .where(and(eq(t.favorites.memberId, blockerId), eq(t.favorites.favoriteId, blockedId)));
  });
}

/** Removes a member from the blocker's list (SPEC §4 Unblock). */
export async function unblockMember(deps: Deps, blockerId: string, blockedId: string): Promise<void> {
  const { db, t } = deps.database;
  const removed = await db
    .delete(t.blocks)
    .where(and(eq(t.blocks.blockerId, blockerId), eq(t.blocks.blockedId, blockedId)))
    .returning({ blockedId: t.blocks.blockedId });
  if (removed.length === 0) throw appError('NOT_FOUND', 'community:errors.noBlockedUsers');
}

/** The members someone has blocked, newest first, as the Blocked Users list shows them. */
export async function listBlocked(deps: Deps, blockerId: string) {
  const { db, t } = deps.database;
  const rows = await db
    .select({ blockedId: t.blocks.blockedId, blockedAt: t.blocks.createdAt })
    .from(t.blocks)
    .where(eq(t.blocks.blockerId, blockerId));
  if (rows.length === 0) return [];
  const members = await db
    .select({
      id: t.members.id,
      name: t.members.name,
      photoKey: t.members.photoKey,
      croppedPhotoKey: t.members.croppedPhotoKey,
      deletedAt: t.members.deletedAt,
    })
    .from(t.members)
    .where(
      inArray(
        t.members.id,
        rows.map((r) => r.blockedId),
      ),
    );
  const byId = new Map(members.map((m) => [m.id, m]));
  return rows
    .sort((a, b) => b.blockedAt.getTime() - a.blockedAt.getTime())
    .flatMap((row) => {
      const member = byId.get(row.blockedId);
      if (!member || member.deletedAt) return [];
      return [{ id: member.id, name: member.name, avatarUrl: avatarUrl(member), blockedAt: row.blockedAt }];
    });
}
