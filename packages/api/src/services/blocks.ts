import { isUniqueViolation, perDatabase, prepared, type Database } from '@amiko/db';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { meetupPodsOfEither, separateAtMeetups } from './meetups.ts';
import { publishMeetupsChanged } from './meetups-notices.ts';
import { recountPodUnread } from './pods-unread.ts';
import { may, seenBy } from './views.ts';

// Blocking acts on the blocker's own list (SPEC §6). Its effects are everywhere: neither side can message
// the other (SPEC §5), and neither sees the other in the directory; in a pod each one's messages are hidden
// from the other, so both members' unread pod messages are counted again with the block made or lifted; and
// at a meetup both are going to, the one who asked later gives their place back (separateAtMeetups).

const memberMissing = () => appError('NOT_FOUND', 'community:errors.userDocumentMissing');

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
  const pair: [string, string] = [blockerId, blockedId];
  const separated = await database.transaction(async (tx) => {
    try {
      await tx.insert(t.blocks).values({ blockerId, blockedId, createdAt: new Date() }).onConflictDoNothing();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    await tx
      .delete(t.favorites)
      .where(and(eq(t.favorites.memberId, blockerId), eq(t.favorites.favoriteId, blockedId)));
    await recountPodUnread(database, tx, pair, await meetupPodsOfEither(tx, deps, pair));
    return separateAtMeetups(tx, deps, pair);
  });
  // The one whose answer went is told too: from outside the pod, they no longer hear its meetups otherwise.
  for (const { podId, meetupId, withdrawn } of separated)
    await publishMeetupsChanged(deps, podId, meetupId, [withdrawn]);
}

/** Removes a member from the blocker's list (SPEC §4 Unblock). */
export async function unblockMember(deps: Deps, blockerId: string, blockedId: string): Promise<void> {
  const { database } = deps;
  const { t } = database;
  await database.transaction(async (tx) => {
    const removed = await tx
      .delete(t.blocks)
      .where(and(eq(t.blocks.blockerId, blockerId), eq(t.blocks.blockedId, blockedId)))
      .returning({ blockedId: t.blocks.blockedId });
    if (removed.length === 0) throw appError('NOT_FOUND', 'community:errors.noBlockedUsers');
    await recountPodUnread(database, tx, [blockerId, blockedId]);
  });
}

/**
 * The members someone has blocked, newest first, as the Blocked Users list shows them: those visibilityOf
 * lets the blocker name (a deleted or suspended account, or one who has blocked them back, is left out, as a
 * deleted account always was).
 */
export async function listBlocked(deps: Deps, blockerId: string) {
  const { db, t } = deps.database;
  const rows = await db
    .select({ blockedId: t.blocks.blockedId, blockedAt: t.blocks.createdAt })
    .from(t.blocks)
    .where(eq(t.blocks.blockerId, blockerId));
  const seen = await seenBy(
    deps.database,
    blockerId,
    rows.map((r) => r.blockedId),
  );
  return rows
    .sort((a, b) => b.blockedAt.getTime() - a.blockedAt.getTime())
    .flatMap((row) => {
      const member = seen.get(row.blockedId)!;
      if (!may(member.visibility, 'name')) return [];
      return [{ id: member.id, name: member.name, avatarUrl: member.avatarUrl, blockedAt: row.blockedAt }];
    });
}
