import {
  circlesWith,
  mutualWith,
  POD_SIZE_MIN,
  type AgainChoice,
  type meetupAfterAnswerSchema,
} from '@amiko/core';
import { lockPod, newId, type Db } from '@amiko/db';
import { and, desc, eq, gte, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { PodMemberView } from '../contracts.ts';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { MEETUP_ENDED_AFTER_MS } from './meetups-attendance.ts';
import { schedulePodInvitationMails } from './message-mail.ts';
import { ensureConversation } from './messaging/conversations.ts';
import { podMember } from './pods.ts';
import { firstName, may, seenBy } from './views.ts';

// "See you again" (issue 35.5): the morning after a meetup, each member who was going is asked who came and,
// privately for each other member who was going, "Would you like to meet … again?". A yes is shown to
// nobody until the other said yes too; then both see "You and Lena would both like to meet again", and a
// conversation between them is opened (empty: the first message follows the house's rule, paid or early
// access). When three or more chose each other, Amiko proposes their next meetup: in their pod if they are
// all in it, else a new pod they are each invited to. What a member receives is a function of the choices
// that are mutual (every answer, list and count here is built from those alone): nobody learns who did
// not choose them, nor whether someone answered at all. docs/decisions.md, "Meetups: see you again".

const DAY_MS = 86_400_000;
/** After-questions are asked for meetups that ended within this many days. */
export const AFTER_ANSWER_DAYS = 14;
/** Mutual results are shown for meetups of the last this many days. */
const MUTUAL_SHOWN_DAYS = 60;

const MEETUP_CIRCLE = 'meetupCircle';

type PersonView = Omit<PodMemberView, 'role'>;

/**
 * A meetup the member was going to, ended: its questions while unanswered; once answered, for the rest of
 * the 14 days, still the others who were going, whom the member may report (meetups-reports.ts).
 */
export interface AfterQuestion {
  meetupId: string;
  /** The member has answered: nothing is asked any more, a report is still possible. */
  answered: boolean;
  podId: string;
  podName: string;
  startsAt: number;
  timeZone: string;
  /** The other members who were going, as the member may see them. */
  others: PersonView[];
}

/** "You and Lena would both like to meet again", with the conversation opened for them. */
export interface MutualAgain {
  meetupId: string;
  /** The pod the meetup was of. */
  podId: string;
  podName: string;
  startsAt: number;
  other: PersonView;
  conversationId: string | null;
}

/** Three or more who all chose each other: their next meetup, in their pod or in a new one. */
export interface MeetAgainCircle {
  meetupId: string;
  /** The pod the meetup was of. */
  meetupPodId: string;
  /** The pod to propose it in: theirs ('samePod'), or the new one they are invited to ('newPod'). */
  podId: string;
  podName: string;
  kind: 'samePod' | 'newPod';
  others: PersonView[];
}

export interface MutualResults {
  pairs: MutualAgain[];
  circles: MeetAgainCircle[];
}

const personOf = (seen: { id: string; name: string; avatarUrl: string | null }): PersonView => ({
  id: seen.id,
  firstName: firstName(seen.name),
  avatarUrl: seen.avatarUrl,
});

/** The members going to these meetups, by meetup. */
export async function goingTo(db: Db, deps: Pick<Deps, 'database'>, meetupIds: string[]) {
  const { t } = deps.database;
  const rows =
    meetupIds.length === 0
      ? []
      : await db
          .select({ meetupId: t.meetupRsvps.meetupId, memberId: t.meetupRsvps.memberId })
          .from(t.meetupRsvps)
          .where(and(inArray(t.meetupRsvps.meetupId, meetupIds), eq(t.meetupRsvps.status, 'going')));
  const by = new Map<string, string[]>();
  for (const r of rows) (by.get(r.meetupId) ?? by.set(r.meetupId, []).get(r.meetupId)!).push(r.memberId);
  return by;
}

/** The meetups a member was going to that ended within `days`, not cancelled, newest first. */
async function endedMeetupsOf(db: Db, deps: Pick<Deps, 'database'>, memberId: string, days: number) {
  const { t } = deps.database;
  const now = Date.now();
  return db
    .select({
      id: t.meetups.id,
      podId: t.meetups.podId,
      podName: t.pods.name,
      startsAt: t.meetups.startsAt,
      timeZone: t.meetups.timeZone,
    })
    .from(t.meetupRsvps)
    .innerJoin(t.meetups, eq(t.meetups.id, t.meetupRsvps.meetupId))
    .innerJoin(t.pods, eq(t.pods.id, t.meetups.podId))
    .where(
      and(
        eq(t.meetupRsvps.memberId, memberId),
        eq(t.meetupRsvps.status, 'going'),
        isNull(t.meetups.cancelledAt),
        lte(t.meetups.startsAt, new Date(now - MEETUP_ENDED_AFTER_MS)),
        gte(t.meetups.startsAt, new Date(now - days * DAY_MS)),
      ),
    )
    .orderBy(desc(t.meetups.startsAt), desc(t.meetups.id));
}

/** The meetups of these that the member has answered (their own attendance mark exists). */
async function answeredBy(db: Db, deps: Pick<Deps, 'database'>, memberId: string, meetupIds: string[]) {
  const { t } = deps.database;
  if (meetupIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ meetupId: t.meetupAttendance.meetupId })
    .from(t.meetupAttendance)
    .where(
      and(
        inArray(t.meetupAttendance.meetupId, meetupIds),
        eq(t.meetupAttendance.markerId, memberId),
        eq(t.meetupAttendance.memberId, memberId),
      ),
    );
  return new Set(rows.map((r) => r.meetupId));
}

