import type { podReportSchema, reportSchema } from '@amiko/core';
import { newId, type ReportEvidence } from '@amiko/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { findMember } from './accounts.ts';
import { pairKey } from './messaging/store.ts';

/** How many of the two members' last messages a report keeps as its evidence. */
export const REPORT_EVIDENCE_MESSAGES = 50;

/**
 * Stores a report of one member by another for the moderators (reports table, status 'open'), with a copy
 * of the last messages between the two: deleting the conversation afterwards does not erase what was
 * reported (the privacy policy says so).
 */
export async function reportMember(
  deps: Deps,
  reporterId: string,
  input: z.output<typeof reportSchema>,
): Promise<{ id: string }> {
  await deps.limiter.check('report:account', reporterId);
  if (reporterId === input.memberId) throw appError('VALIDATION', 'community:errors.cannotReportSelf');
  if (!(await findMember(deps, input.memberId))) {
    throw appError('NOT_FOUND', 'community:errors.userDocumentMissing');
  }
  const { db, t } = deps.database;
  const id = newId();
  await db.insert(t.reports).values({
    id,
    reporterId,
    reportedId: input.memberId,
    reason: input.reason,
    note: input.note ?? null,
    evidence: await lastMessagesBetween(deps, reporterId, input.memberId),
    createdAt: new Date(),
  });
  deps.log.info({ reportId: id, reason: input.reason }, 'member reported');
  return { id };
}

/** The last REPORT_EVIDENCE_MESSAGES messages of the two members' conversation, oldest first. */
async function lastMessagesBetween(deps: Deps, a: string, b: string): Promise<ReportEvidence[]> {
  const { db, t } = deps.database;
  const m = t.messages;
  const rows = await db
    .select({ id: m.id, senderId: m.senderId, body: m.body, createdAt: m.createdAt })
    .from(m)
    .innerJoin(t.conversations, eq(t.conversations.id, m.conversationId))
    .where(eq(t.conversations.pairKey, pairKey(a, b)))
    .orderBy(desc(m.id))
    .limit(REPORT_EVIDENCE_MESSAGES);
  return rows.reverse().map((row) => ({ ...row, createdAt: row.createdAt.getTime() }));
}

/**
 * Reports a member of a pod, or one of their messages there, from the pod (issue 34): the reporter is in
 * the pod; the reported member is in it too, or wrote there (a message, or before they left). The report
 * keeps the pod's last REPORT_EVIDENCE_MESSAGES messages, whoever wrote them, and the reported message if
 * it is older: deleting messages, leaving or closing the pod afterwards erases nothing of it. Never behind
 * the payment.
 */
export async function reportFromPod(
  deps: Deps,
  reporterId: string,
  input: z.output<typeof podReportSchema>,
): Promise<{ id: string }> {
  await deps.limiter.check('report:account', reporterId);
  if (reporterId === input.memberId) throw appError('VALIDATION', 'community:errors.cannotReportSelf');
  const { db, t } = deps.database;
  const { podId, memberId, messageId } = input;
  const [reporter] = await db
    .select({ podId: t.podMembers.podId })
    .from(t.podMembers)
    .innerJoin(t.pods, eq(t.pods.id, t.podMembers.podId))
    .where(
      and(eq(t.podMembers.podId, podId), eq(t.podMembers.memberId, reporterId), isNull(t.pods.closedAt)),
    );
  if (!reporter) throw appError('NOT_FOUND', 'pods:errors.notFound');
  const m = t.podMessages;
  const columns = { id: m.id, senderId: m.senderId, body: m.body, createdAt: m.createdAt };
  let reported: { id: number; senderId: string; body: string; createdAt: Date } | undefined;
  if (messageId !== undefined) {
    [reported] = await db
      .select(columns)
      .from(m)
      .where(and(eq(m.podId, podId), eq(m.id, messageId), eq(m.senderId, memberId)));
    if (!reported) throw appError('NOT_FOUND', 'pods:errors.messageNotFound');
  } else {
    const [inPod] = await db
      .select({ id: t.podMembers.memberId })
      .from(t.podMembers)
      .where(and(eq(t.podMembers.podId, podId), eq(t.podMembers.memberId, memberId)));
    const [wrote] = inPod
      ? [inPod]
      : await db
          .select({ id: m.senderId })
          .from(m)
          .where(and(eq(m.podId, podId), eq(m.senderId, memberId)))
          .limit(1);
    if (!wrote) throw appError('NOT_FOUND', 'pods:errors.notInPod');
  }
  const last = await db
    .select(columns)
    .from(m)
    .where(eq(m.podId, podId))
    .orderBy(desc(m.id))
    .limit(REPORT_EVIDENCE_MESSAGES);
  last.reverse();
  if (reported && !last.some((row) => row.id === reported.id)) last.unshift(reported);
  const id = newId();
  await db.insert(t.reports).values({
    id,
    reporterId,
    reportedId: memberId,
    reason: input.reason,
    note: input.note ?? null,
    evidence: last.map((row) => ({ ...row, createdAt: row.createdAt.getTime() })),
    podId,
    podMessageId: messageId ?? null,
    createdAt: new Date(),
  });
  deps.log.info({ reportId: id, reason: input.reason, podId }, 'member reported from a pod');
  return { id };
}
