import {
  mayHostPod,
  type MeetupRsvpStatus,
  type PodRole,
  type meetupTellFriendSchema,
  type UiLanguage,
} from '@amiko/core';
import { lockPod, type Db } from '@amiko/db';
import { placeById } from '@amiko/places';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { composeMail } from '../mail/templates.ts';
import type { MailAttachment } from '../mail/mailer.ts';
import { MEETUP_CALENDAR_DURATION_MS, meetupCalendar } from './ics.ts';
import type { JobOutcome } from './job-queue.ts';
import type { JobHandler } from './jobs.ts';
import { memberLinkKey, recipientOf } from './message-mail.ts';
import { publishPodNudge } from './pods-live.ts';
import { podMember, roleIn } from './pods.ts';
import { firstName } from './views.ts';

// What a meetup's people are told (issue 35.2, 35.4, 35.7): that it was cancelled, that a place opened up
// for them, and (meetups-reminders.ts) that it is soon; "Tell a friend"; the .ics of "Add to calendar" and
// the reminders; the one-click "Can't make it" link. Each mail is a job keyed by meetup and member, scheduled
// in the transaction that makes it necessary and recorded once under that key (the mailer's `once`), so it
// goes out exactly once across processes and restarts. These mails are about a meetup the member said yes to
// and follow no setting of the mails about messages. docs/decisions.md, "Meetups".

export const MEETUP_CANCELLED_MAIL = 'meetupCancelledMail';
export const MEETUP_PROMOTED_MAIL = 'meetupPromotedMail';

type MeetupRow = Deps['database']['t']['meetups']['$inferSelect'];

/** A meetup with what a member's mail or calendar says of it, and the member's answer. */
export interface MeetupFacts {
  meetup: MeetupRow;
  podName: string;
  podPlaceId: number | null;
  status: MeetupRsvpStatus | null;
}

/** The meetup (cancelled or not), its pod and the member's answer; null when there is no such meetup. */
export async function meetupFacts(
  db: Db,
  deps: Pick<Deps, 'database'>,
  meetupId: string,
  memberId: string,
): Promise<MeetupFacts | null> {
  const { t } = deps.database;
  const [row] = await db
    .select({ meetup: t.meetups, podName: t.pods.name, podPlaceId: t.pods.placeId })
    .from(t.meetups)
    .innerJoin(t.pods, eq(t.pods.id, t.meetups.podId))
    .where(eq(t.meetups.id, meetupId));
  if (!row) return null;
  const [mine] = await db
    .select({ status: t.meetupRsvps.status })
    .from(t.meetupRsvps)
    .where(and(eq(t.meetupRsvps.meetupId, meetupId), eq(t.meetupRsvps.memberId, memberId)));
  return { ...row, status: mine?.status ?? null };
}

/**
 * The meetup as the member may see it, not cancelled: a member of its pod, or someone who answered it (an
 * open meetup); NOT_FOUND for anyone else.
 */
async function visibleFacts(deps: Deps, memberId: string, meetupId: string): Promise<MeetupFacts> {
  const { db } = deps.database;
  const facts = await meetupFacts(db, deps, meetupId, memberId);
  const answered = facts?.status === 'going' || facts?.status === 'waitlist';
  if (
    !facts ||
    facts.meetup.cancelledAt !== null ||
    (!answered && (await roleIn(db, deps, facts.meetup.podId, memberId)) === null)
  )
    throw appError('NOT_FOUND', 'meetups:errors.notFound');
  return facts;
}

/** The member's own time zone: their place's, when they gave one. */
export async function memberTimeZone(deps: Pick<Deps, 'database'>, memberId: string): Promise<string | null> {
  const m = deps.database.t.members;
  const [row] = await deps.database.db.select({ placeId: m.placeId }).from(m).where(eq(m.id, memberId));
  return row?.placeId == null ? null : (placeById(row.placeId, 'en')?.timeZone ?? null);
}

function timeIn(at: Date, zone: string, language: UiLanguage): string {
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: zone,
  }).format(at);
}

/**
 * When and where, as the member's mail says it: the time in the meetup's zone, and in the member's own when
 * that shows another time; the venue and address (or the link) only for a member going, else the pod's area.
 */
