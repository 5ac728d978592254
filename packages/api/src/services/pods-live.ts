import { eq } from 'drizzle-orm';
import type { Deps } from '../context.ts';

/**
 * Tells the devices of a pod's members, and of `also` (one who just left, was removed or asked to join),
 * that the pod changed — someone joined, asked, left or was removed, or a role changed — once the change is
 * committed: open pages read the pod again (its members, free places, requests). The event names only the
 * pod; what each may see of it is pods.ts's viewsOf. A failure is logged: the change is stored, and the
 * others see it when they next read the pod.
 */
export async function publishPodChanged(deps: Deps, podId: string, also: string[] = []): Promise<void> {
  const { db, t } = deps.database;
  try {
    const members = await db
      .select({ id: t.podMembers.memberId })
      .from(t.podMembers)
      .where(eq(t.podMembers.podId, podId));
    const audience = [...new Set([...members.map((m) => m.id), ...also])];
    deps.realtime.emitTo({ members: audience }, 'pod:changed', { podId });
  } catch (error) {
    deps.log.error({ err: error, podId }, 'pod change not published');
  }
}
