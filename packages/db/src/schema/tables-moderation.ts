import { sql, type Column } from 'drizzle-orm';
import { jsonColumns, now } from './columns-shared.ts';
import type { Dialect, Kit } from './kit.ts';
import type { ModerationAction, ReportEvidence, ReportStatus } from './types.ts';

// The tables of moderation: members' reports with their evidence, and the log of what operators did (pnpm
// admin). Written once for both dialects, as tables.ts is, which adds them to the rest of the data model.

/** The reports and the moderation log; `members` is the members table they refer to. */
export function defineModerationTables<D extends Dialect>(kit: Kit<D>, members: { id: Column }) {
  const { table, index, id, str, bigInt, timestamp, serial } = kit;
  const { list } = jsonColumns(kit);

  /** Reports of members by members, kept for moderation. */
  const reports = table(
    'reports',
    {
      id: id('id').primaryKey(),
      reporterId: id('reporter_id').references(() => members.id, { onDelete: 'set null' }),
      reportedId: id('reported_id')
        .notNull()
        .references(() => members.id, { onDelete: 'cascade' }),
      reason: str('reason').notNull(),
      note: str('note'),
      status: str('status').$type<ReportStatus>().notNull().default('open'),
      /**
       * The last messages between the two members when the report was made (at most 50, oldest first), copied
       * so that deleting the conversation afterwards does not erase what was reported.
       */
      evidence: list<ReportEvidence>('evidence'),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
      /** When an operator closed the report (`pnpm admin resolve`), and what they noted. */
      resolvedAt: timestamp('resolved_at'),
      resolutionNote: str('resolution_note'),
      /**
       * A report made from a pod (issue 34): the pod, and the message reported if one was (null: the member).
       * Its evidence is then the pod's last messages, whoever wrote them. No foreign key: pods are closed,
       * never deleted, and a message's id stays meaningful in the evidence after the message is gone.
       */
      podId: id('pod_id'),
      podMessageId: bigInt('pod_message_id'),
      /**
       * A report made after a meetup (issue 35.7), from "Who came?": the meetup (its pod is pod_id, its
       * evidence the pod's last messages). No foreign key, as pod_id.
       */
      meetupId: id('meetup_id'),
    },
    (t) => [
      index('reports_reported_idx').on(t.reportedId),
      index('reports_open_idx')
        .on(t.createdAt)
        .where(sql`${t.status} = 'open'`),
    ],
  );

  /**
   * What operators did (`pnpm admin …`): who, when, to whom and why. Also how every server process learns
   * of a suspension or deletion made by another process: each reads the newest rows twice a second and
   * closes that member's live sockets (docs/decisions.md, "Suspension reaches every process").
   */
  const moderationActions = table(
    'moderation_actions',
    {
      id: serial('id'),
      action: str('action').$type<ModerationAction>().notNull(),
      memberId: id('member_id').references(() => members.id, { onDelete: 'set null' }),
      reportId: id('report_id').references(() => reports.id, { onDelete: 'set null' }),
      /** The operator, as they named themselves (--by) or their login name. */
      actor: str('actor').notNull(),
      reason: str('reason'),
      /** The pod an action was about (pod-remove, pod-close), as reports.pod_id: no foreign key. */
      podId: id('pod_id'),
      createdAt: timestamp('created_at').notNull().$defaultFn(now),
    },
    (t) => [
      index('moderation_actions_created_idx').on(t.createdAt),
      index('moderation_actions_member_idx').on(t.memberId),
    ],
  );

  return { reports, moderationActions };
}
