import { claimJob, type ClaimedJob, type Database, type Db } from '@amiko/db';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Deps } from '../context.ts';

// Background work in the database's jobs table, run by whichever server process claims it first
// (docs/decisions.md, "Background jobs"). A job is scheduled once per key, claimed with a lease, and marked
// done by the process holding the lease; one whose process died is claimed again when the lease runs out.

/**
 * What a handler did: done (kept, so the same key is not scheduled again), forget (the key is free again),
 * or `{ retryAt }`: not done yet, to be claimed again then (a handler with its own schedule of retries, such
 * as mail delivery; a handler that throws is retried on the generic schedule below).
 */
export type JobOutcome = 'done' | 'forget' | { retryAt: Date };

export type JobHandler = (deps: Deps, job: ClaimedJob) => Promise<JobOutcome>;

/** How often a job is tried before it is given up (logged as an error). */
const MAX_ATTEMPTS = 5;

/** A job as scheduled: its key is unique; `memberId` lets the member's jobs be found. */
export interface NewJob {
  kind: string;
  key: string;
  memberId?: string;
  payload?: Record<string, unknown>;
}

/**
 * Schedules a job unless one with the same key exists (done or not). Runs on `connection`, so it can be
 * part of the transaction that makes it necessary.
 */
export async function scheduleJob(
  deps: Deps,
  job: NewJob & { runAt: Date },
  connection: Db = deps.database.db,
): Promise<void> {
  await connection
    .insert(deps.database.t.jobs)
    .values({ ...job, createdAt: new Date() })
    .onConflictDoNothing();
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

export interface JobRunner {
  /** Claims and runs every due job now (the runner's loop calls it; tests may too). */
  runDue(): Promise<number>;
  /** Stops polling and waits for the job in progress. */
  stop(): Promise<void>;
}

/**
 * Polls for due jobs every `pollMs` and runs them one at a time. `leaseMs` must be longer than a handler
 * takes: a lease that runs out while its handler still works lets another process run the job again.
 */
export function startJobRunner(
  deps: Deps,
  options: { pollMs: number; leaseMs: number; handlers: Record<string, JobHandler> },
): JobRunner {
  const { database, log } = deps;
  let stopped = false;
  let running: Promise<number> | null = null;

  async function fail(job: ClaimedJob, error: unknown): Promise<void> {
    const givingUp = job.attempts >= MAX_ATTEMPTS;
    log.error({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts, givingUp }, 'job failed');
    await finishJob(
      database,
      job,
      givingUp ? 'done' : { retryAt: new Date(Date.now() + 2 ** job.attempts * 1000) },
    );
  }

  async function runDue(): Promise<number> {
    let count = 0;
    while (!stopped) {
      const job = await claimJob(database, new Date(), options.leaseMs);
      if (!job) break;
      count += 1;
      const handler = options.handlers[job.kind];
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await finishJob(database, job, await handler(deps, job));
      } catch (error) {
        await fail(job, error).catch((e: unknown) => log.error({ err: e }, 'job failure not recorded'));
      }
    }
    return count;
  }

  function tick(): Promise<number> {
    running ??= runDue()
      .catch((error: unknown) => {
        log.error({ err: error }, 'jobs not claimed');
        return 0;
      })
      .finally(() => (running = null));
    return running;
  }

  const timer = setInterval(() => void tick(), options.pollMs);
  timer.unref();
  return {
    runDue: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