export function describeMeetup(
  deps: Pick<Deps, 't'>,
  facts: MeetupFacts,
  language: UiLanguage,
  ownZone: string | null,
): { when: string; place: string } {
  const { meetup } = facts;
  const time = timeIn(meetup.startsAt, meetup.timeZone, language);
  const own = ownZone === null ? time : timeIn(meetup.startsAt, ownZone, language);
  const when =
    own === time
      ? deps.t(language, 'mail:meetupTime.one', { time, zone: meetup.timeZone })
      : deps.t(language, 'mail:meetupTime.both', { time, zone: meetup.timeZone, own, ownZone });
  const area = facts.podPlaceId === null ? null : (placeById(facts.podPlaceId, language)?.name ?? null);
  let place: string;
  if (facts.status === 'going' && meetup.onlineLink) place = meetup.onlineLink;
  else if (facts.status === 'going' && meetup.venueName)
    place = [meetup.venueName, meetup.venueAddress].filter(Boolean).join(', ');
  else if (meetup.venueKind === 'online') place = deps.t(language, 'mail:meetupPlace.online');
  else place = deps.t(language, 'mail:meetupPlace.area', { area: area ?? '' });
  return { when, place };
}

/** The pod's page, where its meetups are. */
const podPath = (podId: string) => `/pods/${encodeURIComponent(podId)}`;

/** The meetup as a calendar entry for the member (RFC 5545): the venue only for a member going. */
export function calendarFor(
  deps: Pick<Deps, 't' | 'config'>,
  facts: MeetupFacts,
  language: UiLanguage,
  now = new Date(),
): string {
  const { meetup } = facts;
  const url = new URL(podPath(meetup.podId), deps.config.publicUrl).toString();
  return meetupCalendar(
    {
      uid: `meetup-${meetup.id}@${new URL(deps.config.publicUrl).hostname}`,
      startsAt: meetup.startsAt,
      durationMs: MEETUP_CALENDAR_DURATION_MS,
      timeZone: meetup.timeZone,
      summary: deps.t(language, 'mail:meetupCalendar.summary', { podName: facts.podName }),
      location: describeMeetup(deps, facts, language, null).place,
      description: deps.t(language, 'mail:meetupCalendar.description', { podName: facts.podName, url }),
      url,
      cancelled: meetup.cancelledAt !== null,
    },
    now,
  );
}

/** The calendar file of a meetup, as attached to a mail. */
export const calendarAttachment = (content: string): MailAttachment => ({
  filename: 'meetup.ics',
  contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  content,
});

/** "Add to calendar": the meetup's .ics for a member who may see it (the venue only if they are going). */
export async function meetupCalendarOf(deps: Deps, memberId: string, meetupId: string, language: UiLanguage) {
  await podMember(deps, memberId);
  return calendarFor(deps, await visibleFacts(deps, memberId, meetupId), language);
}

/**
 * A meetup's mail to one member, in their language, recorded once under `once` (the job's key): a button to
 * the pod's page, and what the caller adds (the .ics, the "Can't make it" link).
 */
export async function mailAboutMeetup(
  deps: Deps,
  member: NonNullable<Awaited<ReturnType<typeof recipientOf>>>,
  mail: {
    kind: string;
    once: string;
    podId: string;
    memberText: Record<string, string>;
    values?: Record<string, string>;
    attachments?: MailAttachment[];
  },
): Promise<boolean> {
  return deps.mail.send({
    ...composeMail(deps.t, {
      kind: mail.kind,
      to: member.email,
      language: member.language,
      memberText: mail.memberText,
      values: mail.values ?? {},
      actionUrl: new URL(podPath(mail.podId), deps.config.publicUrl).toString(),
    }),
    once: mail.once,
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
  });
}

