import { POD_ACTIVITY_DAYS, POD_QUIET_DAYS, POD_QUIET_GRACE_DAYS, type PodQuietAnswer } from '@amiko/core';
import { lockPod, type Db } from '@amiko/db';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import type { JobOutcome } from './job-queue.ts';
import { scheduleJob, type JobHandler } from './jobs.ts';
import { publishPodUnread } from './pods-chat.ts';

// How alive a pod is, and pods that have gone quiet (issue 34.2). A pod is quiet when its newest message (or,
// without one, its start) is older than POD_QUIET_DAYS: the Pods page offers it to nobody new, and each of its
// members is asked once per quiet spell whether to keep it or let it close (pod_members.quiet_answer, with
// quiet_answered_at: an answer after the newest message belongs to this spell; any message ends the spell).
// It closes as soon as every member who counts has let it go, or, by the daily sweep, once it has been quiet
// for POD_QUIET_DAYS + POD_QUIET_GRACE_DAYS and nobody chose to keep it. docs/decisions.md, "Pods".

const DAY_MS = 86_400_000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** A message of the pod (an id, or a pods.id column to correlate with) since `since`, as a subquery. */
function messageOf(deps: Pick<Deps, 'database'>, podId: unknown, since: Date) {
  const { db, t } = deps.database;
  const m = t.podMessages;
  return db
    .select({ one: sql`1` })
    .from(m)
    .where(and(eq(m.podId, podId as string), gte(m.createdAt, since)));
}

/**
 * Pods (a condition on `pods`) that have shown life in the last POD_QUIET_DAYS: started since, or with a
 * message since, one probe of pod_messages_pod_time_idx each. The Pods page offers only these.
 */
export function alivePods(deps: Pick<Deps, 'database'>, now = new Date()) {
  const { t } = deps.database;
  const since = daysBefore(now, POD_QUIET_DAYS);
  return or(gte(t.pods.createdAt, since), exists(messageOf(deps, t.pods.id, since)))!;
}

/** How alive a pod is, as the viewer's card shows it, and for a member the question of a quiet pod. */
export interface PodLife {
  messagesThisWeek: number;
  /** When the pod next meets (its soonest meetup not cancelled), in the meetup's zone; null: none planned. */
  nextMeetup: { startsAt: number; timeZone: string } | null;
  /** The viewer is in the pod and it has gone quiet: their answer this spell, null until they give one. */
  quiet: { answer: PodQuietAnswer | null } | null;
}

/** What decides about a quiet pod: when it last showed life, and its members' answers. */
interface QuietFacts {
  lastLife: Date;
  members: { memberId: string; answer: PodQuietAnswer | null; answeredAt: Date | null; counts: boolean }[];
}

/** A member's answer if it belongs to this quiet spell (given after the pod's newest message), else null. */
function answerThisSpell(facts: Pick<QuietFacts, 'lastLife'>, member: QuietFacts['members'][number]) {
  return member.answeredAt !== null && member.answeredAt > facts.lastLife ? member.answer : null;
}

const isQuiet = (lastLife: Date, now: Date) => lastLife < daysBefore(now, POD_QUIET_DAYS);

/**
 * Whether a pod is alive, quiet, or to be closed: every member who counts (not deleted, not suspended) let
 * it go this spell, or it has been quiet past the grace days and none of them chose to keep it.
 */
export function quietVerdict(facts: QuietFacts, now: Date): 'alive' | 'quiet' | 'close' {
  if (!isQuiet(facts.lastLife, now)) return 'alive';
  const answers = facts.members.filter((m) => m.counts).map((m) => answerThisSpell(facts, m));
  if (answers.length > 0 && answers.every((a) => a === 'close')) return 'close';
  const pastGrace = facts.lastLife < daysBefore(now, POD_QUIET_DAYS + POD_QUIET_GRACE_DAYS);
  return pastGrace && !answers.includes('keep') ? 'close' : 'quiet';
}

