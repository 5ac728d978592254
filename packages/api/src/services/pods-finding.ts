import type { Interest, Language, PodFilters, UiLanguage } from '@amiko/core';
import { coordinatesOf, distanceKm, near, placeById } from '@amiko/places';
import { and, asc, desc, eq, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import type { PodView } from '../contracts.ts';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { blockInPod, podMember, viewsOf } from './pods.ts';
import { alivePods } from './pods-quiet.ts';

// The Pods page's offers (issue 34): which open pods a member may join, and in which order. Apart from
// pods.ts (starting, joining, leaving) because ranking is its own concern: what is near, shared and
// welcoming, read once per page.

/** How far "near me" reaches when the member does not say. */
const DEFAULT_RADIUS_KM = 25;
/** The pods the Pods page shows at most, best first. */
const FOUND_MAX = 50;
/** The open pods read from the database before ranking: the newest, within the place filter. */
const CANDIDATES_MAX = 500;

/**
 * The Pods page: open pods with a free place that the member is not in, nor asked or invited to join, without
 * anyone they blocked or who blocked them, that have not gone quiet, near a place (theirs unless they pick
 * one; 25 km unless they say), online, or anywhere; those that share their interests and languages first,
 * then the nearest, then the newest. A newcomer gets pods with a local who welcomes newcomers, or another
 * newcomer, first.
 */
export async function findPods(
  deps: Deps,
  viewerId: string,
  filters: PodFilters,
  language: UiLanguage,
): Promise<PodView[]> {
  const viewer = await podMember(deps, viewerId);
  const { db, t } = deps.database;
  const where = filters.where ?? 'anywhere';
  const center = filters.near ?? viewer.placeId;
  if (filters.near !== undefined && !placeById(filters.near, 'en'))
    throw appError('VALIDATION', 'pods:errors.unknownPlace', { field: 'near' });
  if (where === 'near' && center === null)
    throw appError('VALIDATION', 'pods:errors.placeNeeded', { field: 'near' });
  const nearby = where === 'near' ? near(center!, filters.withinKm ?? DEFAULT_RADIUS_KM) : null;
  if (nearby?.length === 0) return [];

  const candidates = await db
    .select()
    .from(t.pods)
    .where(
      and(
        isNull(t.pods.closedAt),
        // A pod gone quiet is offered to nobody new (its members are asked whether to keep it).
        alivePods(deps),
        nearby ? inArray(t.pods.placeId, nearby) : undefined,
        where === 'online' ? isNull(t.pods.placeId) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(t.podMembers)
            .where(and(eq(t.podMembers.podId, t.pods.id), eq(t.podMembers.memberId, viewerId))),
        ),
        // A pod the member asked to join is among their own pods (pods.mine), waiting for an answer.
        notExists(
          db
            .select({ one: sql`1` })
            .from(t.podRequests)
            .where(and(eq(t.podRequests.podId, t.pods.id), eq(t.podRequests.memberId, viewerId))),
        ),
        // A pod the member is invited to is among their own pods, waiting for their answer.
        notExists(
          db
            .select({ one: sql`1` })
            .from(t.podInvitations)
            .where(and(eq(t.podInvitations.podId, t.pods.id), eq(t.podInvitations.memberId, viewerId))),
        ),
        notExists(blockInPod(deps, t.pods.id, viewerId)),
      ),
    )
    .orderBy(desc(t.pods.createdAt), asc(t.pods.id))
    .limit(CANDIDATES_MAX);
  const matching = candidates.filter(
    (pod) =>
      (!filters.interest || pod.interests.includes(filters.interest)) &&
      (!filters.language || pod.languages.includes(filters.language)),
  );
  const views = (await viewsOf(deps, viewerId, matching, language)).filter((pod) => pod.freePlaces > 0);

  const myInterests = new Set<Interest>(viewer.interests);
  const myLanguages = new Set<Language>(
    [viewer.nativeLanguage, ...viewer.otherLanguages].filter((l): l is Language => l !== null),
  );
  const from = center === null ? null : coordinatesOf(center);
  const welcoming = viewer.newInTown
    ? await welcomingPods(
        deps,
        views.map((v) => v.id),
      )
    : new Set<string>();
  const rank = (pod: PodView) => ({
    welcoming: welcoming.has(pod.id) ? 1 : 0,
    shared:
      pod.interests.filter((i) => myInterests.has(i)).length +
      (pod.kind === 'languageCafe' ? pod.languages.filter((l) => myLanguages.has(l)).length : 0),
    speaks: pod.languages.some((l) => myLanguages.has(l)) ? 1 : 0,
    km: pod.place && from ? distanceKm(from, coordinatesOf(pod.place.id)!) : Number.POSITIVE_INFINITY,
  });
  const ranks = new Map(views.map((pod) => [pod.id, rank(pod)]));
  // candidates came newest first; Array.prototype.sort is stable, so equal ranks stay newest first.
  return views
    .sort((a, b) => {
      const x = ranks.get(a.id)!;
      const y = ranks.get(b.id)!;
      return y.welcoming - x.welcoming || y.shared - x.shared || y.speaks - x.speaks || x.km - y.km;
    })
    .slice(0, FOUND_MAX);
}

/** Of these pods, those with a local who welcomes newcomers or another newcomer in them. */
async function welcomingPods(deps: Deps, podIds: string[]): Promise<Set<string>> {
  if (podIds.length === 0) return new Set();
  const { db, t } = deps.database;
  const rows = await db
    .select({ podId: t.podMembers.podId })
    .from(t.podMembers)
    .innerJoin(t.members, eq(t.members.id, t.podMembers.memberId))
    .where(
      and(
        inArray(t.podMembers.podId, podIds),
        or(eq(t.members.welcomesNewcomers, true), isNotNull(t.members.newInTown)),
      ),
    );
  return new Set(rows.map((r) => r.podId));
}
