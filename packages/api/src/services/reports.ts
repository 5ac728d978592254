import type { reportSchema } from '@amiko/core';
import { newId } from '@amiko/db';
import type { z } from 'zod';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { findMember } from './accounts.ts';

/** Stores a report of one member by another for the moderators (reports table, status 'open'). */
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
    createdAt: new Date(),
  });
  deps.log.info({ reportId: id, reason: input.reason }, 'member reported');
  return { id };
}
