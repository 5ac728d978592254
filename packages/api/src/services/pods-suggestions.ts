import type { Interest, podFromSuggestionSchema, UiLanguage } from '@amiko/core';
import type { Member } from '@amiko/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { PodSuggestion, SuggestedPodStarted } from '../contracts.ts';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { blockedIdsEitherWay } from './blocks.ts';
import { schedulePodInvitationMails } from './message-mail.ts';
import { publishPodUnread } from './pods-unread.ts';
import { podMember, startPod } from './pods.ts';
import { ownPlace } from './profile.ts';
import { may, seenBy } from './views.ts';

// Suggestions that start pods (issue 34.3): when at least three members within 25 km share an interest and
// none of them is in a pod for it (nor invited to one), each sees once "4 people near you love board games
// — start a pod?". Starting it invites the others; nobody is added without saying yes (pods.join accepts,
// pods.leave declines). The suggestion says how many, never who: the starter learns who the others are only
// when they join, and never who declined. The neighbours come from the directory's index (its "within
// 25 km" and interest filters, blocks either way left out), so a suggestion costs what a directory page does.

/** How near the others live (the Pods page's "near me" default). */
const SUGGESTION_RADIUS_KM = 25;
/** Others needed besides the member: three members in all. */
const SUGGESTION_MIN_OTHERS = 2;
/** The neighbours looked at per interest; the count shown stops there. */
const NEIGHBOURS_MAX = 50;

interface PodsHeld {
  /** The interests of the open pods the member is in or invited to. */
  interests: Set<string>;
  /** How many open pods the member is in (their limit counts these). */
  pods: number;
}

/** For each of these members: the interests of the open pods they are in or invited to, and how many they are in. */
async function podsHeldBy(deps: Deps, ids: readonly string[]): Promise<Map<string, PodsHeld>> {
  const held = new Map<string, PodsHeld>();
  if (ids.length === 0) return held;
  const { db, t } = deps.database;
  const [memberships, invitations] = await Promise.all([
    db
      .select({ memberId: t.podMembers.memberId, interests: t.pods.interests })
      .from(t.podMembers)
      .innerJoin(t.pods, eq(t.pods.id, t.podMembers.podId))
      .where(and(inArray(t.podMembers.memberId, [...ids]), isNull(t.pods.closedAt))),
    db
      .select({ memberId: t.podInvitations.memberId, interests: t.pods.interests })
      .from(t.podInvitations)
      .innerJoin(t.pods, eq(t.pods.id, t.podInvitations.podId))
      .where(and(inArray(t.podInvitations.memberId, [...ids]), isNull(t.pods.closedAt))),
  ]);
  const entry = (id: string) => held.get(id) ?? held.set(id, { interests: new Set(), pods: 0 }).get(id)!;
  for (const row of memberships) {
    const e = entry(row.memberId);
    e.pods += 1;
    for (const interest of row.interests) e.interests.add(interest);
  }
  for (const row of invitations)
    for (const interest of row.interests) entry(row.memberId).interests.add(interest);
  return held;
}

/**
 * For each interest, the members within 25 km of the member's place who love it, are in no pod for it nor
 * invited to one and have room for another pod, the most recently active first; nobody either of the two
 * blocked.
 */
async function neighboursFor(
  deps: Deps,
  member: Member,
  interests: readonly Interest[],
): Promise<Map<Interest, string[]>> {
  if (member.placeId === null || interests.length === 0) return new Map();
  const [index, exclude] = await Promise.all([
    deps.directory.current(),
    blockedIdsEitherWay(deps.database, member.id),
  ]);
  exclude.add(member.id);
  const now = new Date();
  const found = interests.map((interest) => {
    const hits = index.search({
      filters: { interests: [interest], near: member.placeId!, withinKm: SUGGESTION_RADIUS_KM },
      sort: 'recentlyActive',
      viewerInterests: [],
      exclude,
      after: null,
      limit: NEIGHBOURS_MAX,
      now,
    });
    return [interest, hits.map((hit) => hit.id)] as const;
  });
  const held = await podsHeldBy(deps, [...new Set(found.flatMap(([, ids]) => ids))]);
  const free = (id: string, interest: Interest) => {
    const theirs = held.get(id);
    return !theirs || (!theirs.interests.has(interest) && theirs.pods < deps.config.podsPerMember);
  };
  return new Map(found.map(([interest, ids]) => [interest, ids.filter((id) => free(id, interest))]));
}

