import { type ReportEvidence } from '@amiko/db';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { record, type Acting } from './moderation.ts';

// The reports members made, as operators read and resolve them (`pnpm admin reports`, `pod-reports`,
// `resolve`): each resolution is written to the moderation log like every operator's action.

/** A member as a report shows them: enough to recognise them, also once deleted. */
export interface ReportParty {
  id: string;
  name: string;
  email: string | null;
  deleted: boolean;
  suspended: boolean;
}

export interface OpenReport {
  id: string;
  createdAt: Date;
  reason: string;
  note: string | null;
  /** Null when the reporter has since been removed entirely. */
  reporter: ReportParty | null;
  reported: ReportParty;
  /** A report made from a pod: the pod, and the message reported (null: the member). */
  pod: { id: string; name: string; messageId: number | null } | null;
  /** A report made after a meetup (`meetup-reports`): its time, time zone and venue. */
  meetup: { id: string; startsAt: Date; timeZone: string; venue: string } | null;
  /**
   * The messages kept when the report was made, oldest first, each with its writer's name as it is now:
   * the last messages between the two, or, from a pod, the pod's last messages (and the one reported).
   */
  evidence: (ReportEvidence & { senderName: string })[];
}

/**
 * The reports nobody has resolved yet, oldest first; only those made from a pod with `pods`, only those
 * made after a meetup with `meetups`.
 */
export async function openReports(
  deps: Pick<Deps, 'database'>,
  { pods = false, meetups = false }: { pods?: boolean; meetups?: boolean } = {},
): Promise<OpenReport[]> {
  const { db, t } = deps.database;
  const reports = await db
    .select()
    .from(t.reports)
    .where(
      and(
        eq(t.reports.status, 'open'),
        pods ? isNotNull(t.reports.podId) : undefined,
        meetups ? isNotNull(t.reports.meetupId) : undefined,
      ),
    )
    .orderBy(asc(t.reports.createdAt), asc(t.reports.id));
  const ids = [
    ...new Set(
      reports.flatMap((r) => [
        r.reportedId,
        r.reporterId ?? r.reportedId,
        ...r.evidence.map((m) => m.senderId),
      ]),
    ),
  ];
  const podIds = [...new Set(reports.flatMap((r) => (r.podId === null ? [] : [r.podId])))];
  const podNames = new Map(
    podIds.length === 0
      ? []
      : (
          await db.select({ id: t.pods.id, name: t.pods.name }).from(t.pods).where(inArray(t.pods.id, podIds))
        ).map((p) => [p.id, p.name]),
  );
  const meetupIds = [...new Set(reports.flatMap((r) => (r.meetupId === null ? [] : [r.meetupId])))];
  const meetupRows = new Map(
    meetupIds.length === 0
      ? []
      : (await db.select().from(t.meetups).where(inArray(t.meetups.id, meetupIds))).map((m) => [m.id, m]),
  );
  const meetupOf = (meetupId: string | null): OpenReport['meetup'] => {
    const m = meetupId === null ? undefined : meetupRows.get(meetupId);
    if (!m) return null;
    const venue =
      m.venueKind === 'online' ? 'online' : [m.venueName, m.venueAddress].filter(Boolean).join(', ');
    return { id: m.id, startsAt: m.startsAt, timeZone: m.timeZone, venue };
  };
  const members =
    ids.length === 0
      ? []
      : await db
          .select({
            id: t.members.id,
            name: t.members.name,
            email: t.members.email,
            deletedAt: t.members.deletedAt,
            suspendedAt: t.members.suspendedAt,
          })
          .from(t.members)
          .where(inArray(t.members.id, ids));
  const parties = new Map(
    members.map((m): [string, ReportParty] => [
      m.id,
      {
        id: m.id,
        name: m.name,
        email: m.email,
        deleted: m.deletedAt !== null,
        suspended: m.suspendedAt !== null,
      },
    ]),
  );
  return reports.map((report) => ({
    id: report.id,
    createdAt: report.createdAt,
    reason: report.reason,
    note: report.note,
    reporter: report.reporterId ? (parties.get(report.reporterId) ?? null) : null,
    reported: parties.get(report.reportedId)!,
    pod:
      report.podId === null
        ? null
        : { id: report.podId, name: podNames.get(report.podId) ?? '', messageId: report.podMessageId },
    meetup: meetupOf(report.meetupId),
    evidence: report.evidence.map((m) => ({
      ...m,
      senderName: parties.get(m.senderId)?.name ?? '',
    })),
  }));
}

/** Closes a report with the operator's note on what was done. */
export async function resolveReport(
  deps: Pick<Deps, 'database'>,
  reportId: string,
  acting: Acting & { reason: string },
): Promise<'resolved' | 'alreadyResolved' | 'notFound'> {
  const { database } = deps;
  const { t } = database;
  return database.transaction(async (tx) => {
    const [report] = await tx
      .select({ status: t.reports.status })
      .from(t.reports)
      .where(eq(t.reports.id, reportId));
    if (!report) return 'notFound';
    if (report.status !== 'open') return 'alreadyResolved';
    await tx
      .update(t.reports)
      .set({ status: 'reviewed', resolvedAt: new Date(), resolutionNote: acting.reason })
      .where(eq(t.reports.id, reportId));
    await record(tx, t, 'resolve-report', acting, { reportId });
    return 'resolved';
  });
}
