import type { Db } from '@amiko/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import type { JobOutcome } from './job-queue.ts';
import { scheduleJob, type JobHandler } from './jobs.ts';
import {
  calendarAttachment,
  calendarFor,
  cantGoUrl,
  describeMeetup,
  goingMembers,
  mailAboutMeetup,
  meetupFacts,
  memberTimeZone,
} from './meetups-notices.ts';
import { recipientOf } from './message-mail.ts';
import { hasPushDevices, sendPush } from './push.ts';

// A meetup's reminders (issue 35.4): 2 days and 3 hours before, by mail to each member going (in their
// language, the time in the meetup's zone and their own, the .ics, a one-click "Can't make it"), and by push
// to their devices. One job per meetup and reminder, scheduled with the proposal, fans out at its time to one
// job per member going then (keyed by meetup, reminder and member); each mail is recorded once under its key
// (the mailer's `once`), so a process killed mid-way neither loses nor doubles one. A meetup cancelled, or a
// member no longer going, gets none. docs/decisions.md, "Meetups".

export const MEETUP_REMINDERS = 'meetupReminders';
export const MEETUP_REMINDER_MAIL = 'meetupReminderMail';

const HOUR_MS = 60 * 60 * 1000;

/** The reminders and how long before the start each goes out. */
export const MEETUP_REMINDER_TIMES = { days2: 48 * HOUR_MS, hours3: 3 * HOUR_MS } as const;
export type MeetupReminder = keyof typeof MEETUP_REMINDER_TIMES;

/**
 * Schedules a new meetup's reminders in the proposal's transaction: each that is still ahead (a meetup
 * proposed for tomorrow gets the 3 hours' one only).
 */
export async function scheduleMeetupReminders(
  deps: Deps,
  tx: Db,
  meetup: { id: string; startsAt: Date },
): Promise<void> {
  for (const [which, before] of Object.entries(MEETUP_REMINDER_TIMES)) {
    const runAt = new Date(meetup.startsAt.getTime() - before);
    if (runAt.getTime() <= Date.now()) continue;
    await scheduleJob(
      deps,
      {
        kind: MEETUP_REMINDERS,
        key: `${MEETUP_REMINDERS}:${meetup.id}:${which}`,
        payload: { meetupId: meetup.id, which },
        runAt,
      },
      tx,
    );
  }
}

/** At a reminder's time: one job per member going, for a meetup neither cancelled nor begun. */
const fanOutReminders: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const { meetupId, which } = job.payload as { meetupId: string; which: MeetupReminder };
  const { db, t } = deps.database;
  const [meetup] = await db
    .select({ startsAt: t.meetups.startsAt, cancelledAt: t.meetups.cancelledAt })
    .from(t.meetups)
    .where(eq(t.meetups.id, meetupId));
  if (!meetup || meetup.cancelledAt !== null || meetup.startsAt.getTime() <= Date.now()) return 'done';
  const going = await goingMembers(db, deps, meetupId);
  if (going.length === 0) return 'done';
  const now = new Date();
  await db
    .insert(t.jobs)
    .values(
      going.map((memberId) => ({
        kind: MEETUP_REMINDER_MAIL,
        key: `${MEETUP_REMINDER_MAIL}:${meetupId}:${which}:${memberId}`,
        memberId,
        payload: { meetupId, which },
        runAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
  return 'done';
};

/**
 * One member's reminder, while the meetup stands and they are going: the mail (recorded once under the job's
 * key) with the .ics and the "Can't make it" link, then a push to their devices if they have any.
 */
const sendReminder: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const { meetupId, which } = job.payload as { meetupId: string; which: MeetupReminder };
  const member = await recipientOf(deps, job.memberId!);
  if (!member) return 'done';
  const facts = await meetupFacts(deps.database.db, deps, meetupId, member.id);
  if (!facts || facts.meetup.cancelledAt !== null || facts.status !== 'going') return 'done';
  if (facts.meetup.startsAt.getTime() <= Date.now()) return 'done';
  const { when, place } = describeMeetup(deps, facts, member.language, await memberTimeZone(deps, member.id));
  const sent = await mailAboutMeetup(deps, member, {
    kind: which === 'days2' ? 'meetupReminderDays' : 'meetupReminderHours',
    once: job.key,
    podId: facts.meetup.podId,
    memberText: { podName: facts.podName, place },
    values: { when, cantGoUrl: await cantGoUrl(deps, member, meetupId) },
    attachments: [calendarAttachment(calendarFor(deps, facts, member.language))],
  });
  if (!sent) return 'done';
  deps.metrics.meetupReminderSent(which);
  if (await hasPushDevices(deps, member.id))
    await sendPush(deps, member.id, {
      title: deps.t(
        member.language,
        `mail:${which === 'days2' ? 'meetupReminderDays' : 'meetupReminderHours'}.subject`,
        {
          podName: facts.podName,
        },
      ),
      body: '',
      path: `/pods/${encodeURIComponent(facts.meetup.podId)}`,
      tag: `meetup:${meetupId}`,
    });
  return 'done';
};

export const MEETUP_REMINDER_HANDLERS: Record<string, JobHandler> = {
  [MEETUP_REMINDERS]: fanOutReminders,
  [MEETUP_REMINDER_MAIL]: sendReminder,
};