/**
 * The member's pod suggestion, if any: of their interests without an answered suggestion and without a pod of
 * theirs, the one most neighbours share, when at least two do. Null for a member without a place, or in as
 * many pods as they may be.
 */
export async function podSuggestion(
  deps: Deps,
  memberId: string,
  language: UiLanguage,
): Promise<PodSuggestion | null> {
  const member = await podMember(deps, memberId);
  if (member.placeId === null) return null;
  const { db, t } = deps.database;
  const [answered, held] = await Promise.all([
    db
      .select({ interest: t.podSuggestionAnswers.interest })
      .from(t.podSuggestionAnswers)
      .where(eq(t.podSuggestionAnswers.memberId, memberId)),
    podsHeldBy(deps, [memberId]).then((all) => all.get(memberId)),
  ]);
  if (held && held.pods >= deps.config.podsPerMember) return null;
  const done = new Set<string>(answered.map((a) => a.interest));
  const open = member.interests.filter((i) => !done.has(i) && !held?.interests.has(i));
  const neighbours = await neighboursFor(deps, member, open);
  // The member's own order of interests breaks ties.
  let best: { interest: Interest; people: number } | null = null;
  for (const interest of open) {
    const people = neighbours.get(interest)?.length ?? 0;
    if (people >= SUGGESTION_MIN_OTHERS && people > (best?.people ?? 0)) best = { interest, people };
  }
  const place = ownPlace(member, language);
  // The member's first language, else the one they use Amiko in (both are catalog languages).
  const languages = [member.nativeLanguage ?? member.language];
  return best && place ? { ...best, languages, place } : null;
}

/** "Not now": the suggestion for this interest is not shown again. */
export async function dismissPodSuggestion(deps: Deps, memberId: string, interest: Interest): Promise<void> {
  await podMember(deps, memberId);
  const { db, t } = deps.database;
  await db
    .insert(t.podSuggestionAnswers)
    .values({ memberId, interest, answeredAt: new Date() })
    .onConflictDoNothing();
}

/**
 * Starts a pod from the suggestion for an interest the pod is about, and invites the neighbours who share
 * it, as many as it has room for, in the same transaction as the pod itself. The suggestion is answered.
 */
export async function startSuggestedPod(
  deps: Deps,
  memberId: string,
  input: z.output<typeof podFromSuggestionSchema>,
  language: UiLanguage,
): Promise<SuggestedPodStarted> {
  const { interest, pod } = input;
  if (!pod.interests.includes(interest))
    throw appError('VALIDATION', 'pods:errors.suggestionInterest', { field: 'interests' });
  const member = await podMember(deps, memberId);
  const found = (await neighboursFor(deps, member, [interest])).get(interest) ?? [];
  // The index is current, but a member suspended or deleted a moment ago is left out by their row.
  const seen = await seenBy(deps.database, memberId, found);
  const invitees = found
    .filter((id) => {
      const them = seen.get(id);
      return them !== undefined && may(them.visibility, 'find');
    })
    .slice(0, pod.sizeLimit - 1);
  const { t } = deps.database;
  const now = new Date();
  const started = await startPod(deps, memberId, pod, language, async (tx, podId) => {
    if (invitees.length > 0)
      await tx
        .insert(t.podInvitations)
        .values(invitees.map((id) => ({ podId, memberId: id, createdAt: now })));
    await tx
      .insert(t.podSuggestionAnswers)
      .values({ memberId, interest, answeredAt: now })
      .onConflictDoNothing();
  });
  await schedulePodInvitationMails(deps, started.id, invitees);
  // The invitees' devices show it at once (the dot on their Pods link).
  await Promise.all(invitees.map((id) => publishPodUnread(deps, id)));
  return { pod: started, invited: invitees.length };
}
