import { instantOfWallTime } from '@amiko/core';
import type { Db } from '@amiko/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import type { JobOutcome } from './job-queue.ts';
import { scheduleJob, type JobHandler } from './jobs.ts';
import { afterQuestions, goingTo } from './meetups-after.ts';
import { mailMember, recipientOf } from './message-mail.ts';

// "Who came?" by mail (issue 35.5): the morning after a meetup, each member who was going is asked, once, in
// their language, with a button to the pod's page where the questions are (meetups-after.ts).

const DAY_MS = 86_400_000;
const MEETUP_AFTER = 'meetupAfter';
const MEETUP_AFTER_MAIL = 'meetupAfterMail';

/** 9:00 in the meetup's time zone on the day after it starts: when "Who came?" is mailed. */
export function morningAfter(startsAt: Date, timeZone: string): Date {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(startsAt);
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return instantOfWallTime(`${next}T09:00`, timeZone) ?? new Date(startsAt.getTime() + DAY_MS);
}

/** Schedules a new meetup's "Who came?" mails for the morning after, in the proposal's transaction. */
export async function scheduleAfterMails(
  deps: Deps,
  tx: Db,
  meetup: { id: string; startsAt: Date; timeZone: string },
): Promise<void> {
  await scheduleJob(
    deps,
    {
      kind: MEETUP_AFTER,
      key: `${MEETUP_AFTER}:${meetup.id}`,
      payload: { meetupId: meetup.id },
      runAt: morningAfter(meetup.startsAt, meetup.timeZone),
    },
    tx,
  );
}

/**
 * The morning after: one job per member who was going (keyed by meetup and member, so each is mailed once
 * however often this runs), for a meetup that took place.
 */
const fanOutAfterMails: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const { meetupId } = job.payload as { meetupId: string };
  const { db, t } = deps.database;
  const [meetup] = await db
    .select({ id: t.meetups.id })
    .from(t.meetups)
    .where(and(eq(t.meetups.id, meetupId), isNull(t.meetups.cancelledAt)));
  if (!meetup) return 'done';
  const going = (await goingTo(db, deps, [meetupId])).get(meetupId) ?? [];
  if (going.length < 2) return 'done';
  const now = new Date();
  await db
    .insert(t.jobs)
    .values(
      going.map((memberId) => ({
        kind: MEETUP_AFTER_MAIL,
        key: `${MEETUP_AFTER_MAIL}:${meetupId}:${memberId}`,
        memberId,
        payload: { meetupId },
        runAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
  return 'done';
};

/**
 * "Who came?" to one member, in their language, with a button to the pod's page where the questions are;
 * only while they have something to answer there, and unless they turned these mails off.
 */
const sendAfterMail: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const { meetupId } = job.payload as { meetupId: string };
  const member = await recipientOf(deps, job.memberId!);
  if (!member || member.frequency === 'never') return 'done';
  const question = (await afterQuestions(deps, member.id).catch(() => [])).find(
    (q) => q.meetupId === meetupId && !q.answered,
  );
  if (!question) return 'done';
  await mailMember(deps, member, {
    kind: 'meetupAfter',
    memberText: { podName: question.podName },
    action: `/pods/${encodeURIComponent(question.podId)}`,
  });
  return 'done';
};

export const MEETUP_AFTER_HANDLERS: Record<string, JobHandler> = {
  [MEETUP_AFTER]: fanOutAfterMails,
  [MEETUP_AFTER_MAIL]: sendAfterMail,
};
