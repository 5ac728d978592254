import { mayHostPod, type PodRole, type podInputSchema, type UiLanguage } from '@amiko/core';
import { lockMembers, lockPod, newId, type Db, type Member } from '@amiko/db';
import { placeById } from '@amiko/places';
import { and, asc, count, desc, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PodMemberView, PodView } from '../contracts.ts';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { findMember } from './accounts.ts';
import { attendanceOf, cameTo, type Attendance } from './meetups-attendance.ts';
import { latestPodMessage } from './pods-chat.ts';
import { podLifeOf } from './pods-quiet.ts';
import { factsOf, firstName, may, NO_BLOCKS, seenBy, visibilityOf, type SeenMember } from './views.ts';

// Pods (issue 34): small circles of members around an interest or a language, near each other or online.
// Who is in a pod is pod_members; a pod's joins, approvals and leaves take its row lock (lockPod), so its
// size limit holds however many ask at once, and a member's own lock, so their limit of pods does too.
// Whoever blocked a member, or was blocked by them, never sees a pod with them in it, nor joins one; inside
// a pod the two do not see each other. docs/decisions.md, "Pods".

type PodRow = Deps['database']['t']['pods']['$inferSelect'];

/**
 * The member behind a pod action: verified with a finished profile, not deleted or suspended, which is what
 * visibilityOf calls 'shown' (the directory lists such a member).
 */
export async function podMember(deps: Deps, memberId: string): Promise<Member> {
  const member = await findMember(deps, memberId);
  const visibility = visibilityOf(factsOf(member), NO_BLOCKS);
  if (visibility === 'deleted' || visibility === 'suspended')
    throw appError('NOT_FOUND', 'pods:errors.notFound');
  if (visibility !== 'shown') throw appError('FORBIDDEN', 'pods:errors.finishProfile');
  return member!;
}

/** Whether a member counts in a pod: an account that is neither deleted nor suspended. */
const counts = (seen: SeenMember | undefined) =>
  seen !== undefined && seen.visibility !== 'deleted' && seen.visibility !== 'suspended';

/** Whether the viewer sees a member in a pod: nobody blocked either way, deleted or suspended. */
const shown = (seen: SeenMember | undefined) => seen !== undefined && may(seen.visibility, 'reach');

/**
 * A block in either direction between `memberId` and someone in the pod, as a query (or a NOT EXISTS). Inside
 * a transaction it must run on the transaction's connection (`db`): a second connection from the pool, wanted
 * while every other one waits for this pod's lock, would never come.
 */
export function blockInPod(deps: Deps, podId: unknown, memberId: string, db: Db = deps.database.db) {
  const { t } = deps.database;
  return db
    .select({ one: sql`1` })
    .from(t.podMembers)
    .innerJoin(
      t.blocks,
      or(
        and(eq(t.blocks.blockerId, memberId), eq(t.blocks.blockedId, t.podMembers.memberId)),
        and(eq(t.blocks.blockerId, t.podMembers.memberId), eq(t.blocks.blockedId, memberId)),
      ),
    )
    .where(eq(t.podMembers.podId, podId as string));
}

/** The members of these pods and the requests to join them, as the viewer sees them. */
async function peopleOf(deps: Deps, viewerId: string, podIds: string[]) {
  const { db, t } = deps.database;
  if (podIds.length === 0)
    return {
      members: [],
      requests: [],
      invited: new Set<string>(),
      seen: new Map<string, SeenMember>(),
      attendance: new Map<string, Attendance>(),
    };
  const [members, requests, invitations] = await Promise.all([
    db
      .select({ podId: t.podMembers.podId, memberId: t.podMembers.memberId, role: t.podMembers.role })
      .from(t.podMembers)
      .where(inArray(t.podMembers.podId, podIds))
      .orderBy(asc(t.podMembers.joinedAt), asc(t.podMembers.memberId)),
    db
      .select({ podId: t.podRequests.podId, memberId: t.podRequests.memberId })
      .from(t.podRequests)
      .where(inArray(t.podRequests.podId, podIds))
      .orderBy(asc(t.podRequests.createdAt), asc(t.podRequests.memberId)),
    db
      .select({ podId: t.podInvitations.podId })
      .from(t.podInvitations)
      .where(and(inArray(t.podInvitations.podId, podIds), eq(t.podInvitations.memberId, viewerId))),
  ]);
  const seen = await seenBy(deps.database, viewerId, [
    ...members.map((m) => m.memberId),
    ...requests.map((r) => r.memberId),
  ]);
  // How reliably the members asking to join came to meetups, for the hosts who answer them (issue 35.6).
  const attendance = await attendanceOf(deps.database.db, deps, [
    ...new Set(requests.map((r) => r.memberId)),
  ]);
  return { members, requests, invited: new Set(invitations.map((i) => i.podId)), seen, attendance };
}

