import { isListedInDirectory } from '@amiko/core';
import { perDatabase, prepared, type Database, type Member, type Schema } from '@amiko/db';
import { and, eq, inArray, or, sql, type Placeholder } from 'drizzle-orm';
import type { PeerView } from '../contracts.ts';
import { appError } from '../errors.ts';

/** Where an uploaded photo is served. */
export function photoUrl(key: string | null): string | null {
  return key ? `/uploads/${key}` : null;
}

/** SPEC §2: the avatar is the cropped photo, else the photo (else the UI's default image). */
export function avatarUrl(member: Pick<Member, 'croppedPhotoKey' | 'photoKey'>): string | null {
  return photoUrl(member.croppedPhotoKey ?? member.photoKey);
}

/** The member columns a card shows (name, age, city, avatar, activity), in the directory and favourites. */
export function cardColumns(t: Schema) {
  return {
    id: t.members.id,
    name: t.members.name,
    birthday: t.members.birthday,
    city: t.members.city,
    placeId: t.members.placeId,
    photoKey: t.members.photoKey,
    croppedPhotoKey: t.members.croppedPhotoKey,
    lastActiveAt: t.members.lastActiveAt,
    showActivity: t.members.showActivity,
  };
}

/** The signed-in member as the UI's session state sees them. */
export function meView(member: Member) {
  return {
    id: member.id,
    name: member.name,
    email: member.email ?? '',
    emailVerified: member.emailVerified,
    hasPaid: member.hasPaid,
    hasFreeAccess: member.hasFreeAccess,
    language: member.language,
    avatarUrl: avatarUrl(member),
    hasPhoto: member.photoKey !== null,
    interestCount: member.interests.length,
    storyLength: member.story.trim().length,
  };
}
export type MeView = ReturnType<typeof meView>;

// Who may see whom (ARCHITECTURE.md): one decision, visibilityOf, behind every place that shows one member
// to another: the directory, favourites, profiles, the blocked list, the conversation list and thread
// header (and so the notifications the app builds from them), the message mails and the member's export.
// Each place asks what it needs of the answer (may: find, name, reach) instead of checking rows itself.

/** What a viewer may see of another member, the first that applies. */
export type Visibility =
  /** No such account, or a deleted one. */
  | 'deleted'
  /** Suspended by an operator: as deleted until the suspension is lifted. */
  | 'suspended'
  /** They blocked the viewer: as deleted, so nothing they change later reaches the viewer. */
  | 'blocksViewer'
  /** The viewer blocked them: named where the viewer can lift the block, found and told about nowhere. */
  | 'blockedByViewer'
  /** No block, but the profile is unfinished or the address unverified: named, not found. */
  | 'unlisted'
  /** Everything a card or profile shows. */
  | 'shown';

/**
 * What each answer allows: `find` in the directory, favourites, a profile page or a new conversation;
 * `name` with their name and photo in the viewer's own lists (conversations, blocked members, the export),
 * which otherwise show them as a deleted member is shown; `reach`: a mail, notification or live event of
 * theirs to the viewer (or the viewer's to them).
 */
const ALLOWS: Record<Visibility, { find: boolean; name: boolean; reach: boolean }> = {
  deleted: { find: false, name: false, reach: false },
  suspended: { find: false, name: false, reach: false },
  blocksViewer: { find: false, name: false, reach: false },
  blockedByViewer: { find: false, name: true, reach: false },
  unlisted: { find: false, name: true, reach: true },
  shown: { find: true, name: true, reach: true },
};

export function may(visibility: Visibility, what: 'find' | 'name' | 'reach'): boolean {
  return ALLOWS[visibility][what];
}

/** What visibilityOf reads of the other member's row. */
export interface VisibilityFacts {
  deletedAt: Date | null;
  suspendedAt: Date | null;
  emailVerified: boolean;
  photoKey: string | null;
  interests: readonly string[];
  storyLength: number;
}

/** The blocks between the viewer and the other member, in each direction. */
export interface Between {
  viewerBlocked: boolean;
  blockedViewer: boolean;
}

/** For lists whose query has already left out everyone blocked either way (the directory's index). */
export const NO_BLOCKS: Between = { viewerBlocked: false, blockedViewer: false };

/** The one decision: what a viewer may see of `other` (undefined: no such member), given the blocks between them. */
export function visibilityOf(other: VisibilityFacts | undefined, between: Between): Visibility {
  if (!other || other.deletedAt) return 'deleted';
  if (other.suspendedAt) return 'suspended';
  if (between.blockedViewer) return 'blocksViewer';
  if (between.viewerBlocked) return 'blockedByViewer';
  const listed =
    other.emailVerified &&
    isListedInDirectory({
      deleted: false,
      hasPhoto: other.photoKey !== null,
      interestCount: other.interests.length,
      storyLength: other.storyLength,
    });
  return listed ? 'shown' : 'unlisted';
}