/**
 * The life of these pods for the viewer's cards: messages of the last POD_ACTIVITY_DAYS (everyone's,
 * blocked or not: it is a count), in one grouped query on pod_messages_pod_time_idx; and, for the pods the
 * viewer is in, whether it has gone quiet and what they answered this spell.
 */
export async function podLifeOf(
  deps: Pick<Deps, 'database'>,
  viewerId: string,
  podIds: string[],
  now = new Date(),
): Promise<Map<string, PodLife>> {
  const { db, t } = deps.database;
  const m = t.podMessages;
  const pm = t.podMembers;
  if (podIds.length === 0) return new Map();
  const newest = db
    .select({ at: m.createdAt })
    .from(m)
    .where(eq(m.podId, t.pods.id))
    .orderBy(desc(m.createdAt))
    .limit(1);
  const [weekly, mine, upcoming] = await Promise.all([
    db
      .select({ podId: m.podId, n: count() })
      .from(m)
      .where(and(inArray(m.podId, podIds), gte(m.createdAt, daysBefore(now, POD_ACTIVITY_DAYS))))
      .groupBy(m.podId),
    db
      .select({
        podId: pm.podId,
        memberId: pm.memberId,
        answer: pm.quietAnswer,
        answeredAt: pm.quietAnsweredAt,
        lastLife: sql<Date>`coalesce((${newest}), ${t.pods.createdAt})`.mapWith(t.pods.createdAt),
      })
      .from(pm)
      .innerJoin(t.pods, eq(t.pods.id, pm.podId))
      .where(and(eq(pm.memberId, viewerId), inArray(pm.podId, podIds))),
    // Soonest first on meetups_pod_starts_idx; a pod plans a few at a time, so the first of each is kept.
    db
      .select({ podId: t.meetups.podId, startsAt: t.meetups.startsAt, timeZone: t.meetups.timeZone })
      .from(t.meetups)
      .where(
        and(inArray(t.meetups.podId, podIds), gt(t.meetups.startsAt, now), isNull(t.meetups.cancelledAt)),
      )
      .orderBy(asc(t.meetups.startsAt)),
  ]);
  const next = new Map<string, PodLife['nextMeetup']>();
  for (const row of upcoming)
    if (!next.has(row.podId))
      next.set(row.podId, { startsAt: row.startsAt.getTime(), timeZone: row.timeZone });
  const counts = new Map(weekly.map((row) => [row.podId, row.n]));
  const quiet = new Map(
    mine
      .filter((row) => isQuiet(row.lastLife, now))
      .map((row) => [row.podId, { answer: answerThisSpell(row, { ...row, counts: true }) }]),
  );
  return new Map(
    podIds.map((id) => [
      id,
      {
        messagesThisWeek: counts.get(id) ?? 0,
        nextMeetup: next.get(id) ?? null,
        quiet: quiet.get(id) ?? null,
      },
    ]),
  );
}

/** The facts about an open pod, read in the caller's transaction (which holds its lock); null: closed. */
async function quietFactsOf(tx: Db, deps: Pick<Deps, 'database'>, podId: string): Promise<QuietFacts | null> {
  const { t } = deps.database;
  const [pod] = await tx
    .select({ createdAt: t.pods.createdAt })
    .from(t.pods)
    .where(and(eq(t.pods.id, podId), isNull(t.pods.closedAt)));
  if (!pod) return null;
  const [newest] = await tx
    .select({ at: t.podMessages.createdAt })
    .from(t.podMessages)
    .where(eq(t.podMessages.podId, podId))
    .orderBy(desc(t.podMessages.createdAt))
    .limit(1);
  const members = await tx
    .select({
      memberId: t.podMembers.memberId,
      answer: t.podMembers.quietAnswer,
      answeredAt: t.podMembers.quietAnsweredAt,
      deletedAt: t.members.deletedAt,
      suspendedAt: t.members.suspendedAt,
    })
    .from(t.podMembers)
    .innerJoin(t.members, eq(t.members.id, t.podMembers.memberId))
    .where(eq(t.podMembers.podId, podId));
  return {
    lastLife: newest?.at ?? pod.createdAt,
    members: members.map(({ deletedAt, suspendedAt, ...member }) => ({
      ...member,
      counts: deletedAt === null && suspendedAt === null,
    })),
  };
}