/**
 * The meetups the member was going to that ended (3 hours after their start) within AFTER_ANSWER_DAYS
 * (MEETUP_REPORT_DAYS too), answered or not, with the other members who were going as the member may see
 * them (nobody either blocked, deleted or suspended); meetups without such others ask nothing.
 */
export async function afterQuestions(deps: Deps, memberId: string): Promise<AfterQuestion[]> {
  await podMember(deps, memberId);
  const { db } = deps.database;
  const meetups = await endedMeetupsOf(db, deps, memberId, AFTER_ANSWER_DAYS);
  const ids = meetups.map((m) => m.id);
  const [answered, going] = await Promise.all([answeredBy(db, deps, memberId, ids), goingTo(db, deps, ids)]);
  const seen = await seenBy(
    deps.database,
    memberId,
    [...going.values()].flat().filter((id) => id !== memberId),
  );
  return meetups.flatMap((meetup): AfterQuestion[] => {
    const others = (going.get(meetup.id) ?? [])
      .filter((id) => id !== memberId)
      .map((id) => seen.get(id)!)
      .filter((s) => may(s.visibility, 'reach'))
      .map(personOf)
      .sort((a, b) => a.firstName.localeCompare(b.firstName) || a.id.localeCompare(b.id));
    if (others.length === 0) return [];
    return [
      {
        meetupId: meetup.id,
        answered: answered.has(meetup.id),
        podId: meetup.podId,
        podName: meetup.podName,
        startsAt: meetup.startsAt.getTime(),
        timeZone: meetup.timeZone,
        others,
      },
    ];
  });
}

/** The yes choices of a meetup, on the given connection. */
async function yesChoices(db: Db, deps: Pick<Deps, 'database'>, meetupIds: string[]) {
  const { t } = deps.database;
  if (meetupIds.length === 0) return [];
  return db
    .select({
      meetupId: t.meetupAgain.meetupId,
      chooser: t.meetupAgain.chooserId,
      chosen: t.meetupAgain.chosenId,
    })
    .from(t.meetupAgain)
    .where(and(inArray(t.meetupAgain.meetupId, meetupIds), eq(t.meetupAgain.again, true)));
}

const circleKey = (meetupId: string, circle: string[]) => `${MEETUP_CIRCLE}:${meetupId}:${circle.join(',')}`;

/**
 * The member answers a meetup's questions, once: who of the others going came (the rest are marked absent)
 * and whom they would like to meet again (among the others going, never themselves). Under the pod's lock, so
 * that two answering at once see each other's choice. A choice that is now mutual opens the pair's
 * conversation; a group of three or more who all chose each other gets its next meetup proposed. Answers
 * nothing: what the member learns is in mutualResults, built from mutual choices alone.
 */