/** visibilityOf's facts of a whole member row. */
export function factsOf(member: Member | undefined): VisibilityFacts | undefined {
  return member && { ...member, storyLength: member.story.length };
}

/**
 * The refusal of a profile (or of anything found like one) that the viewer may not find: the texts
 * profile.view has always answered with (issue 17.5).
 */
export function notFound(visibility: Visibility) {
  return visibility === 'blocksViewer' || visibility === 'blockedByViewer'
    ? appError('NOT_FOUND', 'community:errors.profileUnavailable')
    : appError('NOT_FOUND', 'community:errors.userDocumentMissing');
}

/**
 * The SQL side of visibilityOf: the columns it decides on, the blocks in each direction included, to add to
 * any query of member rows (so a list needs no second query). `viewer` is the viewer's id, or a placeholder
 * in a prepared statement.
 */
export function visibilityColumns(t: Schema, viewer: string | Placeholder) {
  // Spelled out with the table: drizzle leaves columns unqualified in a one-table query, and inside the
  // subquery an unqualified name would be read as one of blocks' columns.
  const other = sql`${t.members}.${sql.identifier('id')}`;
  const blocked = (blocker: unknown, target: unknown) =>
    sql<boolean>`exists(select 1 from ${t.blocks} where ${t.blocks}.${sql.identifier('blocker_id')} = ${blocker} and ${t.blocks}.${sql.identifier('blocked_id')} = ${target})`.mapWith(
      Boolean,
    );
  return {
    deletedAt: t.members.deletedAt,
    suspendedAt: t.members.suspendedAt,
    emailVerified: t.members.emailVerified,
    photoKey: t.members.photoKey,
    interests: t.members.interests,
    storyLength: sql<number>`length(${t.members.story})`.mapWith(Number),
    viewerBlocked: blocked(viewer, other),
    blockedViewer: blocked(other, viewer),
  };
}

/** Asked for every profile page and favourite: prepared once per database. */
const blocksBetweenStatement = perDatabase(({ db, t }) => {
  const viewer = sql.placeholder('viewer');
  const other = sql.placeholder('other');
  return prepared(
    'visibility_blocks_between',
    db
      .select({ blockerId: t.blocks.blockerId })
      .from(t.blocks)
      .where(
        or(
          and(eq(t.blocks.blockerId, viewer), eq(t.blocks.blockedId, other)),
          and(eq(t.blocks.blockerId, other), eq(t.blocks.blockedId, viewer)),
        ),
      ),
  );
});

/** The blocks between two members, for a caller that has the other member's row already. */
export async function blocksBetween(database: Database, viewerId: string, otherId: string): Promise<Between> {
  const rows = await blocksBetweenStatement(database).execute({ viewer: viewerId, other: otherId });
  return {
    viewerBlocked: rows.some((r) => r.blockerId === viewerId),
    blockedViewer: rows.some((r) => r.blockerId === otherId),
  };
}

/** A member as a viewer sees them (PeerView), with the decision and the viewer's own block. */
export interface SeenMember extends PeerView {
  visibility: Visibility;
  viewerBlocked: boolean;
}

/**
 * The members `ids` as `viewerId` sees them, in one query however many: every id has an answer (one
 * without a row is a deleted member). Names and photos leave this function only where `may(…, 'name')`.
 */
export async function seenBy(
  database: Database,
  viewerId: string,
  ids: readonly string[],
): Promise<Map<string, SeenMember>> {
  const { db, t } = database;
  const unique = [...new Set(ids)];
  const rows =
    unique.length === 0
      ? []
      : await db
          .select({
            id: t.members.id,
            name: t.members.name,
            croppedPhotoKey: t.members.croppedPhotoKey,
            ...visibilityColumns(t, viewerId),
          })
          .from(t.members)
          .where(inArray(t.members.id, unique));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return new Map(
    unique.map((id) => {
      const row = byId.get(id);
      const visibility = visibilityOf(row, row ?? NO_BLOCKS);
      const named = row && may(visibility, 'name');
      return [
        id,
        {
          id,
          name: named ? row.name : '',
          avatarUrl: named ? avatarUrl(row) : null,
          deleted: !named,
          visibility,
          viewerBlocked: row?.viewerBlocked ?? false,
        },
      ];
    }),
  );
}

/** The PeerView of a SeenMember (what clients get: the decision itself stays on the server). */
export function peerView({ id, name, avatarUrl, deleted }: SeenMember): PeerView {
  return { id, name, avatarUrl, deleted };
}

/** The first word of a display name: mails and pushes name members by first name only. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
