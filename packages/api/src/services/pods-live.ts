import { eq } from 'drizzle-orm';
import type { Deps } from '../context.ts';

/**
 * Tells the devices of a pod's members, and of `also` (one who just left, was removed or asked to join; an
 * open meetup's outsiders), once a change is committed, that the pod changed: `pod:changed` (someone joined,
 * asked, left or was removed, or a role changed) or `pod:meetups` (a meetup proposed, answered or
 * cancelled). Open pages read it again. The event names only the pod; what each may see of it is decided
 * where it is read (pods.ts's and meetups.ts's viewsOf). A failure is logged: the change is stored, and the
 * others see it when they next read the pod.
 */
export async function publishPodNudge(
  deps: Deps,
  event: 'pod:changed' | 'pod:meetups',
  podId: string,
  also: string[] | (() => Promise<string[]>) = [],
): Promise<void> {
  const { db, t } = deps.database;
  try {
    const [members, others] = await Promise.all([
      db.select({ id: t.podMembers.memberId }).from(t.podMembers).where(eq(t.podMembers.podId, podId)),
      typeof also === 'function' ? also() : also,
    ]);
    const audience = [...new Set([...members.map((m) => m.id), ...others])];
    deps.realtime.emitTo({ members: audience }, event, { podId });
  } catch (error) {
    deps.log.error({ err: error, podId, event }, 'pod change not published');
  }
}

/** After someone joined, asked, left or was removed, or a role changed. */
export const publishPodChanged = (deps: Deps, podId: string, also: string[] = []) =>
  publishPodNudge(deps, 'pod:changed', podId, also);
