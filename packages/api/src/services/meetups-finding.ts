import type { MeetupsFindInput, UiLanguage } from '@amiko/core';
import { near } from '@amiko/places';
import { and, asc, eq, gt, inArray, isNull, lt, notExists, or } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { viewsOf, type MeetupView } from './meetups.ts';
import { blockInPod, podMember } from './pods.ts';

// The Meetups page (issue 35, item 8): open meetups this week near the member (their place, the Pods page's
// near-me distances) or online, open meetups of an interest, and the upcoming meetups of their own pods; "This week"
// on the start page. Only upcoming, not cancelled, of pods not closed, never of a pod with someone the member
// blocked or who blocked them. What is shown (the venue only for those going) is meetups.ts's viewsOf.

/** How far "near me" reaches when the member does not say (as on the Pods page). */
const DEFAULT_RADIUS_KM = 25;
/** The meetups the page shows at most, soonest first. */
const FOUND_MAX = 50;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export async function findMeetups(
  deps: Deps,
  viewerId: string,
  input: MeetupsFindInput,
  language: UiLanguage,
): Promise<MeetupView[]> {
  const viewer = await podMember(deps, viewerId);
  const { db, t } = deps.database;
  const myPods = db
    .select({ id: t.podMembers.podId })
    .from(t.podMembers)
    .where(eq(t.podMembers.memberId, viewerId));
  const nearby =
    input.scope === 'near' && viewer.placeId !== null
      ? near(viewer.placeId, input.distanceKm ?? DEFAULT_RADIUS_KM)
      : [];
  const scope =
    input.scope === 'mine'
      ? inArray(t.meetups.podId, myPods)
      : and(
          // Open: more places than the pod has members, so others from the directory may come.
          gt(t.meetups.capacity, t.pods.sizeLimit),
          input.scope === 'near'
            ? and(
                lt(t.meetups.startsAt, new Date(Date.now() + WEEK_MS)),
                or(isNull(t.pods.placeId), nearby.length > 0 ? inArray(t.pods.placeId, nearby) : undefined),
              )
            : undefined,
        );
  const rows = await db
    .select({ meetup: t.meetups, interests: t.pods.interests })
    .from(t.meetups)
    .innerJoin(t.pods, eq(t.pods.id, t.meetups.podId))
    .where(
      and(
        isNull(t.meetups.cancelledAt),
        gt(t.meetups.startsAt, new Date()),
        isNull(t.pods.closedAt),
        scope,
        notExists(blockInPod(deps, t.pods.id, viewerId)),
      ),
    )
    .orderBy(asc(t.meetups.startsAt), asc(t.meetups.id))
    .limit(input.scope === 'interest' ? FOUND_MAX * 10 : FOUND_MAX);
  const matching = rows
    .filter(
      (r) =>
        input.scope !== 'interest' || (input.interest !== undefined && r.interests.includes(input.interest)),
    )
    .slice(0, FOUND_MAX)
    .map((r) => r.meetup);
  return viewsOf(deps, viewerId, matching, language);
}

/** "This week": the meetups the member is going to in the next 7 days, soonest first. */
export async function meetupsThisWeek(
  deps: Deps,
  viewerId: string,
  language: UiLanguage,
): Promise<MeetupView[]> {
  await podMember(deps, viewerId);
  const { db, t } = deps.database;
  const now = Date.now();
  const rows = await db
    .select({ meetup: t.meetups })
    .from(t.meetups)
    .innerJoin(t.pods, eq(t.pods.id, t.meetups.podId))
    .innerJoin(
      t.meetupRsvps,
      and(eq(t.meetupRsvps.meetupId, t.meetups.id), eq(t.meetupRsvps.memberId, viewerId)),
    )
    .where(
      and(
        eq(t.meetupRsvps.status, 'going'),
        isNull(t.meetups.cancelledAt),
        gt(t.meetups.startsAt, new Date(now)),
        lt(t.meetups.startsAt, new Date(now + WEEK_MS)),
        isNull(t.pods.closedAt),
        notExists(blockInPod(deps, t.pods.id, viewerId)),
      ),
    )
    .orderBy(asc(t.meetups.startsAt), asc(t.meetups.id))
    .limit(FOUND_MAX);
  return viewsOf(
    deps,
    viewerId,
    rows.map((r) => r.meetup),
    language,
  );
}
