import { EARLY_ACCESS_LIMIT } from '@amiko/core';
import { openDatabase } from '@amiko/db';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { spawnAmiko } from '../support/amiko-process.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../support/database.ts';
import { startTestServer } from '../support/server.ts';
import { STRONG_PASSWORD } from './accounts-support.ts';

// SPEC §1: the first 500 members get everything free. 600 people sign up at the same moment; exactly 500
// of them must get hasFreeAccess, however the requests interleave.
const SIGN_UPS = 600;

const signUpBody = (run: string, i: number) =>
  JSON.stringify({ name: `Racer ${i}`, email: `racer${i}-${run}@example.com`, password: STRONG_PASSWORD });

/** Signs up through the HTTP API of a server, as a browser on that origin would. */
async function signUpAt(url: string, body: string): Promise<{ hasFreeAccess: boolean }> {
  const response = await fetch(`${url}/trpc/auth.signUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body,
  });
  const json = (await response.json()) as { result?: { data: { hasFreeAccess: boolean } }; error?: unknown };
  if (!json.result) throw new Error(`sign-up failed (${response.status}): ${JSON.stringify(json.error)}`);
  return json.result.data;
}

async function countsIn(testDb: TestDatabase) {
  const database = openDatabase({ url: testDb.url });
  try {
    const { db, t } = database;
    const [members] = await db.select({ n: count() }).from(t.members);
    const [free] = await db.select({ n: count() }).from(t.members).where(eq(t.members.hasFreeAccess, true));
    const [counter] = await db.select().from(t.appCounters).where(eq(t.appCounters.name, 'earlyAccess'));
    return { members: members!.n, free: free!.n, counter: counter!.value };
  } finally {
    await database.close();
  }
}

describe(`early access on ${testDialect()}`, () => {
  it(`gives exactly ${EARLY_ACCESS_LIMIT} of ${SIGN_UPS} concurrent sign-ups free access (one server)`, async () => {
    const ts = await startTestServer();
    try {
      const started = performance.now();
      const results = await Promise.all(
        Array.from({ length: SIGN_UPS }, (_, i) => signUpAt(ts.url, signUpBody('one', i))),
      );
      console.log(
        `[early access] ${SIGN_UPS} sign-ups, one process, ${testDialect()}: ${Math.round(performance.now() - started)} ms`,
      );
      expect(results.filter((r) => r.hasFreeAccess)).toHaveLength(EARLY_ACCESS_LIMIT);
      expect(await countsIn(ts.db)).toEqual({
        members: SIGN_UPS,
        free: EARLY_ACCESS_LIMIT,
        counter: EARLY_ACCESS_LIMIT,
      });
      expect(await ts.client().trpc.meta.memberCount.query()).toEqual({ count: SIGN_UPS });
    } finally {
      await ts.stop();
    }
  }, 120_000);

  it(`gives exactly ${EARLY_ACCESS_LIMIT} of ${SIGN_UPS} concurrent sign-ups free access (two server processes, one database)`, async () => {
    const database = await createTestDatabase();
    const servers = await Promise.all([
      spawnAmiko({ database, keepDatabase: true }),
      spawnAmiko({ database, keepDatabase: true }),
    ]);
    try {
      const started = performance.now();
      const results = await Promise.all(
        Array.from({ length: SIGN_UPS }, (_, i) => signUpAt(servers[i % 2]!.url, signUpBody('two', i))),
      );
      console.log(
        `[early access] ${SIGN_UPS} sign-ups, two processes, ${testDialect()}: ${Math.round(performance.now() - started)} ms`,
      );
      expect(results.filter((r) => r.hasFreeAccess)).toHaveLength(EARLY_ACCESS_LIMIT);
      // Both processes handed out places.
      expect(results.filter((r, i) => r.hasFreeAccess && i % 2 === 0).length).toBeGreaterThan(0);
      expect(results.filter((r, i) => r.hasFreeAccess && i % 2 === 1).length).toBeGreaterThan(0);
      expect(await countsIn(database)).toEqual({
        members: SIGN_UPS,
        free: EARLY_ACCESS_LIMIT,
        counter: EARLY_ACCESS_LIMIT,
      });
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await database.drop();
    }
  }, 180_000);
});
