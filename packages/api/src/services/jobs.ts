import { claimJob, type ClaimedJob, type Db } from '@amiko/db';
import type { Deps } from '../context.ts';
import { finishJob, type JobOutcome, type NewJob } from './job-queue.ts';

// Background work in the database's jobs table, run by whichever server process claims it first
// (docs/decisions.md, "Background jobs"). A job is scheduled once per key, claimed with a lease, and marked
// done by the process holding the lease; one whose process died is claimed again when the lease runs out.
// The queue's own operations are in job-queue.ts; here the runner and what a handler is.

export type JobHandler = (deps: Deps, job: ClaimedJob) => Promise<JobOutcome>;

/** How often a job is tried before it is given up (logged as an error). */
const MAX_ATTEMPTS = 5;

/**
 * Schedules a job unless one with the same key exists (done or not). Runs on `connection`, so it can be
 * part of the transaction that makes it necessary.
 */
export function scheduleJob(
  deps: Deps,
  job: NewJob & { runAt: Date },
  connection: Db = deps.database.db,
): Promise<void> {
  return scheduleJobs(deps, [job], connection);
}

/** Schedules several jobs as scheduleJob does, in one statement. */
export async function scheduleJobs(
  deps: Deps,
  jobs: readonly (NewJob & { runAt: Date })[],
  connection: Db = deps.database.db,
): Promise<void> {
  if (jobs.length === 0) return;
  const createdAt = new Date();
  await connection
    .insert(deps.database.t.jobs)
    .values(jobs.map((job) => ({ ...job, createdAt })))
    .onConflictDoNothing();
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
