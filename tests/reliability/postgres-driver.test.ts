import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

// Amiko runs postgres.js 3.4.9 with a patch (patches/postgres@3.4.9.patch; docs/decisions.md, "postgres.js,
// patched"): unpatched, a transaction's BEGIN written at the moment it fills a connection's pipeline does not
// reserve the connection (porsager/postgres#1189), so the transaction fails with UNSAFE_TRANSACTION or a
// TypeError while PostgreSQL keeps it open, and the connection goes back to the pool, where other queries
// then run inside it. These tests hit that moment on purpose; both fail without the patch. The patch also has the
// pool hand out the idle connection used last, where postgres.js took the one idle longest.

const url = process.env.TEST_DATABASE_URL;
/** How many queries a connection takes behind the one running: an option postgres.js's types leave out. */
const maxPipeline = (queries: number): object => ({ max_pipeline: queries });

describe.skipIf(!url)('postgres.js transactions at the pipeline boundary (patched)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('a transaction whose BEGIN fills the pipeline runs on its own connection (max_pipeline 0: every BEGIN does)', async () => {
    const sql = postgres(database.url, { max: 2, onnotice: () => undefined, ...maxPipeline(0) });
    try {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => sql.begin(async (tx) => (await tx`select ${i}::int as n`)[0]!.n)),
      );
      expect(results).toEqual([0, 1, 2, 3, 4, 5]);
    } finally {
      await sql.end();
    }
  });

  it('a query outside a transaction is never run inside it, when BEGIN was pipelined behind another query', async () => {
    // One connection taking one query behind the one running: BEGIN, sent while a query runs, is the one
    // that fills the pipeline.
    const sql = postgres(database.url, { max: 1, onnotice: () => undefined, ...maxPipeline(1) });
    try {
      await sql`create table boundary (v text)`;
      const running = sql`select pg_sleep(0.05)`.execute();
      const rolledBack = sql
        .begin(async (tx) => {
          await tx`insert into boundary values ('inside')`;
          await sleep(200);
          throw new Error('roll back');
        })
        .catch((error: Error) => error.message);
      await running;
      // Written while the transaction is open: it must wait for the connection, not join the transaction.
      await sql`insert into boundary values ('outside')`;
      expect(await rolledBack).toBe('roll back');
      expect((await sql`select v from boundary order by v`).map((row) => row.v)).toEqual(['outside']);
    } finally {
      await sql.end();
    }
  });

  it('hands out the idle connection used last: one after another, queries and transactions run on one backend', async () => {
    // A burst opens four connections; afterwards, at one query at a time, each went to the connection idle
    // longest, so every backend in turn, each with its caches gone cold (at 200 sends a second: a call's
    // median 1.4 ms against 1.0 on one backend, docs/performance.md).
    const sql = postgres(database.url, { max: 4, onnotice: () => undefined });
    const backend = async () => (await sql`select pg_backend_pid() as pid`)[0]!.pid as number;
    try {
      await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`));
      const pids = new Set<number>();
      for (let i = 0; i < 8; i += 1) {
        pids.add(await backend());
        pids.add(await sql.begin(async (tx) => (await tx`select pg_backend_pid() as pid`)[0]!.pid as number));
      }
      expect(pids.size).toBe(1);
    } finally {
      await sql.end();
    }
  });
});