function memberView(seen: SeenMember, role: PodRole): PodMemberView {
  return { id: seen.id, firstName: firstName(seen.name), avatarUrl: seen.avatarUrl, role };
}

/** The pods as the viewer sees them, in the order given. */
export async function viewsOf(deps: Deps, viewerId: string, pods: PodRow[], language: UiLanguage) {
  const podIds = pods.map((p) => p.id);
  const [people, life] = await Promise.all([
    peopleOf(deps, viewerId, podIds),
    podLifeOf(deps, viewerId, podIds),
  ]);
  return pods.map((pod): PodView => {
    const members = people.members.filter((m) => m.podId === pod.id);
    const myRole = members.find((m) => m.memberId === viewerId)?.role ?? null;
    const requests = people.requests.filter((r) => r.podId === pod.id);
    const place = pod.placeId === null ? null : placeById(pod.placeId, language);
    return {
      id: pod.id,
      name: pod.name,
      kind: pod.kind,
      interests: pod.interests,
      languages: pod.languages,
      level: pod.level,
      place: pod.placeId === null ? null : { id: pod.placeId, label: place?.name ?? '' },
      description: pod.description,
      sizeLimit: pod.sizeLimit,
      joinRule: pod.joinRule,
      members: members
        .filter((m) => m.memberId === viewerId || shown(people.seen.get(m.memberId)))
        .map((m) => memberView(people.seen.get(m.memberId)!, m.role)),
      freePlaces: Math.max(
        0,
        pod.sizeLimit - members.filter((m) => counts(people.seen.get(m.memberId))).length,
      ),
      myRole,
      messagesThisWeek: life.get(pod.id)!.messagesThisWeek,
      nextMeetup: life.get(pod.id)!.nextMeetup,
      quiet: life.get(pod.id)!.quiet,
      requested: requests.some((r) => r.memberId === viewerId),
      invited: myRole === null && people.invited.has(pod.id),
      requests:
        myRole !== null && mayHostPod(myRole)
          ? requests
              .filter((r) => shown(people.seen.get(r.memberId)))
              .map((r) => ({
                ...memberView(people.seen.get(r.memberId)!, 'member'),
                meetups: cameTo(people.attendance.get(r.memberId)!),
              }))
          : [],
    };
  });
}

/** The pods a member is in now (not closed), for their limit. */
async function podCountOf(tx: Db, deps: Deps, memberId: string): Promise<number> {
  const { t } = deps.database;
  const [row] = await tx
    .select({ n: count() })
    .from(t.podMembers)
    .innerJoin(t.pods, eq(t.pods.id, t.podMembers.podId))
    .where(and(eq(t.podMembers.memberId, memberId), isNull(t.pods.closedAt)));
  return row?.n ?? 0;
}

/** The members who count in a pod now (neither deleted nor suspended). */
async function headcountOf(tx: Db, deps: Deps, podId: string): Promise<number> {
  const { t } = deps.database;
  const [row] = await tx
    .select({ n: count() })
    .from(t.podMembers)
    .innerJoin(t.members, eq(t.members.id, t.podMembers.memberId))
    .where(and(eq(t.podMembers.podId, podId), isNull(t.members.deletedAt), isNull(t.members.suspendedAt)));
  return row?.n ?? 0;
}