export async function answerAfter(
  deps: Deps,
  memberId: string,
  input: z.output<typeof meetupAfterAnswerSchema>,
): Promise<void> {
  await podMember(deps, memberId);
  await deps.limiter.check('meetupAnswer:account', memberId);
  const { db, t } = deps.database;
  const notFound = () => appError('NOT_FOUND', 'meetups:errors.notFound');
  const [meetup] = (await endedMeetupsOf(db, deps, memberId, AFTER_ANSWER_DAYS)).filter(
    (m) => m.id === input.meetupId,
  );
  if (!meetup) throw notFound();
  const seen = await seenBy(deps.database, memberId, (await goingTo(db, deps, [meetup.id])).get(meetup.id)!);
  const invited: { podId: string; members: string[] }[] = [];
  const marked = { came: 0, absent: 0 };
  await deps.database.transaction(async (tx) => {
    await lockPod(deps.database, tx, meetup.podId);
    if ((await answeredBy(tx, deps, memberId, [meetup.id])).has(meetup.id))
      throw appError('CONFLICT', 'meetups:errors.answered');
    const going = (await goingTo(tx, deps, [meetup.id])).get(meetup.id) ?? [];
    if (!going.includes(memberId)) throw notFound();
    // The others the member may see: marks and choices are about them only.
    const others = going.filter(
      (id) => id !== memberId && may(seen.get(id)?.visibility ?? 'deleted', 'reach'),
    );
    const stranger = [...input.came, ...input.again].find((id) => !others.includes(id));
    if (stranger !== undefined)
      throw appError('VALIDATION', 'meetups:errors.notThere', {
        field: input.again.includes(stranger) ? 'again' : 'came',
      });
    const now = new Date();
    await tx.insert(t.meetupAttendance).values([
      { meetupId: meetup.id, markerId: memberId, memberId, came: true, markedAt: now },
      ...others.map((id) => ({
        meetupId: meetup.id,
        markerId: memberId,
        memberId: id,
        came: input.came.includes(id),
        markedAt: now,
      })),
    ]);
    marked.came = others.filter((id) => input.came.includes(id)).length;
    marked.absent = others.length - marked.came;
    if (others.length > 0)
      await tx.insert(t.meetupAgain).values(
        others.map((id) => ({
          meetupId: meetup.id,
          chooserId: memberId,
          chosenId: id,
          again: input.again.includes(id),
          answeredAt: now,
        })),
      );
    const choices = await yesChoices(tx, deps, [meetup.id]);
    for (const other of mutualWith(choices, memberId)) await ensureConversation(deps, tx, memberId, other);
    for (const circle of circlesWith(choices, memberId)) {
      const inPod = await tx
        .select({ memberId: t.podMembers.memberId })
        .from(t.podMembers)
        .where(and(eq(t.podMembers.podId, meetup.podId), inArray(t.podMembers.memberId, circle)));
      if (inPod.length === circle.length) continue; // Proposed in their pod: mutualResults shows it.
      const podId = await startCirclePod(tx, deps, meetup, circle);
      if (podId) invited.push({ podId, members: circle });
    }
  });
  deps.metrics.meetupMarked('came', marked.came);
  deps.metrics.meetupMarked('absent', marked.absent);
  for (const pod of invited) await schedulePodInvitationMails(deps, pod.podId, pod.members);
}

/**
 * A new pod for a circle not all in one pod, once per circle (the job key, kept done, says it was made): the
 * meetup's pod's name, kind, interests, languages and place, room for the circle and asked to join beyond
 * it, nobody in it until they say yes to their invitation. Null when it was made before.
 */
async function startCirclePod(
  tx: Db,
  deps: Pick<Deps, 'database'>,
  meetup: { id: string; podId: string },
  circle: string[],
): Promise<string | null> {
  const { t } = deps.database;
  const now = new Date();
  const podId = newId();
  const [made] = await tx
    .insert(t.jobs)
    .values({
      kind: MEETUP_CIRCLE,
      key: circleKey(meetup.id, circle),
      payload: { podId },
      runAt: now,
      doneAt: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: t.jobs.id });
  if (!made) return null;
  const [pod] = await tx.select().from(t.pods).where(eq(t.pods.id, meetup.podId));
  await tx.insert(t.pods).values({
    id: podId,
    name: pod!.name,
    kind: pod!.kind,
    interests: pod!.interests,
    languages: pod!.languages,
    level: pod!.level,
    placeId: pod!.placeId,
    description: '',
    sizeLimit: Math.max(POD_SIZE_MIN, circle.length),
    joinRule: 'ask',
    startedBy: null,
    createdAt: now,
  });
  await tx.insert(t.podInvitations).values(circle.map((id) => ({ podId, memberId: id, createdAt: now })));
  return podId;
}

