import { mayHostPod } from '@amiko/core';
import { lockPod } from '@amiko/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { roleIn, takeOutOfPod } from './pods.ts';

// A pod's moderation (issue 34.5), apart from joining and leaving (pods.ts): removing a member with a reason,
// naming hosts, and an operator's closing. Each takes the pod's lock, as joins and leaves do.

/** Who removes a member from a pod: its starter or a host (a member id), or an operator (a name). */
export type Remover = { memberId: string } | { operator: string };

/**
 * Removes a member from a pod, with the reason kept for moderation (pod_removals: who, whom, which pod,
 * when, why). The starter removes anyone else, a host only members (neither the starter nor another host);
 * an operator anyone, the starter too (the pod then passes on as when a starter leaves). Once out, the member
 * hears nothing more of the pod (its events go to whoever is in pod_members when they happen) and joins it
 * again only by a host's approval. The caller tells the member's devices their unread pods (publishPodUnread).
 */
export async function removeFromPod(
  deps: Pick<Deps, 'database'>,
  by: Remover,
  input: { podId: string; memberId: string; reason: string },
): Promise<'removed' | 'notInPod'> {
  const { t } = deps.database;
  const { podId, memberId, reason } = input;
  if ('memberId' in by && by.memberId === memberId)
    throw appError('VALIDATION', 'pods:errors.cannotRemoveSelf');
  return deps.database.transaction(async (tx) => {
    await lockPod(deps.database, tx, podId);
    if ('memberId' in by) {
      const role = await roleIn(tx, deps, podId, by.memberId);
      if (role === null) throw appError('NOT_FOUND', 'pods:errors.notFound');
      if (!mayHostPod(role)) throw appError('FORBIDDEN', 'pods:errors.notHost');
      const theirs = await roleIn(tx, deps, podId, memberId);
      if (theirs === null) throw appError('NOT_FOUND', 'pods:errors.notInPod');
      if (theirs === 'starter' || (theirs === 'host' && role !== 'starter'))
        throw appError('FORBIDDEN', 'pods:errors.cannotRemoveHost');
    } else {
      const [pod] = await tx
        .select({ id: t.pods.id })
        .from(t.pods)
        .where(and(eq(t.pods.id, podId), isNull(t.pods.closedAt)));
      if (!pod) throw appError('NOT_FOUND', 'pods:errors.notFound');
    }
    const had = await takeOutOfPod(tx, deps, podId, memberId);
    if (had === null) return 'notInPod';
    await tx.insert(t.podRemovals).values({
      podId,
      memberId,
      removedBy: 'memberId' in by ? by.memberId : null,
      actor: 'operator' in by ? by.operator : null,
      reason,
      createdAt: new Date(),
    });
    return 'removed';
  });
}

/**
 * The starter names a member host (who then approves requests and removes members), or makes a host a
 * member again. Only the starter; the starter's own role is not changed here (leaving hands it on).
 */
export async function setPodRole(
  deps: Deps,
  starterId: string,
  input: { podId: string; memberId: string; role: 'host' | 'member' },
): Promise<void> {
  const { t } = deps.database;
  const { podId, memberId, role } = input;
  await deps.database.transaction(async (tx) => {
    await lockPod(deps.database, tx, podId);
    const mine = await roleIn(tx, deps, podId, starterId);
    if (mine === null) throw appError('NOT_FOUND', 'pods:errors.notFound');
    if (mine !== 'starter') throw appError('FORBIDDEN', 'pods:errors.notStarter');
    const theirs = await roleIn(tx, deps, podId, memberId);
    if (theirs === null) throw appError('NOT_FOUND', 'pods:errors.notInPod');
    if (theirs === 'starter') throw appError('VALIDATION', 'pods:errors.starterRole');
    await tx
      .update(t.podMembers)
      .set({ role })
      .where(and(eq(t.podMembers.podId, podId), eq(t.podMembers.memberId, memberId)));
  });
}

/**
 * Closes a pod (an operator, `pnpm admin pod-close`): offered to nobody, its chat and lists gone for its
 * members. Resolves with the members it had, whose devices the caller tells their unread pods.
 */
export async function closePod(
  deps: Pick<Deps, 'database'>,
  podId: string,
): Promise<{ outcome: 'closed' | 'alreadyClosed' | 'notFound'; members: string[] }> {
  const { t } = deps.database;
  return deps.database.transaction(async (tx) => {
    await lockPod(deps.database, tx, podId);
    const [pod] = await tx.select({ closedAt: t.pods.closedAt }).from(t.pods).where(eq(t.pods.id, podId));
    if (!pod) return { outcome: 'notFound' as const, members: [] };
    const members = (
      await tx.select({ id: t.podMembers.memberId }).from(t.podMembers).where(eq(t.podMembers.podId, podId))
    ).map((m) => m.id);
    if (pod.closedAt) return { outcome: 'alreadyClosed' as const, members };
    await tx.update(t.pods).set({ closedAt: new Date() }).where(eq(t.pods.id, podId));
    return { outcome: 'closed' as const, members };
  });
}