/** Refuses a member who is in as many pods as a member may be. */
async function assertRoomForAnotherPod(tx: Db, deps: Deps, memberId: string, key: string) {
  if ((await podCountOf(tx, deps, memberId)) >= deps.config.podsPerMember) throw appError('CONFLICT', key);
}

/** Starts a pod with its starter as its first member. */
export async function startPod(
  deps: Deps,
  memberId: string,
  input: z.output<typeof podInputSchema>,
  language: UiLanguage,
  /** More to do in the same transaction once the pod is there (the invitations of a suggested pod). */
  alsoInTransaction?: (tx: Db, podId: string) => Promise<void>,
): Promise<PodView> {
  await podMember(deps, memberId);
  await deps.limiter.check('podStart:account', memberId);
  const { placeId } = input;
  if (placeId !== null && !placeById(placeId, 'en'))
    throw appError('VALIDATION', 'pods:errors.unknownPlace', { field: 'placeId' });
  const { t } = deps.database;
  const id = newId();
  const now = new Date();
  await deps.database.transaction(async (tx) => {
    await lockMembers(deps.database, tx, [memberId]);
    await assertRoomForAnotherPod(tx, deps, memberId, 'pods:errors.tooManyPods');
    await tx.insert(t.pods).values({ ...input, id, placeId, startedBy: memberId, createdAt: now });
    await tx.insert(t.podMembers).values({ podId: id, memberId, role: 'starter', joinedAt: now });
    await alsoInTransaction?.(tx, id);
  });
  return getPod(deps, memberId, id, language);
}

/**
 * One pod, for its page, to a member who may use pods (podMember: a finished profile): NOT_FOUND when closed,
 * or, to someone outside it, when it holds a block of theirs.
 */
export async function getPod(
  deps: Deps,
  viewerId: string,
  podId: string,
  language: UiLanguage,
): Promise<PodView> {
  await podMember(deps, viewerId);
  const { db, t } = deps.database;
  const [pod] = await db
    .select()
    .from(t.pods)
    .where(and(eq(t.pods.id, podId), isNull(t.pods.closedAt)));
  if (!pod) throw appError('NOT_FOUND', 'pods:errors.notFound');
  const [view] = await viewsOf(deps, viewerId, [pod], language);
  if (view!.myRole === null) {
    const [blocked] = await blockInPod(deps, podId, viewerId).limit(1);
    if (blocked) throw appError('NOT_FOUND', 'pods:errors.notFound');
  }
  return view!;
}

/**
 * The pods a member is in, has asked to join or is invited to (none with anyone they blocked or who blocked
 * them), newest first.
 */
export async function myPods(deps: Deps, memberId: string, language: UiLanguage): Promise<PodView[]> {
  await podMember(deps, memberId);
  const { db, t } = deps.database;
  const mine = db
    .select({ podId: t.podMembers.podId })
    .from(t.podMembers)
    .where(eq(t.podMembers.memberId, memberId));
  const asked = db
    .select({ podId: t.podRequests.podId })
    .from(t.podRequests)
    .where(eq(t.podRequests.memberId, memberId));
  const invited = db
    .select({ podId: t.podInvitations.podId })
    .from(t.podInvitations)
    .where(eq(t.podInvitations.memberId, memberId));
  const pods = await db
    .select()
    .from(t.pods)
    .where(
      and(
        isNull(t.pods.closedAt),
        or(
          inArray(t.pods.id, mine),
          and(
            or(inArray(t.pods.id, asked), inArray(t.pods.id, invited)),
            notExists(blockInPod(deps, t.pods.id, memberId)),
          ),
        ),
      ),
    )
    .orderBy(desc(t.pods.createdAt), asc(t.pods.id));
  return viewsOf(deps, memberId, pods, language);
}

export type JoinOutcome = 'joined' | 'requested';

