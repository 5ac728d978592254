import { newId } from '@amiko/db';
import type { AmikoProcess } from '../support/amiko-process.ts';

/** Reykjavík: no member of the demo community lives within 40 km of it, so its pods and meetups are the journey's own. */
export const REYKJAVIK = 3413829;

export interface PodInDatabase {
  name: string;
  /** The members, the first its starter. */
  memberIds: string[];
  languages?: ('en' | 'de')[];
  /** A GeoNames id, or null for an online pod; Reykjavík unless said. */
  placeId?: number | null;
  sizeLimit?: number;
  /** When the pod was started and its members joined. */
  since?: Date;
  id?: string;
}

/** A hiking pod put straight into the server's database, for journeys that start after a pod exists. */
export async function podInDatabase(amiko: AmikoProcess, pod: PodInDatabase): Promise<string> {
  const { db, t } = amiko.db();
  const { id = newId(), since = new Date() } = pod;
  await db.insert(t.pods).values({
    id,
    name: pod.name,
    kind: 'interests',
    interests: ['hiking'],
    languages: pod.languages ?? ['en'],
    placeId: pod.placeId === undefined ? REYKJAVIK : pod.placeId,
    ...(pod.sizeLimit === undefined ? {} : { sizeLimit: pod.sizeLimit }),
    startedBy: pod.memberIds[0]!,
    createdAt: since,
  });
  await db.insert(t.podMembers).values(
    pod.memberIds.map((memberId, index) => ({
      podId: id,
      memberId,
      role: index === 0 ? ('starter' as const) : ('member' as const),
      joinedAt: since,
    })),
  );
  return id;
}
