import {
  instantOfWallTime,
  type Language,
  type MeetupPlaceKind,
  type MeetupRsvpStatus,
  type meetupInputSchema,
  MEETUP_CAPACITY_MAX,
  type UiLanguage,
} from '@amiko/core';
import { lockPod, newId, type Db } from '@amiko/db';
import { placeById } from '@amiko/places';
import {
  and,
  asc,
  count,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  max,
  ne,
  or,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { scheduleAfterMails } from './meetups-after-mail.ts';
import { isWaitlistOnly } from './meetups-attendance.ts';
import { mayCancelMeetup, publishMeetupsChanged, schedulePromotedMail } from './meetups-notices.ts';
import { scheduleMeetupReminders } from './meetups-reminders.ts';
import { deliverMeetupCard, storeMeetupCard } from './pods-chat.ts';
import { podMember, roleIn } from './pods.ts';

// Meetups of a pod (issue 35): proposing one, listing a pod's upcoming ones, going or can't go. Every answer
// that changes who is going takes the pod's row lock (lockPod, as joins do; SQLite's BEGIN IMMEDIATE admits
// one writer), so the places are counted exactly however many ask at once, across processes. When it is
// full, the waitlist puts newcomers in town and first-timers first, then the time of asking; never payment.
// The venue (or link) is shown only to members who are going. docs/decisions.md, "Meetups".

type MeetupRow = Deps['database']['t']['meetups']['$inferSelect'];

/** A meetup as one member sees it. The venue's name, address and link are there only for those going. */
export interface MeetupView {
  id: string;
  podId: string;
  /** The pod's name, for the lists that show meetups of several pods (the Meetups page, "This week"). */
  podName: string;
  /** The instant it starts (ms since the epoch), shown in each member's own time zone. */
  startsAt: number;
  /** The IANA zone it was proposed in (the pod's place's, or the proposer's choice online). */
  timeZone: string;
  placeKind: MeetupPlaceKind;
  /** The pod's place ("Munich"), what everyone sees; null for an online pod. */
  area: string | null;
  venueName: string | null;
  venueAddress: string | null;
  onlineLink: string | null;
  language: Language;
  capacity: number;
  /** Whether members from outside the pod may come (its capacity is above the pod's size). */
  open: boolean;
  going: number;
  waitlist: number;
  myStatus: MeetupRsvpStatus | null;
  /** The viewer's place on the waitlist, 1 first; null when they are not on it. */
  waitlistPosition: number | null;
  proposedByMe: boolean;
  /** Whether the viewer may cancel it (mayCancelMeetup: the proposer, the pod's starter or a host). */
  mayCancel: boolean;
}

/**
 * A block in either direction between a member and anyone among `others` (a list or a subquery of member
 * ids), on the transaction's connection.
 */
function blockWith(tx: Db, deps: Deps, memberId: string, others: SQLWrapper) {
  const { t } = deps.database;
  return tx
    .select({ one: sql`1` })
    .from(t.blocks)
    .where(
      or(
        and(eq(t.blocks.blockerId, memberId), inArray(t.blocks.blockedId, others)),
        and(eq(t.blocks.blockedId, memberId), inArray(t.blocks.blockerId, others)),
      ),
    )
    .limit(1);
}

/** The members going to a meetup who count (neither deleted nor suspended). */
async function goingCount(tx: Db, deps: Deps, meetupId: string): Promise<number> {
  const { t } = deps.database;
  const [row] = await tx
    .select({ n: count() })
    .from(t.meetupRsvps)
    .innerJoin(t.members, eq(t.members.id, t.meetupRsvps.memberId))
    .where(
      and(
        eq(t.meetupRsvps.meetupId, meetupId),
        eq(t.meetupRsvps.status, 'going'),
        isNull(t.members.deletedAt),
        isNull(t.members.suspendedAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * A meetup's waitlist in its fair order: members new in town and members whose first meetup this would be
 * (going to none that has begun) first, then by the time they asked. Payment plays no part.
 */
async function waitlistOf(db: Db, deps: Deps, meetup: MeetupRow): Promise<string[]> {
  const { t } = deps.database;
  const waiting = await db
    .select({
      memberId: t.meetupRsvps.memberId,
      askedAt: t.meetupRsvps.askedAt,
      newInTown: t.members.newInTown,
    })
    .from(t.meetupRsvps)
    .innerJoin(t.members, eq(t.members.id, t.meetupRsvps.memberId))
    .where(
      and(
        eq(t.meetupRsvps.meetupId, meetup.id),
        eq(t.meetupRsvps.status, 'waitlist'),
        isNull(t.members.deletedAt),
        isNull(t.members.suspendedAt),
      ),
    );
  if (waiting.length === 0) return [];
  const veterans = await db
    .select({ memberId: t.meetupRsvps.memberId })
    .from(t.meetupRsvps)
    .innerJoin(t.meetups, eq(t.meetups.id, t.meetupRsvps.meetupId))
    .where(
      and(
        inArray(
          t.meetupRsvps.memberId,
          waiting.map((w) => w.memberId),
        ),
        eq(t.meetupRsvps.status, 'going'),
        ne(t.meetups.id, meetup.id),
        isNull(t.meetups.cancelledAt),
        lt(t.meetups.startsAt, new Date()),
      ),
    );
  const beenBefore = new Set(veterans.map((v: { memberId: string }) => v.memberId));
  const first = (w: (typeof waiting)[number]) =>
    w.newInTown !== null || !beenBefore.has(w.memberId) ? 0 : 1;
  return waiting
    .sort(
      (a, b) =>
        first(a) - first(b) ||
        a.askedAt.getTime() - b.askedAt.getTime() ||
        a.memberId.localeCompare(b.memberId),
    )
    .map((w) => w.memberId);
}

/** The meetups as the viewer sees them, in the order given: the one place that decides what is shown. */
export async function viewsOf(deps: Deps, viewerId: string, meetups: MeetupRow[], language: UiLanguage) {
  const { db, t } = deps.database;
  if (meetups.length === 0) return [];
  const ids = meetups.map((m) => m.id);
  const pods = await db
    .select({ id: t.pods.id, name: t.pods.name, placeId: t.pods.placeId, sizeLimit: t.pods.sizeLimit })
    .from(t.pods)
    .where(
      inArray(
        t.pods.id,
        meetups.map((m) => m.podId),
      ),
    );
  const mine = await db
    .select({ meetupId: t.meetupRsvps.meetupId, status: t.meetupRsvps.status })
    .from(t.meetupRsvps)
    .where(and(inArray(t.meetupRsvps.meetupId, ids), eq(t.meetupRsvps.memberId, viewerId)));
  return Promise.all(
    meetups.map(async (meetup): Promise<MeetupView> => {
      const pod = pods.find((p) => p.id === meetup.podId)!;
      const myStatus = mine.find((r) => r.meetupId === meetup.id)?.status ?? null;
      const [going, waitlist, role] = await Promise.all([
        goingCount(db, deps, meetup.id),
        waitlistOf(db, deps, meetup),
        roleIn(db, deps, meetup.podId, viewerId),
      ]);
      const position = waitlist.indexOf(viewerId);
      // Privacy: only a member who is going learns where exactly; everyone else sees the area.
      const shown = myStatus === 'going';
      return {
        id: meetup.id,
        podId: meetup.podId,
        podName: pod.name,
        startsAt: meetup.startsAt.getTime(),
        timeZone: meetup.timeZone,
        placeKind: meetup.venueKind as MeetupPlaceKind,
        area: pod.placeId === null ? null : (placeById(pod.placeId, language)?.name ?? null),
        venueName: shown ? meetup.venueName : null,
        venueAddress: shown ? meetup.venueAddress : null,
        onlineLink: shown ? meetup.onlineLink : null,
        language: meetup.language,
        capacity: meetup.capacity,
        open: meetup.capacity > pod.sizeLimit,
        going,
        waitlist: waitlist.length,
        myStatus,
        waitlistPosition: position === -1 ? null : position + 1,
        proposedByMe: meetup.proposedBy === viewerId,
        mayCancel: mayCancelMeetup(role, meetup.proposedBy, viewerId),
      };
    }),
  );
}

async function viewOf(deps: Deps, viewerId: string, meetupId: string, language: UiLanguage) {
  const { db, t } = deps.database;
  const [meetup] = await db.select().from(t.meetups).where(eq(t.meetups.id, meetupId));
  const [view] = await viewsOf(deps, viewerId, [meetup!], language);
  return view!;
}

/**
 * A member of a pod proposes a meetup: in the future, at a public venue of a listed kind or online, for the
 * pod's size or (open) more, 12 at most. The time is read in the pod's place's time zone, or for an online
 * meetup in the one the proposer chose. The proposer is going. The meetup appears in the pod's chat as a card
 * from the proposer, stored with it and delivered as a pod message once it is committed.
 */
export async function proposeMeetup(
  deps: Deps,
  memberId: string,
  input: z.output<typeof meetupInputSchema>,
  language: UiLanguage,
): Promise<MeetupView> {
  await podMember(deps, memberId);
  await deps.limiter.check('meetupPropose:account', memberId);
  const { t } = deps.database;
  const id = newId();
  const card = await deps.database.transaction(async (tx) => {
    await lockPod(deps.database, tx, input.podId);
    if ((await roleIn(tx, deps, input.podId, memberId)) === null)
      throw appError('NOT_FOUND', 'pods:errors.notFound');
    const [pod] = await tx
      .select({ placeId: t.pods.placeId, sizeLimit: t.pods.sizeLimit })
      .from(t.pods)
      .where(eq(t.pods.id, input.podId));
    const placeZone = pod!.placeId === null ? null : (placeById(pod!.placeId, 'en')?.timeZone ?? null);
    const timeZone = input.placeKind === 'online' ? input.timeZone : (placeZone ?? input.timeZone);
    if (timeZone === null)
      throw appError('VALIDATION', 'meetups:errors.timeZoneRequired', { field: 'timeZone' });
    const startsAt = instantOfWallTime(input.startsAt, timeZone);
    if (startsAt === null)
      throw appError('VALIDATION', 'meetups:errors.startsAtRequired', { field: 'startsAt' });
    if (startsAt.getTime() <= Date.now())
      throw appError('VALIDATION', 'meetups:errors.inThePast', { field: 'startsAt' });
    const capacity = pod!.sizeLimit + input.extraPlaces;
    if (capacity > MEETUP_CAPACITY_MAX)
      throw appError('VALIDATION', 'meetups:errors.tooManyPlaces', { field: 'extraPlaces' });
    const now = new Date();
    await tx.insert(t.meetups).values({
      id,
      podId: input.podId,
      proposedBy: memberId,
      startsAt,
      timeZone,
      venueKind: input.placeKind,
      venueName: input.venueName,
      venueAddress: input.venueAddress,
      onlineLink: input.onlineLink,
      language: input.language,
      capacity,
      createdAt: now,
    });
    await tx.insert(t.meetupRsvps).values({ meetupId: id, memberId, status: 'going', askedAt: now });
    await scheduleMeetupReminders(deps, tx, { id, startsAt });
    await scheduleAfterMails(deps, tx, { id, startsAt, timeZone });
    return storeMeetupCard(deps, tx, { id, podId: input.podId, proposedBy: memberId, startsAt });
  });
  deps.metrics.meetupProposed();
  await deliverMeetupCard(deps, card);
  await publishMeetupsChanged(deps, input.podId, id);
  return viewOf(deps, memberId, id, language);
}

/** A pod's meetups that have not begun and are not cancelled, soonest first, for its members. */
export async function meetupsOfPod(
  deps: Deps,
  viewerId: string,
  podId: string,
  language: UiLanguage,
): Promise<MeetupView[]> {
  await podMember(deps, viewerId);
  const { db, t } = deps.database;
  if ((await roleIn(db, deps, podId, viewerId)) === null) throw appError('NOT_FOUND', 'pods:errors.notFound');
  const meetups = await db
    .select()
    .from(t.meetups)
    .where(and(eq(t.meetups.podId, podId), isNull(t.meetups.cancelledAt), gt(t.meetups.startsAt, new Date())))
    .orderBy(asc(t.meetups.startsAt), asc(t.meetups.id));
  return viewsOf(deps, viewerId, meetups, language);
}

/**
 * Going (or, when full, the waitlist) or can't go. A pod's members may answer; anyone who may use pods may
 * answer an open meetup, unless they blocked someone in the pod or were blocked by them (then it does not
 * exist for them). Nobody joins a meetup with someone going or waiting whom they blocked or who blocked
 * them. Someone going who can't go any more frees their place for the first on the waitlist.
 */
export async function answerMeetup(
  deps: Deps,
  memberId: string,
  input: { meetupId: string; going: boolean },
  language: UiLanguage,
): Promise<MeetupView> {
  await podMember(deps, memberId);
  await deps.limiter.check('meetupAnswer:account', memberId);
  const { db, t } = deps.database;
  const notFound = () => appError('NOT_FOUND', 'meetups:errors.notFound');
  const [found] = await db
    .select({ podId: t.meetups.podId })
    .from(t.meetups)
    .where(eq(t.meetups.id, input.meetupId));
  if (!found) throw notFound();
  const answered = await deps.database.transaction(async (tx): Promise<MeetupRsvpStatus | null> => {
    await lockPod(deps.database, tx, found.podId);
    const [row] = await tx
      .select({ meetup: t.meetups, sizeLimit: t.pods.sizeLimit })
      .from(t.meetups)
      .innerJoin(t.pods, eq(t.pods.id, t.meetups.podId))
      .where(and(eq(t.meetups.id, input.meetupId), isNull(t.meetups.cancelledAt), isNull(t.pods.closedAt)));
    if (!row) throw notFound();
    const { meetup } = row;
    const inPod = (await roleIn(tx, deps, meetup.podId, memberId)) !== null;
    if (!inPod) {
      const podPeople = tx
        .select({ id: t.podMembers.memberId })
        .from(t.podMembers)
        .where(eq(t.podMembers.podId, meetup.podId));
      const [blocked] = await blockWith(tx, deps, memberId, podPeople);
      if (meetup.capacity <= row.sizeLimit || blocked) throw notFound();
    }
    if (meetup.startsAt.getTime() <= Date.now()) throw appError('CONFLICT', 'meetups:errors.begun');
    const [mine] = await tx
      .select({ status: t.meetupRsvps.status })
      .from(t.meetupRsvps)
      .where(and(eq(t.meetupRsvps.meetupId, meetup.id), eq(t.meetupRsvps.memberId, memberId)));
    const key = and(eq(t.meetupRsvps.meetupId, meetup.id), eq(t.meetupRsvps.memberId, memberId));

    if (!input.going) {
      if (!mine) await tx.insert(t.meetupRsvps).values({ meetupId: meetup.id, memberId, status: 'cantGo' });
      // When someone going gives up their place: less than 3 hours before, half a no-show (issue 35.6).
      else
        await tx
          .update(t.meetupRsvps)
          .set({ status: 'cantGo', gaveUpAt: mine.status === 'going' ? new Date() : null })
          .where(key);
      if (mine?.status === 'going') await promoteFromWaitlist(tx, deps, meetup);
      return mine?.status === 'cantGo' ? null : 'cantGo';
    }
    if (mine?.status === 'going' || mine?.status === 'waitlist') return null;
    const attendees = tx
      .select({ id: t.meetupRsvps.memberId })
      .from(t.meetupRsvps)
      .where(
        and(eq(t.meetupRsvps.meetupId, meetup.id), inArray(t.meetupRsvps.status, ['going', 'waitlist'])),
      );
    const [blocked] = await blockWith(tx, deps, memberId, attendees);
    if (blocked) throw inPod ? appError('CONFLICT', 'meetups:errors.notAvailable') : notFound();
    // Strictly after everyone who asked before (under the lock): the order of asking has no ties.
    const [last] = await tx
      .select({ at: max(t.meetupRsvps.askedAt) })
      .from(t.meetupRsvps)
      .where(and(eq(t.meetupRsvps.meetupId, meetup.id), isNotNull(t.meetupRsvps.askedAt)));
    const lastAt = last?.at ? new Date(last.at).getTime() : 0;
    const askedAt = new Date(Math.max(Date.now(), lastAt + 1));
    // Three no-shows within 60 days (late cancels half): the waitlist only, even with free places, for 30
    // days (issue 35.6; meetups-attendance.ts). They move up from it as anyone does when a place is freed.
    const free = (await goingCount(tx, deps, meetup.id)) < meetup.capacity;
    const status = free && !(await isWaitlistOnly(tx, deps, memberId)) ? 'going' : 'waitlist';
    if (!mine) await tx.insert(t.meetupRsvps).values({ meetupId: meetup.id, memberId, status, askedAt });
    else await tx.update(t.meetupRsvps).set({ status, askedAt }).where(key);
    return status;
  });
  if (answered) {
    deps.metrics.meetupAnswered(answered);
    await publishMeetupsChanged(deps, found.podId, input.meetupId);
  }
  return viewOf(deps, memberId, input.meetupId, language);
}

/**
 * Fills free places from the waitlist in its fair order, in the caller's transaction (which holds the pod's
 * lock). Someone who blocked a member going, or was blocked by one, is passed over and keeps their place.
 * Whoever moves up is told by mail ("You're going: a place opened up"; meetups-notices.ts).
 */
async function promoteFromWaitlist(tx: Db, deps: Deps, meetup: MeetupRow): Promise<void> {
  const { t } = deps.database;
  let free = meetup.capacity - (await goingCount(tx, deps, meetup.id));
  for (const memberId of await waitlistOf(tx, deps, meetup)) {
    if (free <= 0) return;
    const going = tx
      .select({ id: t.meetupRsvps.memberId })
      .from(t.meetupRsvps)
      .where(and(eq(t.meetupRsvps.meetupId, meetup.id), eq(t.meetupRsvps.status, 'going')));
    const [blocked] = await blockWith(tx, deps, memberId, going);
    if (blocked) continue;
    await tx
      .update(t.meetupRsvps)
      .set({ status: 'going' })
      .where(and(eq(t.meetupRsvps.meetupId, meetup.id), eq(t.meetupRsvps.memberId, memberId)));
    await schedulePromotedMail(tx, deps, meetup.id, memberId);
    free -= 1;
  }
}

/** The upcoming meetups (neither begun nor cancelled) whose ids `whose` accepts, with their pods, by id. */
function upcomingAnswered(tx: Db, deps: Deps, whose: (present: SQLWrapper) => SQLWrapper) {
  const { t } = deps.database;
  return tx
    .select({ meetupId: t.meetups.id, podId: t.meetups.podId })
    .from(t.meetups)
    .where(and(whose(t.meetups.id), isNull(t.meetups.cancelledAt), gt(t.meetups.startsAt, new Date())))
    .orderBy(asc(t.meetups.id));
}

/** The ids of the meetups the member is going to or waiting for. */
const presentAt = (tx: Db, deps: Deps, memberId: string) => {
  const { t } = deps.database;
  return tx
    .select({ id: t.meetupRsvps.meetupId })
    .from(t.meetupRsvps)
    .where(and(eq(t.meetupRsvps.memberId, memberId), inArray(t.meetupRsvps.status, ['going', 'waitlist'])));
};

/**
 * The pods of the upcoming meetups that either of two members is going to or waiting for: the locks a block
 * between them takes (with their pods', in one order) before `separateAtMeetups`. Either, not both: an answer
 * that comes while the block is made waits for the lock, and then meets the block.
 */
export async function meetupPodsOfEither(tx: Db, deps: Deps, [a, b]: [string, string]): Promise<string[]> {
  const rows = await upcomingAnswered(tx, deps, (meetup) =>
    or(inArray(meetup, presentAt(tx, deps, a)), inArray(meetup, presentAt(tx, deps, b)))!,
  );
  return [...new Set(rows.map((r) => r.podId))];
}

/**
 * A block made between two members (the pods of meetupPodsOfEither locked by the caller's transaction): at
 * each upcoming meetup they are both going to or waiting for, the one who asked later has their answer
 * withdrawn, as if never given (no late cancel counted), and a place it frees goes to the waitlist. The rule
 * that refuses such a pair an answer, kept when the block comes after: blocked pairs are never in one
 * meetup (issue 35.3). Returns the meetups changed and whose answer went, to publish once committed.
 */
export async function separateAtMeetups(
  tx: Db,
  deps: Deps,
  pair: [string, string],
): Promise<{ meetupId: string; podId: string; withdrawn: string }[]> {
  const { t } = deps.database;
  const shared = await upcomingAnswered(tx, deps, (meetup) =>
    and(inArray(meetup, presentAt(tx, deps, pair[0])), inArray(meetup, presentAt(tx, deps, pair[1])))!,
  );
  const changed = [];
  for (const { meetupId, podId } of shared) {
    const answers = await tx
      .select({
        memberId: t.meetupRsvps.memberId,
        status: t.meetupRsvps.status,
        askedAt: t.meetupRsvps.askedAt,
      })
      .from(t.meetupRsvps)
      .where(and(eq(t.meetupRsvps.meetupId, meetupId), inArray(t.meetupRsvps.memberId, pair)))
      .orderBy(asc(t.meetupRsvps.askedAt));
    const later = answers[1]!;
    await tx
      .delete(t.meetupRsvps)
      .where(and(eq(t.meetupRsvps.meetupId, meetupId), eq(t.meetupRsvps.memberId, later.memberId)));
    changed.push({ meetupId, podId, withdrawn: later.memberId });
    if (later.status !== 'going') continue;
    const [meetup] = await tx.select().from(t.meetups).where(eq(t.meetups.id, meetupId));
    await promoteFromWaitlist(tx, deps, meetup!);
  }
  return changed;
}