/**
 * Joins an open pod or one the member is invited to (saying yes to the invitation), or asks to join one whose
 * members approve (as does a member once removed from the pod, whatever its rule). Refused when the pod is
 * full, the member is in as many pods as allowed, or (as if there were no such pod) someone in it blocked
 * them or was blocked by them. Joining again is no error.
 */
export async function joinPod(deps: Deps, memberId: string, podId: string): Promise<JoinOutcome> {
  await podMember(deps, memberId);
  await deps.limiter.check('podJoin:account', memberId);
  const { t } = deps.database;
  return deps.database.transaction(async (tx) => {
    await lockPod(deps.database, tx, podId);
    await lockMembers(deps.database, tx, [memberId]);
    const [pod] = await tx
      .select({ sizeLimit: t.pods.sizeLimit, joinRule: t.pods.joinRule })
      .from(t.pods)
      .where(and(eq(t.pods.id, podId), isNull(t.pods.closedAt)));
    const [blocked] = await blockInPod(deps, podId, memberId, tx).limit(1);
    if (!pod || blocked) throw appError('NOT_FOUND', 'pods:errors.notFound');
    const [already] = await tx
      .select({ role: t.podMembers.role })
      .from(t.podMembers)
      .where(and(eq(t.podMembers.podId, podId), eq(t.podMembers.memberId, memberId)));
    if (already) return 'joined';
    if ((await headcountOf(tx, deps, podId)) >= pod.sizeLimit) throw appError('CONFLICT', 'pods:errors.full');
    await assertRoomForAnotherPod(tx, deps, memberId, 'pods:errors.tooManyPods');
    // A member removed from this pod comes back only if a host approves, whatever the pod's rule.
    const [removed] = await tx
      .select({ one: sql`1` })
      .from(t.podRemovals)
      .where(and(eq(t.podRemovals.podId, podId), eq(t.podRemovals.memberId, memberId)))
      .limit(1);
    const invitation = await tx
      .delete(t.podInvitations)
      .where(and(eq(t.podInvitations.podId, podId), eq(t.podInvitations.memberId, memberId)))
      .returning({ memberId: t.podInvitations.memberId });
    if ((pod.joinRule === 'ask' || removed) && invitation.length === 0) {
      await tx.insert(t.podRequests).values({ podId, memberId, createdAt: new Date() }).onConflictDoNothing();
      return 'requested';
    }
    // A pod made for a circle after a meetup (issue 35.5) starts with nobody in it: the first to say yes starts it.
    const [starter] = await tx
      .select({ one: sql`1` })
      .from(t.podMembers)
      .where(and(eq(t.podMembers.podId, podId), eq(t.podMembers.role, 'starter')));
    await tx.insert(t.podMembers).values({
      podId,
      memberId,
      role: starter ? 'member' : 'starter',
      joinedAt: new Date(),
      lastReadMessageId: latestPodMessage(deps.database, podId),
    });
    return 'joined';
  });
}

/** The role of a member in a pod, read in the transaction; null when they are not in it. */
export async function roleIn(
  tx: Db,
  deps: Pick<Deps, 'database'>,
  podId: string,
  memberId: string,
): Promise<PodRole | null> {
  const { t } = deps.database;
  const [row] = await tx
    .select({ role: t.podMembers.role })
    .from(t.podMembers)
    .innerJoin(t.pods, eq(t.pods.id, t.podMembers.podId))
    .where(and(eq(t.podMembers.podId, podId), eq(t.podMembers.memberId, memberId), isNull(t.pods.closedAt)));
  return row?.role ?? null;
}

/**
 * A starter or host answers a request to join. Approving checks what joining checks (room in the pod, the
 * member's limit, no block with anyone in it); a request that no longer stands is NOT_FOUND.
 */