/** Closes the pod in the caller's transaction, as pnpm admin pod-close does (closed_at). */
async function closePod(tx: Db, deps: Pick<Deps, 'database'>, podId: string, now: Date) {
  const { t } = deps.database;
  await tx
    .update(t.pods)
    .set({ closedAt: now })
    .where(and(eq(t.pods.id, podId), isNull(t.pods.closedAt)));
}

/** After a pod closed: its members' devices stop counting it among their unread pods. */
async function tellClosed(deps: Deps, memberIds: string[]) {
  await Promise.all(memberIds.map((id) => publishPodUnread(deps, id)));
}

/**
 * A member answers the question of a pod that has gone quiet: keep it, or let it close. Stored with its
 * time, so it holds for this quiet spell only (a later answer in the same spell replaces it). Under the pod's
 * lock, which a message's send also takes: a pod that came back to life is not answered (CONFLICT). The pod
 * closes at once when every member who counts has now let it go.
 */
export async function answerQuiet(
  deps: Deps,
  memberId: string,
  input: { podId: string; keep: boolean },
): Promise<{ closed: boolean }> {
  const { t } = deps.database;
  const now = new Date();
  const answer: PodQuietAnswer = input.keep ? 'keep' : 'close';
  const outcome = await deps.database.transaction(async (tx) => {
    await lockPod(deps.database, tx, input.podId);
    const facts = await quietFactsOf(tx, deps, input.podId);
    const me = facts?.members.find((m) => m.memberId === memberId);
    if (!facts || !me) throw appError('NOT_FOUND', 'pods:errors.notFound');
    if (!isQuiet(facts.lastLife, now)) throw appError('CONFLICT', 'pods:errors.notQuiet');
    await tx
      .update(t.podMembers)
      .set({ quietAnswer: answer, quietAnsweredAt: now })
      .where(and(eq(t.podMembers.podId, input.podId), eq(t.podMembers.memberId, memberId)));
    Object.assign(me, { answer, answeredAt: now });
    const closed = quietVerdict(facts, now) === 'close';
    if (closed) await closePod(tx, deps, input.podId, now);
    return { closed, members: facts.members.map((m) => m.memberId) };
  });
  if (outcome.closed) await tellClosed(deps, outcome.members);
  return { closed: outcome.closed };
}

/**
 * Closes the pod if its quiet spell says so (quietVerdict), under its lock: a message sent meanwhile has
 * either come first (the pod is alive) or finds it closed. Resolves true when it closed it.
 */
export async function closeIfLetGo(deps: Deps, podId: string, now = new Date()): Promise<boolean> {
  const outcome = await deps.database.transaction(async (tx) => {
    await lockPod(deps.database, tx, podId);
    const facts = await quietFactsOf(tx, deps, podId);
    if (!facts || quietVerdict(facts, now) !== 'close') return null;
    await closePod(tx, deps, podId, now);
    return facts.members.map((m) => m.memberId);
  });
  if (outcome) await tellClosed(deps, outcome);
  return outcome !== null;
}

/** The open pods the sweep looks at, a page at a time: those quietVerdict may close. */
const SWEEP_PAGE = 200;

/**
 * Closes the quiet pods that are due (quietVerdict): quiet past the grace days with no member's "keep it"
 * this spell, or with "let it close" answers (whether every member who counts gave one is decided per pod).
 * The query narrows the open pods to those with one index probe per pod; each is then decided under its
 * lock, so any number of processes may sweep at once. Resolves with the number closed.
 */
