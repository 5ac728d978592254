import { canMessage } from '@amiko/core';
import { containsInsensitive, type Db, type Member, type ModerationAction, type Schema } from '@amiko/db';
import { and, desc, eq, gte, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import type { ResendOutcome } from '../mail/mailer.ts';
import { deleteMember } from './account-settings.ts';
import { exportMemberData, type MemberDataExport } from './member-export.ts';
import { cancelMeetupAsOperator } from './meetups-notices.ts';
import { closePod, removeFromPod } from './pods-moderation.ts';
import { publishPodUnread } from './pods-chat.ts';

// What operators do about members and reports (`pnpm admin …`, apps/server/src/ops/admin.ts). Each action
// is written to moderation_actions with who did it, when and why. Outcomes are plain values: the command
// line says what they mean to an operator; nothing here is shown to members. Reports are in
// moderation-reports.ts.

/** What an operator's action needs: the database, the sockets and photos it may end, mail. */
export type ModerationDeps = Pick<Deps, 'database' | 'realtime' | 'photos' | 'log' | 'mail'>;

/** Who acts and why, as the moderation log keeps it. */
export interface Acting {
  actor: string;
  reason?: string | undefined;
}

/**
 * Actions that end sessions of a member: every server process closes their live sockets (those of a
 * session that still exists connect again at once).
 */
export const SESSION_ENDING_ACTIONS: readonly ModerationAction[] = [
  'suspend',
  'delete-member',
  'end-sessions',
];

export async function record(
  tx: Db,
  t: Schema,
  action: ModerationAction,
  acting: Acting,
  target: { memberId?: string; reportId?: string; podId?: string },
): Promise<void> {
  await tx.insert(t.moderationActions).values({
    action,
    memberId: target.memberId ?? null,
    reportId: target.reportId ?? null,
    podId: target.podId ?? null,
    actor: acting.actor,
    reason: acting.reason ?? null,
    createdAt: new Date(),
  });
}

/**
 * The member an operator names: by id (a deleted account too), or by email address (accounts that exist).
 * Addresses are stored lowercased, as sign-up stores them.
 */
export async function findMemberByReference(
  deps: Pick<Deps, 'database'>,
  reference: string,
): Promise<Member | undefined> {
  const { db, t } = deps.database;
  const [byId] = await db.select().from(t.members).where(eq(t.members.id, reference));
  if (byId) return byId;
  const [byEmail] = await db
    .select()
    .from(t.members)
    .where(and(eq(t.members.email, reference.trim().toLowerCase()), isNull(t.members.deletedAt)));
  return byEmail;
}

/** A member as the operator's lists show them. */
export interface MemberSummary {
  id: string;
  name: string;
  email: string | null;
  createdAt: Date;
  lastActiveAt: Date | null;
  emailVerified: boolean;
  canMessage: boolean;
  suspended: boolean;
  deleted: boolean;
}

const summaryColumns = (t: Schema) => ({
  id: t.members.id,
  name: t.members.name,
  email: t.members.email,
  createdAt: t.members.createdAt,
  lastActiveAt: t.members.lastActiveAt,
  emailVerified: t.members.emailVerified,
  hasPaid: t.members.hasPaid,
  hasFreeAccess: t.members.hasFreeAccess,
  suspendedAt: t.members.suspendedAt,
  deletedAt: t.members.deletedAt,
});

/**
 * The members an operator looks for (`pnpm admin members`): the one with this id, and those whose email
 * address or name contains `term`, in any case; newest first, at most `limit`.
 */
export async function findMembers(
  deps: Pick<Deps, 'database'>,
  term: string,
  limit = 50,
): Promise<MemberSummary[]> {
  const { database } = deps;
  const { db, t } = database;
  const wanted = term.trim();
  const rows = await db
    .select(summaryColumns(t))
    .from(t.members)
    .where(
      or(
        eq(t.members.id, wanted),
        containsInsensitive(database, t.members.email, wanted),
        containsInsensitive(database, t.members.name, wanted),
      ),
    )
    .orderBy(desc(t.members.createdAt), desc(t.members.id))
    .limit(limit);
  return rows.map(({ hasPaid, hasFreeAccess, suspendedAt, deletedAt, ...member }) => ({
    ...member,
    canMessage: canMessage({ hasPaid, hasFreeAccess }),
    suspended: suspendedAt !== null,
    deleted: deletedAt !== null,
  }));
}

/** One row of the moderation log. */
export interface LoggedAction {
  id: number;
  createdAt: Date;
  action: ModerationAction;
  actor: string;
  reason: string | null;
  /** Null for an action on no member (a report's resolution, a mail sent again), or one removed since. */
  member: { id: string; name: string; email: string | null } | null;
  reportId: string | null;
  /** The pod of a pod-remove, pod-close or meetup-cancel. */
  podId: string | null;
}

/** The moderation log (`pnpm admin log`), newest first: every action, or those on one member. */
export async function moderationLog(
  deps: Pick<Deps, 'database'>,
  { memberId, limit = 100 }: { memberId?: string; limit?: number } = {},
): Promise<LoggedAction[]> {
  const { db, t } = deps.database;
  const a = t.moderationActions;
  const rows = await db
    .select({
      id: a.id,
      createdAt: a.createdAt,
      action: a.action,
      actor: a.actor,
      reason: a.reason,
      reportId: a.reportId,
      podId: a.podId,
      memberId: t.members.id,
      name: t.members.name,
      email: t.members.email,
    })
    .from(a)
    .leftJoin(t.members, eq(t.members.id, a.memberId))
    .where(memberId === undefined ? undefined : eq(a.memberId, memberId))
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(limit);
  return rows.map(({ memberId: id, name, email, ...row }) => ({
    ...row,
    member: id === null ? null : { id, name: name ?? '', email },
  }));
}

/** One of a member's sessions: a browser or the desktop app they signed in with. */
export interface MemberSession {
  id: string;
  createdAt: Date;
  /** To the hour: the idle timeout counts from it. */
  lastUsedAt: Date;
  expiresAt: Date;
}

/** A member's sessions (`pnpm admin sessions`), the most recently used first. Their secrets stay out. */
export async function memberSessions(deps: Pick<Deps, 'database'>, member: Member): Promise<MemberSession[]> {
  const { db, t } = deps.database;
  return db
    .select({
      id: t.sessions.id,
      createdAt: t.sessions.createdAt,
      lastUsedAt: t.sessions.lastUsedAt,
      expiresAt: t.sessions.expiresAt,
    })
    .from(t.sessions)
    .where(eq(t.sessions.memberId, member.id))
    .orderBy(desc(t.sessions.lastUsedAt), desc(t.sessions.createdAt));
}

/**
 * Signs a member out (a stolen laptop, a shared computer): one session, or all of them; logged, and every
 * server closes the member's live connections within a second (those of a session left reconnect).
 * Resolves with how many sessions ended: 0 for an unknown session id.
 */
export async function endSessions(
  deps: Pick<Deps, 'database'>,
  member: Member,
  acting: Acting,
  sessionId?: string,
): Promise<number> {
  const { database } = deps;
  const { t } = database;
  return database.transaction(async (tx) => {
    const ended = await tx
      .delete(t.sessions)
      .where(
        sessionId === undefined
          ? eq(t.sessions.memberId, member.id)
          : and(eq(t.sessions.memberId, member.id), eq(t.sessions.id, sessionId)),
      )
      .returning({ id: t.sessions.id });
    if (ended.length === 0) return 0;
    const which = sessionId === undefined ? `all ${ended.length} sessions` : `session ${sessionId}`;
    const reason = `${which}${acting.reason ? `: ${acting.reason}` : ''}`;
    await record(tx, t, 'end-sessions', { ...acting, reason }, { memberId: member.id });
    return ended.length;
  });
}

export type SuspendOutcome = 'suspended' | 'alreadySuspended' | 'deleted';

/**
 * Suspends a member: they cannot sign in (sign-in says "This account is suspended"), every session ends,
 * they are hidden from the directory and profiles like a deleted account, and messages to them are refused.
 * Their live sockets close at once in this process and, through the moderation log, within a second in
 * every other (the watch in apps/server/src/plugins/socket.ts).
 */
export async function suspendMember(
  deps: ModerationDeps,
  member: Member,
  acting: Acting,
): Promise<SuspendOutcome> {
  if (member.deletedAt) return 'deleted';
  const { database } = deps;
  const { t } = database;
  const suspended = await database.transaction(async (tx) => {
    const rows = await tx
      .update(t.members)
      .set({ suspendedAt: new Date() })
      .where(and(eq(t.members.id, member.id), isNull(t.members.suspendedAt), isNull(t.members.deletedAt)))
      .returning({ id: t.members.id });
    if (rows.length === 0) return false;
    await tx.delete(t.sessions).where(eq(t.sessions.memberId, member.id));
    await record(tx, t, 'suspend', acting, { memberId: member.id });
    return true;
  });
  if (!suspended) return 'alreadySuspended';
  deps.realtime.disconnectMember(member.id);
  return 'suspended';
}

/** Lifts a suspension: the member is listed and can sign in again (the sessions it ended stay ended). */
export async function unsuspendMember(
  deps: ModerationDeps,
  member: Member,
  acting: Acting,
): Promise<'unsuspended' | 'notSuspended'> {
  const { database } = deps;
  const { t } = database;
  return database.transaction(async (tx) => {
    const rows = await tx
      .update(t.members)
      .set({ suspendedAt: null })
      .where(and(eq(t.members.id, member.id), isNotNull(t.members.suspendedAt)))
      .returning({ id: t.members.id });
    if (rows.length === 0) return 'notSuspended';
    await record(tx, t, 'unsuspend', acting, { memberId: member.id });
    return 'unsuspended';
  });
}

/** Deletes a member's account as if they had done it themselves (deleteMember), and logs who did. */
export async function deleteMemberAsOperator(
  deps: ModerationDeps,
  member: Member,
  acting: Acting,
): Promise<'deleted' | 'alreadyDeleted'> {
  if (member.deletedAt) return 'alreadyDeleted';
  // Logged in the deletion's own transaction: the servers close the member's sockets from that row.
  await deleteMember(deps, member, (tx, t) =>
    record(tx, t, 'delete-member', acting, { memberId: member.id }),
  );
  return 'deleted';
}

/**
 * Gives a member messaging access without a payment (a refund gone wrong, goodwill): sets hasPaid, as a
 * payment would, and logs who did it and why. A member who can message already is left as they are.
 */
export async function grantAccess(
  deps: ModerationDeps,
  member: Member,
  acting: Acting,
): Promise<'granted' | 'alreadyHasAccess' | 'deleted'> {
  if (member.deletedAt) return 'deleted';
  if (canMessage(member)) return 'alreadyHasAccess';
  const { database } = deps;
  const { t } = database;
  await database.transaction(async (tx) => {
    await tx.update(t.members).set({ hasPaid: true }).where(eq(t.members.id, member.id));
    await record(tx, t, 'grant-access', acting, { memberId: member.id });
  });
  return 'granted';
}

/** Everything stored about a member (a data-subject request), and a line in the log that it was handed out. */
export async function exportMemberForOperator(
  deps: ModerationDeps,
  member: Member,
  acting: Acting,
): Promise<MemberDataExport> {
  const data = await exportMemberData(deps, member.id);
  if (!data) throw new Error(`member ${member.id} vanished during the export`);
  await record(deps.database.db, deps.database.t, 'export-member', acting, { memberId: member.id });
  return data;
}

/**
 * Removes a member from a pod (`pnpm admin pod-remove`), as its starter or a host would, the starter too:
 * kept in pod_removals and the moderation log with the reason. The member's devices are told their unread
 * pods where this process has sockets (the command line has none: a removed member hears no more of the pod
 * at once either way, since its events go to whoever is in it when they happen).
 */
export async function removeFromPodAsOperator(
  deps: ModerationDeps,
  member: Member,
  podId: string,
  acting: Acting & { reason: string },
): Promise<'removed' | 'notInPod' | 'podNotFound'> {
  let outcome: 'removed' | 'notInPod';
  try {
    outcome = await removeFromPod(
      deps,
      { operator: acting.actor },
      { podId, memberId: member.id, reason: acting.reason },
    );
  } catch (error) {
    if ((error as { appCode?: string }).appCode === 'NOT_FOUND') return 'podNotFound';
    throw error;
  }
  if (outcome === 'removed') {
    await record(deps.database.db, deps.database.t, 'pod-remove', acting, { memberId: member.id, podId });
    await publishPodUnread(deps as Deps, member.id); // it reads the database, realtime and log only
  }
  return outcome;
}

/**
 * Closes a pod (`pnpm admin pod-close`): offered to nobody, gone from its members' lists and unread pods;
 * its messages and reports stay for moderation. Logged with the reason.
 */
export async function closePodAsOperator(
  deps: ModerationDeps,
  podId: string,
  acting: Acting & { reason: string },
): Promise<'closed' | 'alreadyClosed' | 'notFound'> {
  const { outcome, members } = await closePod(deps, podId);
  if (outcome !== 'closed') return outcome;
  await record(deps.database.db, deps.database.t, 'pod-close', acting, { podId });
  for (const memberId of members) await publishPodUnread(deps as Deps, memberId); // as above
  return outcome;
}

/**
 * Cancels a meetup that has not begun (`pnpm admin meetup-cancel`), through the service of the host's cancel:
 * everyone going or waiting is told by mail. Logged with the meetup's pod and `meetup <id>: <reason>`.
 */
export async function cancelMeetupByOperator(
  deps: Pick<Deps, 'database'>,
  meetupId: string,
  acting: Acting & { reason: string },
): Promise<'cancelled' | 'alreadyCancelled' | 'begun' | 'notFound'> {
  const reason = `meetup ${meetupId}: ${acting.reason}`;
  return cancelMeetupAsOperator(deps, meetupId, (tx, podId) =>
    record(tx, deps.database.t, 'meetup-cancel', { ...acting, reason }, { podId }),
  );
}

/**
 * Tries a mail that did not go out once more, now (its content is kept until it is sent), and logs who
 * did: `mail.resend`'s outcome. A failure counts as one more try: a mail still within its retries carries
 * on from there; one given up stays given up.
 */
export async function resendMail(
  deps: Pick<Deps, 'database' | 'mail'>,
  mailId: number,
  acting: Acting,
): Promise<ResendOutcome> {
  const outcome = await deps.mail.resend(mailId);
  if (outcome === 'sent' || typeof outcome === 'object') {
    const reason = `mail ${mailId}${acting.reason ? `: ${acting.reason}` : ''}`;
    await record(deps.database.db, deps.database.t, 'resend-mail', { ...acting, reason }, {});
  }
  return outcome;
}

/**
 * The members whose sessions an operator ended at or after `since` (suspended or deleted), with the time
 * of each action: how a server process learns of an action taken by another process (the command line
 * has no sockets of its own).
 */
export async function sessionEndingActionsSince(
  deps: Pick<Deps, 'database'>,
  since: Date,
): Promise<{ id: number; memberId: string; createdAt: Date }[]> {
  const { db, t } = deps.database;
  const a = t.moderationActions;
  const rows = await db
    .select({ id: a.id, memberId: a.memberId, createdAt: a.createdAt })
    .from(a)
    .where(and(gte(a.createdAt, since), inArray(a.action, [...SESSION_ENDING_ACTIONS])));
  return rows.filter((r): r is { id: number; memberId: string; createdAt: Date } => r.memberId !== null);
}