/**
 * What the member learns from everyone's answers: the members they chose and who chose them at the meetups of
 * the last MUTUAL_SHOWN_DAYS, with the pair's conversation, and the circles of three or more who all chose
 * each other, with the pod to meet again in (theirs while no meetup was proposed there since, or the new
 * one). Built from mutual choices alone; nobody the member may not see is named.
 */
export async function mutualResults(deps: Deps, memberId: string): Promise<MutualResults> {
  await podMember(deps, memberId);
  const { db, t } = deps.database;
  const meetups = await endedMeetupsOf(db, deps, memberId, MUTUAL_SHOWN_DAYS);
  const choices = await yesChoices(
    db,
    deps,
    meetups.map((m) => m.id),
  );
  const ofMeetup = new Map<string, AgainChoice[]>();
  for (const c of choices)
    (ofMeetup.get(c.meetupId) ?? ofMeetup.set(c.meetupId, []).get(c.meetupId)!).push(c);
  const mutual = new Map(meetups.map((m) => [m.id, mutualWith(ofMeetup.get(m.id) ?? [], memberId)]));
  const people = [...new Set([...mutual.values()].flat())];
  const seen = await seenBy(deps.database, memberId, people);
  const shown = (id: string) => may(seen.get(id)?.visibility ?? 'deleted', 'reach');
  const conversations = new Map<string, string>();
  if (people.length > 0) {
    const p = t.conversationParticipants;
    const rows = await db
      .select({ id: t.conversations.id, pairKey: t.conversations.pairKey })
      .from(p)
      .innerJoin(t.conversations, eq(t.conversations.id, p.conversationId))
      .where(eq(p.memberId, memberId));
    for (const row of rows)
      for (const id of row.pairKey.split(':')) if (id !== memberId) conversations.set(id, row.id);
  }
  const pairs: MutualAgain[] = [];
  const circles: MeetAgainCircle[] = [];
  for (const meetup of meetups) {
    for (const id of mutual.get(meetup.id)!.filter(shown))
      pairs.push({
        meetupId: meetup.id,
        podId: meetup.podId,
        podName: meetup.podName,
        startsAt: meetup.startsAt.getTime(),
        other: personOf(seen.get(id)!),
        conversationId: conversations.get(id) ?? null,
      });
    for (const circle of circlesWith(ofMeetup.get(meetup.id) ?? [], memberId)) {
      const others = circle.filter((id) => id !== memberId);
      if (!others.every(shown)) continue;
      const target = await circleTarget(deps, meetup, circle);
      if (target)
        circles.push({
          meetupId: meetup.id,
          meetupPodId: meetup.podId,
          ...target,
          others: others.map((id) => personOf(seen.get(id)!)),
        });
    }
  }
  return { pairs, circles };
}

/** Where a circle meets again: their pod while no meetup was proposed there since, or their new pod. */
async function circleTarget(
  deps: Pick<Deps, 'database'>,
  meetup: { id: string; podId: string; podName: string; startsAt: Date },
  circle: string[],
): Promise<Pick<MeetAgainCircle, 'podId' | 'podName' | 'kind'> | null> {
  const { db, t } = deps.database;
  const [made] = await db
    .select({ payload: t.jobs.payload })
    .from(t.jobs)
    .where(eq(t.jobs.key, circleKey(meetup.id, circle)));
  if (made) {
    const podId = made.payload.podId as string;
    const [pod] = await db
      .select({ name: t.pods.name })
      .from(t.pods)
      .where(and(eq(t.pods.id, podId), isNull(t.pods.closedAt)));
    return pod ? { podId, podName: pod.name, kind: 'newPod' } : null;
  }
  const [later] = await db
    .select({ id: t.meetups.id })
    .from(t.meetups)
    .where(
      and(
        eq(t.meetups.podId, meetup.podId),
        ne(t.meetups.id, meetup.id),
        gte(t.meetups.createdAt, meetup.startsAt),
      ),
    )
    .limit(1);
  const [pod] = await db
    .select({ id: t.pods.id })
    .from(t.pods)
    .where(and(eq(t.pods.id, meetup.podId), isNull(t.pods.closedAt)));
  return later || !pod ? null : { podId: meetup.podId, podName: meetup.podName, kind: 'samePod' };
}