export async function sweepQuietPods(deps: Deps, now = new Date()): Promise<number> {
  const { db, t } = deps.database;
  const pm = t.podMembers;
  const m = t.podMessages;
  const quietSince = daysBefore(now, POD_QUIET_DAYS);
  const graceOver = daysBefore(now, POD_QUIET_DAYS + POD_QUIET_GRACE_DAYS);
  /** The answers of the pod's members who count given this spell (no message of the pod after it). */
  const answeredThisSpell = (answer: PodQuietAnswer) =>
    db
      .select({ one: sql`1` })
      .from(pm)
      .innerJoin(t.members, eq(t.members.id, pm.memberId))
      .where(
        and(
          eq(pm.podId, t.pods.id),
          eq(pm.quietAnswer, answer),
          isNull(t.members.deletedAt),
          isNull(t.members.suspendedAt),
          notExists(
            db
              .select({ one: sql`1` })
              .from(m)
              .where(and(eq(m.podId, t.pods.id), gt(m.createdAt, pm.quietAnsweredAt))),
          ),
        ),
      );
  let closed = 0;
  let after = '';
  for (;;) {
    const page = await db
      .select({ id: t.pods.id })
      .from(t.pods)
      .where(
        and(
          isNull(t.pods.closedAt),
          gt(t.pods.id, after),
          lt(t.pods.createdAt, quietSince),
          notExists(messageOf(deps, t.pods.id, quietSince)),
          or(
            and(
              lt(t.pods.createdAt, graceOver),
              notExists(messageOf(deps, t.pods.id, graceOver)),
              notExists(answeredThisSpell('keep')),
            ),
            exists(answeredThisSpell('close')),
          ),
        ),
      )
      .orderBy(asc(t.pods.id))
      .limit(SWEEP_PAGE);
    for (const pod of page) if (await closeIfLetGo(deps, pod.id, now)) closed += 1;
    if (page.length < SWEEP_PAGE) break;
    after = page.at(-1)!.id;
  }
  if (closed > 0) deps.log.info({ closed }, 'quiet pods closed');
  return closed;
}

// The sweep runs once a day as a job in the jobs table (docs/decisions.md, "Background jobs"), claimed by
// one process: the day's job is keyed by its date, each run schedules the next day's before it sweeps (a
// run that fails is retried; one given up does not break the chain), and every server start schedules
// today's, which does nothing when today's exists.

export const QUIET_POD_SWEEP = 'quietPodSweep';
/** The hour (UTC) at which a day's sweep is due: a quiet hour in Europe. */
const SWEEP_HOUR_UTC = 3;

const sweepKey = (day: Date) => `${QUIET_POD_SWEEP}:${day.toISOString().slice(0, 10)}`;

/** Schedules today's sweep, due now (at a server's start): nothing when today's is there already. */
export async function scheduleQuietPodSweep(deps: Deps, now = new Date()): Promise<void> {
  await scheduleJob(deps, { kind: QUIET_POD_SWEEP, key: sweepKey(now), runAt: now });
}

/**
 * Schedules the next day's sweep, then sweeps. The next day follows the later of the job's own day and
 * today: a job run late (the servers were down) does not make the days after it run at once in a row.
 */
const sweepQuietPodsJob: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const jobDay = Date.parse(job.key.slice(QUIET_POD_SWEEP.length + 1)) || today;
  const next = new Date(Math.max(today, jobDay) + DAY_MS + SWEEP_HOUR_UTC * 3_600_000);
  await scheduleJob(deps, { kind: QUIET_POD_SWEEP, key: sweepKey(next), runAt: next });
  await sweepQuietPods(deps, now);
  return 'done';
};

export const POD_QUIET_HANDLERS: Record<string, JobHandler> = { [QUIET_POD_SWEEP]: sweepQuietPodsJob };