export async function answerRequest(
  deps: Deps,
  hostId: string,
  input: { podId: string; memberId: string; approve: boolean },
): Promise<void> {
  const { t } = deps.database;
  const { podId, memberId } = input;
  await deps.database.transaction(async (tx) => {
    await lockPod(deps.database, tx, podId);
    const role = await roleIn(tx, deps, podId, hostId);
    if (role === null) throw appError('NOT_FOUND', 'pods:errors.notFound');
    if (!mayHostPod(role)) throw appError('FORBIDDEN', 'pods:errors.notHost');
    const removed = await tx
      .delete(t.podRequests)
      .where(and(eq(t.podRequests.podId, podId), eq(t.podRequests.memberId, memberId)))
      .returning({ memberId: t.podRequests.memberId });
    if (removed.length === 0) throw appError('NOT_FOUND', 'pods:errors.requestGone');
    if (!input.approve) return;
    await lockMembers(deps.database, tx, [memberId]);
    const [requester] = await tx
      .select({ id: t.members.id })
      .from(t.members)
      .where(and(eq(t.members.id, memberId), isNull(t.members.deletedAt), isNull(t.members.suspendedAt)));
    const [blocked] = await blockInPod(deps, podId, memberId, tx).limit(1);
    if (!requester || blocked) return;
    const [pod] = await tx.select({ sizeLimit: t.pods.sizeLimit }).from(t.pods).where(eq(t.pods.id, podId));
    if ((await headcountOf(tx, deps, podId)) >= pod!.sizeLimit)
      throw appError('CONFLICT', 'pods:errors.full');
    await assertRoomForAnotherPod(tx, deps, memberId, 'pods:errors.theyHaveTooManyPods');
    await tx.insert(t.podMembers).values({
      podId,
      memberId,
      role: 'member',
      joinedAt: new Date(),
      lastReadMessageId: latestPodMessage(deps.database, podId),
    });
  });
}

/**
 * Takes a member out of a pod in the caller's transaction (which holds the pod's lock): their request to join
 * or invitation goes too. A starter who goes hands the pod to the host, else the member, who has been in it
 * longest; the last one to go closes it. Resolves with the role they had, null when they were not in it.
 */
export async function takeOutOfPod(
  tx: Db,
  deps: Pick<Deps, 'database'>,
  podId: string,
  memberId: string,
): Promise<PodRole | null> {
  const { t } = deps.database;
  await tx
    .delete(t.podRequests)
    .where(and(eq(t.podRequests.podId, podId), eq(t.podRequests.memberId, memberId)));
  await tx
    .delete(t.podInvitations)
    .where(and(eq(t.podInvitations.podId, podId), eq(t.podInvitations.memberId, memberId)));
  const [left] = await tx
    .delete(t.podMembers)
    .where(and(eq(t.podMembers.podId, podId), eq(t.podMembers.memberId, memberId)))
    .returning({ role: t.podMembers.role });
  if (!left) return null;
  const remaining = await tx
    .select({ memberId: t.podMembers.memberId, role: t.podMembers.role })
    .from(t.podMembers)
    .innerJoin(t.members, eq(t.members.id, t.podMembers.memberId))
    .where(and(eq(t.podMembers.podId, podId), isNull(t.members.deletedAt), isNull(t.members.suspendedAt)))
    .orderBy(asc(t.podMembers.joinedAt), asc(t.podMembers.memberId));
  if (remaining.length === 0) {
    await tx.update(t.pods).set({ closedAt: new Date() }).where(eq(t.pods.id, podId));
    return left.role;
  }
  if (left.role === 'starter') {
    const next = remaining.find((m) => m.role === 'host') ?? remaining[0]!;
    await tx
      .update(t.podMembers)
      .set({ role: 'starter' })
      .where(and(eq(t.podMembers.podId, podId), eq(t.podMembers.memberId, next.memberId)));
  }
  return left.role;
}

/**
 * Leaves a pod, withdraws a request to join it or declines an invitation to it. A starter who leaves hands
 * the pod to the host, else the member, who has been in it longest; the last one to leave closes it.
 */
export async function leavePod(deps: Deps, memberId: string, podId: string): Promise<void> {
  await deps.database.transaction(async (tx) => {
    await lockPod(deps.database, tx, podId);
    await takeOutOfPod(tx, deps, podId, memberId);
  });
}
