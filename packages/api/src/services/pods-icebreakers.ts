import { newInTownRole, podNewcomers, sharedPodInterests } from '@amiko/core';
import { eq } from 'drizzle-orm';
import type { PodTogether } from '../contracts.ts';
import type { Deps } from '../context.ts';
import { may, seenBy } from './views.ts';

/**
 * What a pod's members share, for the first lines of its empty chat (issue 34.4; core's pickPodIcebreakers):
 * the interests at least two of them hold and whether the viewer or others are new in town, counting only the
 * members the viewer sees there (themselves, and nobody they blocked or who blocked them, deleted or
 * suspended). It leaves as a summary: no member's name, interests or place, so nobody learns who holds what
 * or where anyone lives. The caller has checked that the viewer is a member.
 */
export async function podTogether(deps: Deps, viewerId: string, podId: string): Promise<PodTogether> {
  const { db, t } = deps.database;
  const rows = await db
    .select({
      id: t.members.id,
      interests: t.members.interests,
      newInTown: t.members.newInTown,
      welcomesNewcomers: t.members.welcomesNewcomers,
    })
    .from(t.podMembers)
    .innerJoin(t.members, eq(t.members.id, t.podMembers.memberId))
    .where(eq(t.podMembers.podId, podId));
  const seen = await seenBy(
    deps.database,
    viewerId,
    rows.map((r) => r.id),
  );
  const counted = rows.filter((r) => r.id === viewerId || may(seen.get(r.id)!.visibility, 'reach'));
  const isNew = (r: (typeof rows)[number]) => newInTownRole(r) === 'newcomer';
  return {
    shared: sharedPodInterests(counted.map((r) => r.interests ?? [])),
    newcomers: podNewcomers(
      counted.some((r) => r.id === viewerId && isNew(r)),
      counted.filter((r) => r.id !== viewerId && isNew(r)).length,
    ),
  };
}