/** One notice to each of `memberIds` about a meetup, as jobs in the caller's transaction. */
async function scheduleNotices(
  tx: Db,
  deps: Pick<Deps, 'database'>,
  kind: string,
  meetupId: string,
  memberIds: string[],
  tag = '',
) {
  if (memberIds.length === 0) return;
  const now = new Date();
  await tx
    .insert(deps.database.t.jobs)
    .values(
      memberIds.map((memberId) => ({
        kind,
        key: `${kind}:${meetupId}:${memberId}${tag}`,
        memberId,
        payload: { meetupId },
        runAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** Who may cancel a meetup: its proposer while in the pod, the pod's starter or a host (cancelMeetup, viewsOf). */
export function mayCancelMeetup(role: PodRole | null, proposedBy: string | null, memberId: string): boolean {
  return role !== null && (proposedBy === memberId || mayHostPod(role));
}

/**
 * The proposer (while in the pod) or the pod's starter or a host cancels a meetup that has not begun; each
 * other member going or on the waitlist is told by mail. Under the pod's lock, so that no answer slips in
 * between. Anyone else: NOT_FOUND when the meetup is not theirs to see, else FORBIDDEN.
 */
export async function cancelMeetup(deps: Deps, memberId: string, meetupId: string): Promise<void> {
  await podMember(deps, memberId);
  const { db, t } = deps.database;
  const notFound = () => appError('NOT_FOUND', 'meetups:errors.notFound');
  const [found] = await db
    .select({ podId: t.meetups.podId })
    .from(t.meetups)
    .where(eq(t.meetups.id, meetupId));
  if (!found) throw notFound();
  await deps.database.transaction(async (tx) => {
    await lockPod(deps.database, tx, found.podId);
    const facts = await meetupFacts(tx, deps, meetupId, memberId);
    if (!facts || facts.meetup.cancelledAt !== null) throw notFound();
    const role = await roleIn(tx, deps, found.podId, memberId);
    if (!mayCancelMeetup(role, facts.meetup.proposedBy, memberId)) {
      const sees = role !== null || facts.status === 'going' || facts.status === 'waitlist';
      throw sees ? appError('FORBIDDEN', 'meetups:errors.notYours') : notFound();
    }
    if (facts.meetup.startsAt.getTime() <= Date.now()) throw appError('CONFLICT', 'meetups:errors.begun');
    await cancelAndTell(tx, deps, meetupId, memberId);
  });
  await publishMeetupsChanged(deps, found.podId, meetupId);
}

/**
 * After a meetup is proposed, answered or cancelled: the pod's members and whoever else is going or waiting
 * (an open meetup's outsiders) hear `pod:meetups` (pods-live.ts), and their cards read the meetups again;
 * so do `alsoTell`, who are no longer either (an answer a block withdrew).
 */
export function publishMeetupsChanged(
  deps: Deps,
  podId: string,
  meetupId: string,
  alsoTell: string[] = [],
): Promise<void> {
  const { db, t } = deps.database;
  return publishPodNudge(deps, 'pod:meetups', podId, async () => [
    ...(
      await db
        .select({ id: t.meetupRsvps.memberId })
        .from(t.meetupRsvps)
        .where(
          and(eq(t.meetupRsvps.meetupId, meetupId), inArray(t.meetupRsvps.status, ['going', 'waitlist'])),
        )
    ).map((r) => r.id),
    ...alsoTell,
  ]);
}

/**
 * An operator cancels a meetup that has not begun (`pnpm admin meetup-cancel`), as cancelMeetup does: everyone
 * going or on the waitlist is told by mail. `logged` records it in the same transaction, under the pod's lock.
 */
export async function cancelMeetupAsOperator(
  deps: Pick<Deps, 'database'>,
  meetupId: string,
  logged: (tx: Db, podId: string) => Promise<void>,
): Promise<'cancelled' | 'alreadyCancelled' | 'begun' | 'notFound'> {
  const { db, t } = deps.database;
  const [found] = await db
    .select({ podId: t.meetups.podId })
    .from(t.meetups)
    .where(eq(t.meetups.id, meetupId));
  if (!found) return 'notFound';
  return deps.database.transaction(async (tx) => {
    await lockPod(deps.database, tx, found.podId);
    const [meetup] = await tx
      .select({ startsAt: t.meetups.startsAt, cancelledAt: t.meetups.cancelledAt })
      .from(t.meetups)
      .where(eq(t.meetups.id, meetupId));
    if (meetup!.cancelledAt !== null) return 'alreadyCancelled';
    if (meetup!.startsAt.getTime() <= Date.now()) return 'begun';
    await cancelAndTell(tx, deps, meetupId, null);
    await logged(tx, found.podId);
    return 'cancelled';
  });
}

/** Marks the meetup cancelled and tells everyone going or waiting but `canceller`, in the caller's transaction. */
async function cancelAndTell(
  tx: Db,
  deps: Pick<Deps, 'database'>,
  meetupId: string,
  canceller: string | null,
) {
  const { t } = deps.database;
  await tx.update(t.meetups).set({ cancelledAt: new Date() }).where(eq(t.meetups.id, meetupId));
  const told = await tx
    .select({ memberId: t.meetupRsvps.memberId })
    .from(t.meetupRsvps)
    .where(
      and(
        eq(t.meetupRsvps.meetupId, meetupId),
        inArray(t.meetupRsvps.status, ['going', 'waitlist']),
        canceller === null ? undefined : ne(t.meetupRsvps.memberId, canceller),
      ),
    );
  await scheduleNotices(
    tx,
    deps,
    MEETUP_CANCELLED_MAIL,
    meetupId,
    told.map((r) => r.memberId),
  );
}

/**
 * A member moved up from the waitlist (promoteFromWaitlist, in its transaction): "You're going: a place
 * opened up" is mailed to them. Keyed by the moment, so that moving up again after giving up is told again.
 */
export async function schedulePromotedMail(
  tx: Db,
  deps: Pick<Deps, 'database'>,
  meetupId: string,
  memberId: string,
) {
  await scheduleNotices(tx, deps, MEETUP_PROMOTED_MAIL, meetupId, [memberId], `:${Date.now()}`);
}

/**
 * The mail of a cancelled meetup, to someone who was going or waiting; the venue only if they were going, and
 * the entry marked cancelled, which updates the one a calendar took from a reminder or a download.
 */
const sendCancelledMail: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const { meetupId } = job.payload as { meetupId: string };
  const member = await recipientOf(deps, job.memberId!);
  if (!member) return 'done';
  const facts = await meetupFacts(deps.database.db, deps, meetupId, member.id);
  if (!facts || facts.meetup.cancelledAt === null) return 'done';
  const { when, place } = describeMeetup(deps, facts, member.language, await memberTimeZone(deps, member.id));
  await mailAboutMeetup(deps, member, {
    kind: 'meetupCancelled',
    once: job.key,
    podId: facts.meetup.podId,
    memberText: { podName: facts.podName, place },
    values: { when },
    attachments: [calendarAttachment(calendarFor(deps, facts, member.language))],
  });
  return 'done';
};

/** "You're going: a place opened up", with the venue and the .ics, while they are still going. */
const sendPromotedMail: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const { meetupId } = job.payload as { meetupId: string };
  const member = await recipientOf(deps, job.memberId!);
  if (!member) return 'done';
  const facts = await meetupFacts(deps.database.db, deps, meetupId, member.id);
  if (!facts || facts.meetup.cancelledAt !== null || facts.status !== 'going') return 'done';
  if (facts.meetup.startsAt.getTime() <= Date.now()) return 'done';
  const { when, place } = describeMeetup(deps, facts, member.language, await memberTimeZone(deps, member.id));
  await mailAboutMeetup(deps, member, {
    kind: 'meetupPromoted',
    once: job.key,
    podId: facts.meetup.podId,
    memberText: { podName: facts.podName, place },
    values: { when },
    attachments: [calendarAttachment(calendarFor(deps, facts, member.language))],
  });
  return 'done';
};

export const MEETUP_NOTICE_HANDLERS: Record<string, JobHandler> = {
  [MEETUP_CANCELLED_MAIL]: sendCancelledMail,
  [MEETUP_PROMOTED_MAIL]: sendPromotedMail,
};

/** The signature of a "Can't make it" link: the meetup and member, signed with the member's link key. */
function cantGoSignature(key: string, meetupId: string, memberId: string): string {
  return createHmac('sha256', key).update(`meetupCantGo:${meetupId}:${memberId}`).digest('base64url');
}

/** The one-click "Can't make it" link of a reminder: it works without signing in, for this meetup only. */
export async function cantGoUrl(
  deps: Deps,
  member: { id: string; unsubscribeKey: string | null },
  meetupId: string,
): Promise<string> {
  const url = new URL('/meetups/cant-go', deps.config.publicUrl);
  url.searchParams.set('m', member.id);
  url.searchParams.set('e', meetupId);
  url.searchParams.set('k', cantGoSignature(await memberLinkKey(deps, member), meetupId, member.id));
  return url.toString();
}

/** Whether a "Can't make it" link is valid (its signature is the member's for the meetup). */
export async function isCantGoLink(deps: Deps, link: { m: string; e: string; k: string }): Promise<boolean> {
  const m = deps.database.t.members;
  const [row] = await deps.database.db.select({ key: m.unsubscribeKey }).from(m).where(eq(m.id, link.m));
  if (!row?.key) return false;
  const a = Buffer.from(cantGoSignature(row.key, link.e, link.m));
  const b = Buffer.from(link.k);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * "Tell a friend": the time, the place (the venue only if the member is going) and the pod's name, mailed
 * in the member's language to an address they choose, with their first name. Limited per account: the
 * address is anyone's.
 */
export async function tellFriend(
  deps: Deps,
  memberId: string,
  input: z.output<typeof meetupTellFriendSchema>,
  language: UiLanguage,
): Promise<void> {
  const member = await podMember(deps, memberId);
  await deps.limiter.check('meetupTellFriend:account', memberId);
  const facts = await visibleFacts(deps, memberId, input.meetupId);
  if (facts.meetup.startsAt.getTime() <= Date.now()) throw appError('CONFLICT', 'meetups:errors.begun');
  const { when, place } = describeMeetup(deps, facts, language, await memberTimeZone(deps, memberId));
  await deps.mail.send(
    composeMail(deps.t, {
      kind: 'meetupTellFriend',
      to: input.email,
      language,
      memberText: { name: firstName(member.name), podName: facts.podName, place },
      values: { when },
    }),
  );
}

/** The members going to a meetup who may be told (neither deleted nor suspended), on `db`. */
export async function goingMembers(
  db: Db,
  deps: Pick<Deps, 'database'>,
  meetupId: string,
): Promise<string[]> {
  const { t } = deps.database;
  const rows = await db
    .select({ memberId: t.meetupRsvps.memberId })
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
  return rows.map((r) => r.memberId);
}
