import { waitlistOnlyUntil, type MeetupMiss } from '@amiko/core';
import type { Db } from '@amiko/db';
import { and, eq, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Deps } from '../context.ts';

// Reliability, kindly (issue 35.6): a member marked absent by at least two members who came (answering "Who
// came?" marks oneself as having come) has a no-show; someone going who said they can't go less than 3 hours
// before the start has half of one. Three within 60 days put a member on waitlists only, for 30 days. A host
// who answers a request to join a pod sees "came to 4 of 5 meetups". Nobody sees who marked whom.
// docs/decisions.md, "Meetups: see you again".

const HOUR_MS = 3_600_000;
/** A meetup has ended this long after its start (its answers may come then). */
export const MEETUP_ENDED_AFTER_MS = 3 * HOUR_MS;
/** Saying can't go less than this before the start counts half a no-show. */
export const LATE_CANCEL_MS = 3 * HOUR_MS;
/** Absent marks needed, from different members who came, for a no-show. */
export const NO_SHOW_MARKERS = 2;
/** Attendance of each member: the meetups they were going to that have ended, and those they missed. */
export interface Attendance {
  /** Ended meetups (not cancelled) they were going to, or gave up less than 3 hours before. */
  of: number;
  misses: MeetupMiss[];
}

/** The attendance of these members (at meetups that ended before `now`), in a few queries for them all. */
export async function attendanceOf(
  db: Db,
  deps: Pick<Deps, 'database'>,
  memberIds: readonly string[],
  now = new Date(),
): Promise<Map<string, Attendance>> {
  const { t } = deps.database;
  const result = new Map<string, Attendance>(memberIds.map((id) => [id, { of: 0, misses: [] }]));
  if (memberIds.length === 0) return result;
  const ended = new Date(now.getTime() - MEETUP_ENDED_AFTER_MS);
  const rows = await db
    .select({
      meetupId: t.meetups.id,
      memberId: t.meetupRsvps.memberId,
      status: t.meetupRsvps.status,
      gaveUpAt: t.meetupRsvps.gaveUpAt,
      startsAt: t.meetups.startsAt,
    })
    .from(t.meetupRsvps)
    .innerJoin(t.meetups, eq(t.meetups.id, t.meetupRsvps.meetupId))
    .where(
      and(
        inArray(t.meetupRsvps.memberId, [...memberIds]),
        inArray(t.meetupRsvps.status, ['going', 'cantGo']),
        isNull(t.meetups.cancelledAt),
        lt(t.meetups.startsAt, ended),
      ),
    );
  const late = (r: (typeof rows)[number]) =>
    r.status === 'cantGo' &&
    r.gaveUpAt !== null &&
    r.gaveUpAt.getTime() > r.startsAt.getTime() - LATE_CANCEL_MS;
  const counted = rows.filter((r) => r.status === 'going' || late(r));
  const going = counted.filter((r) => r.status === 'going');
  // Absent marks by members who came (their own mark says so), each marker once.
  const marks =
    going.length === 0
      ? []
      : await db
          .select({
            meetupId: t.meetupAttendance.meetupId,
            memberId: t.meetupAttendance.memberId,
            markerId: t.meetupAttendance.markerId,
          })
          .from(t.meetupAttendance)
          .where(
            and(
              inArray(t.meetupAttendance.memberId, [...memberIds]),
              inArray(t.meetupAttendance.meetupId, [...new Set(going.map((r) => r.meetupId))]),
              eq(t.meetupAttendance.came, false),
              ne(t.meetupAttendance.markerId, t.meetupAttendance.memberId),
            ),
          );
  const absentBy = new Map<string, Set<string>>();
  for (const mark of marks) {
    const key = `${mark.meetupId}:${mark.memberId}`;
    (absentBy.get(key) ?? absentBy.set(key, new Set()).get(key)!).add(mark.markerId);
  }
  for (const r of counted) {
    const entry = result.get(r.memberId)!;
    entry.of += 1;
    if (late(r)) entry.misses.push({ meetupId: r.meetupId, at: r.startsAt, weight: 0.5 });
    else if ((absentBy.get(`${r.meetupId}:${r.memberId}`)?.size ?? 0) >= NO_SHOW_MARKERS)
      entry.misses.push({ meetupId: r.meetupId, at: r.startsAt, weight: 1 });
  }
  return result;
}

/** Whether a member answering going now goes on the waitlist even with free places (issue 35.6). */
export async function isWaitlistOnly(db: Db, deps: Pick<Deps, 'database'>, memberId: string) {
  const attendance = await attendanceOf(db, deps, [memberId]);
  return waitlistOnlyUntil(attendance.get(memberId)!.misses) !== null;
}

/**
 * "Came to 4 of 5 meetups": the ended meetups a member was going to (or gave up late), and those they did not
 * miss (a late cancel is half a no-show for the waitlist, but they did not come).
 */
export function cameTo(attendance: Attendance): { came: number; of: number } {
  return { came: attendance.of - attendance.misses.length, of: attendance.of };
}
