import type { reportSchema } from '@amiko/core';
import { newId, type ReportEvidence } from '@amiko/db';
import { desc, eq } from 'drizzle-orm';
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
