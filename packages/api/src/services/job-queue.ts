import type { ClaimedJob, Database, Db } from '@amiko/db';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';

// The jobs table as a queue (docs/decisions.md, "Background jobs"): scheduling, claiming and finishing a
// job, on the database alone. The runner that polls it and the handlers are in jobs.ts; the mailer uses
// these directly, which keeps it free of the server's dependencies (no import circle through context.ts).

/**
 * What a handler did: done (kept, so the same key is not scheduled again), forget (the key is free again),
 * or `{ retryAt }`: not done yet, to be claimed again then (a handler with its own schedule of retries, such
 * as mail delivery; a handler that throws is retried on the generic schedule below).
 */
export type JobOutcome = 'done' | 'forget' | { retryAt: Date };

/** A job as scheduled: its key is unique; `memberId` lets the member's jobs be found. */
export interface NewJob {
  kind: string;
  key: string;
  memberId?: string;
  payload?: Record<string, unknown>;
}

/**
 * Schedules a job already claimed by the caller for `leaseMs` (its first attempt counted), to run it at once
 * in this process; if the process dies before finishing it, the lease runs out and the runners take it up.
 * Null when a job with the key exists already.
 */
export async function scheduleClaimedJob(
  database: Database,
  job: NewJob,
  leaseMs: number,
  connection: Db = database.db,
): Promise<ClaimedJob | null> {
  const now = new Date();
  const [claimed] = await connection
    .insert(database.t.jobs)
    .values({
      ...job,
      runAt: now,
      lockedUntil: new Date(now.getTime() + leaseMs),
      attempts: 1,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return claimed ?? null;
}

/**
 * The same for several jobs in one statement (a pod message's pushes, one per member): those whose key exists
 * already are left out.
 */
export async function scheduleClaimedJobs(
  database: Database,
  jobs: readonly NewJob[],
  leaseMs: number,
): Promise<ClaimedJob[]> {
  if (jobs.length === 0) return [];
  const now = new Date();
  const lockedUntil = new Date(now.getTime() + leaseMs);
  return database.db
    .insert(database.t.jobs)
    .values(jobs.map((job) => ({ ...job, runAt: now, lockedUntil, attempts: 1, createdAt: now })))
    .onConflictDoNothing()
    .returning();
}

/**
 * Claims the job with this key now, whether it waits for a retry or was given up (done), counting the
 * attempt; null when there is no such job or another process holds its lease.
 */
export async function claimJobByKey(
  database: Database,
  key: string,
  leaseMs: number,
): Promise<ClaimedJob | null> {
  const j = database.t.jobs;
  const now = new Date();
  const [claimed] = await database.db
    .update(j)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${j.attempts} + 1`, doneAt: null })
    .where(and(eq(j.key, key), or(isNull(j.lockedUntil), lt(j.lockedUntil, now))))
    .returning();
  return claimed ?? null;
}

/** Records a handler's outcome, only while `job`'s lease is still the one stored (else it is someone else's). */
export async function finishJob(database: Database, job: ClaimedJob, outcome: JobOutcome): Promise<void> {
  const j = database.t.jobs;
  const mine = and(eq(j.id, job.id), eq(j.lockedUntil, job.lockedUntil!));
  if (outcome === 'forget') await database.db.delete(j).where(mine);
  else if (outcome === 'done')
    await database.db.update(j).set({ doneAt: new Date(), lockedUntil: null }).where(mine);
  else await database.db.update(j).set({ lockedUntil: null, runAt: outcome.retryAt }).where(mine);
}
