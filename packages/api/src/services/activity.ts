import {
  ACTIVITY_STAMP_INTERVAL_MS,
  visibleActivity,
  type ActivityBucket,
  type PrivacySettings,
} from '@amiko/core';
import { perDatabase, type Database } from '@amiko/db';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Deps } from '../context.ts';

// A member's last activity (issue 19.2), kept coarse and cheap. It is stamped from three places: a verified
// member's tRPC request (the middleware in trpc.ts), a socket connecting, and, for members with a live
// socket, every ACTIVITY_STAMP_INTERVAL_MS from the socket plugin (apps/server/src/plugins/socket.ts), so
// that "Active now" means "has Amiko open". Each process writes a member at most once per interval (this
// map, checked before any query) and the UPDATE itself skips a row stamped less than half an interval ago
// by another process. Every write moves updated_at, so the directory index re-reads the row: once per
// interval per active member (docs/decisions.md, "Last activity and the directory index").

/** Per database (tests run several servers in one process): member id → when this process last stamped them. */
const stampsOf = perDatabase(() => new Map<string, number>());
const MAX_IDS_PER_UPDATE = 500;

/** The members due for a stamp in this process (and marks them stamped); forgets stamps long past. */
function due(database: Database, memberIds: readonly string[], now: number): string[] {
  const stamps = stampsOf(database);
  if (stamps.size > 10_000) {
    for (const [id, at] of stamps) if (now - at >= ACTIVITY_STAMP_INTERVAL_MS) stamps.delete(id);
  }
  const ids = memberIds.filter((id) => now - (stamps.get(id) ?? -Infinity) >= ACTIVITY_STAMP_INTERVAL_MS);
  for (const id of ids) stamps.set(id, now);
  return ids;
}

/** Records that these members are active now, if this process has not done so within the interval. */
export async function stampActivity(
  deps: Pick<Deps, 'database'>,
  memberIds: readonly string[],
  now = new Date(),
): Promise<void> {
  const { database } = deps;
  const ids = due(database, memberIds, now.getTime());
  const { db, t } = database;
  const stale = new Date(now.getTime() - ACTIVITY_STAMP_INTERVAL_MS / 2);
  for (let i = 0; i < ids.length; i += MAX_IDS_PER_UPDATE) {
    const chunk = ids.slice(i, i + MAX_IDS_PER_UPDATE);
    // Not prepared: $onUpdate's updated_at must be computed per write (docs/decisions.md).
    await db
      .update(t.members)
      .set({ lastActiveAt: now })
      .where(
        and(
          chunk.length === 1 ? eq(t.members.id, chunk[0]!) : inArray(t.members.id, chunk),
          or(isNull(t.members.lastActiveAt), lt(t.members.lastActiveAt, stale)),
        ),
      );
  }
}

/** Whether the member shows their activity (and so may see others'): Settings → Privacy. */
export async function showsActivity(deps: Pick<Deps, 'database'>, memberId: string): Promise<boolean> {
  const { db, t } = deps.database;
  const [row] = await db
    .select({ showActivity: t.members.showActivity })
    .from(t.members)
    .where(eq(t.members.id, memberId));
  return row?.showActivity ?? false;
}

export async function privacySettings(
  deps: Pick<Deps, 'database'>,
  memberId: string,
): Promise<PrivacySettings> {
  return { showActivity: await showsActivity(deps, memberId) };
}

export async function setPrivacySettings(
  deps: Pick<Deps, 'database'>,
  memberId: string,
  change: PrivacySettings,
): Promise<PrivacySettings> {
  const { db, t } = deps.database;
  await db.update(t.members).set({ showActivity: change.showActivity }).where(eq(t.members.id, memberId));
  return privacySettings(deps, memberId);
}

/** The sign a viewer sees for a member row (null: nothing shown). */
export function activityFor(
  row: { lastActiveAt: Date | null; showActivity: boolean },
  viewerShows: boolean,
  now: Date,
): ActivityBucket | null {
  return visibleActivity(row, { showActivity: viewerShows }, now);
}
