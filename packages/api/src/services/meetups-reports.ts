import type { meetupReportSchema } from '@amiko/core';
import { newId } from '@amiko/db';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { goingTo } from './meetups-after.ts';
import { REPORT_EVIDENCE_MESSAGES } from './reports.ts';

/** How long after a meetup began someone who was going may report someone else who was (issue 35.7). */
export const MEETUP_REPORT_DAYS = 14;
const DAY = 24 * 3_600_000;

/**
 * Reports a member after a meetup (issue 35.7), from "Who came?": the reporter and the reported were both
 * going, the meetup began (and was not cancelled) within MEETUP_REPORT_DAYS. As a report from the pod, it
 * keeps the pod's last REPORT_EVIDENCE_MESSAGES messages, and names the pod and the meetup. Anyone who was
 * not going: NOT_FOUND; someone reported who was not going: VALIDATION. Never behind the payment.
 */
export async function reportFromMeetup(
  deps: Deps,
  reporterId: string,
  input: z.output<typeof meetupReportSchema>,
): Promise<{ id: string }> {
  await deps.limiter.check('report:account', reporterId);
  if (reporterId === input.memberId) throw appError('VALIDATION', 'community:errors.cannotReportSelf');
  const { db, t } = deps.database;
  const notFound = () => appError('NOT_FOUND', 'meetups:errors.notFound');
  const [meetup] = await db
    .select({ podId: t.meetups.podId, startsAt: t.meetups.startsAt, cancelledAt: t.meetups.cancelledAt })
    .from(t.meetups)
    .where(eq(t.meetups.id, input.meetupId));
  const going = (await goingTo(db, deps, [input.meetupId])).get(input.meetupId) ?? [];
  const began = meetup ? Date.now() - meetup.startsAt.getTime() : -1;
  if (!meetup || meetup.cancelledAt !== null || !going.includes(reporterId)) throw notFound();
  if (began < 0 || began > MEETUP_REPORT_DAYS * DAY) throw notFound();
  if (!going.includes(input.memberId))
    throw appError('VALIDATION', 'meetups:errors.notThere', { field: 'memberId' });
  const m = t.podMessages;
  const last = await db
    .select({ id: m.id, senderId: m.senderId, body: m.body, createdAt: m.createdAt })
    .from(m)
    .where(eq(m.podId, meetup.podId))
    .orderBy(desc(m.id))
    .limit(REPORT_EVIDENCE_MESSAGES);
  const id = newId();
  await db.insert(t.reports).values({
    id,
    reporterId,
    reportedId: input.memberId,
    reason: input.reason,
    note: input.note ?? null,
    evidence: last.reverse().map((row) => ({ ...row, createdAt: row.createdAt.getTime() })),
    podId: meetup.podId,
    meetupId: input.meetupId,
    createdAt: new Date(),
  });
  deps.log.info(
    { reportId: id, reason: input.reason, meetupId: input.meetupId },
    'member reported after a meetup',
  );
  return { id };
}
