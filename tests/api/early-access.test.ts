import { EARLY_ACCESS_LIMIT } from '@amiko/core';
import { createOneTimeToken } from '@amiko/auth';
import { openDatabase } from '@amiko/db';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { spawnAmiko } from '../support/amiko-process.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../support/database.ts';
import { startTestServer } from '../support/server.ts';
import { STRONG_PASSWORD } from './accounts-support.ts';

// SPEC §1: the first 500 members get everything free. A place is taken when the address is verified, not at
// sign-up (issue 17 item 2). 600 people sign up, then all verify at the same moment; exactly 500 of them
// must get hasFreeAccess, however the requests interleave.
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

/** Posts a verification code to a server, as the /auth-action page does. */
async function verifyAt(url: string, code: string): Promise<void> {
  const response = await fetch(`${url}/trpc/auth.verifyEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ code }),
  });
  if (response.status !== 200)
    throw new Error(`verification failed (${response.status}): ${await response.text()}`);
}

/** A verification code for every member (what the sign-up mails carry; minted directly, 600 mails are slow to read). */
async function verificationCodes(testDb: TestDatabase): Promise<{ email: string; code: string }[]> {
  const database = openDatabase({ url: testDb.url });
  try {
    const { db, t } = database;
    const members = await db.select({ id: t.members.id, email: t.members.email }).from(t.members);
    return await Promise.all(
      members.map(async (m) => ({
        email: m.email!,
        code: await createOneTimeToken(db, t, {
          memberId: m.id,
          purpose: 'verifyEmail',
          email: m.email!,
          ttlMs: 3_600_000,
        }),
      })),
    );
  } finally {
    await database.close();
  }
}

async function freeAccessOf(testDb: TestDatabase, emails: string[]): Promise<boolean[]> {
  const database = openDatabase({ url: testDb.url });
  try {
    const { db, t } = database;
    const rows = await db.select({ email: t.members.email, free: t.members.hasFreeAccess }).from(t.members);
    const byEmail = new Map(rows.map((r) => [r.email, r.free]));
    return emails.map((email) => byEmail.get(email) ?? false);
  } finally {
    await database.close();
  }
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
  it(`gives exactly ${EARLY_ACCESS_LIMIT} of ${SIGN_UPS} concurrent verifications free access (one server)`, async () => {
    const ts = await startTestServer();
    try {
      const signUps = await Promise.all(
        Array.from({ length: SIGN_UPS }, (_, i) => signUpAt(ts.url, signUpBody('one', i))),
      );
      // Signing up takes no place.
      expect(signUps.filter((r) => r.hasFreeAccess)).toHaveLength(0);
      expect(await ts.client().trpc.meta.memberCount.query()).toEqual({ count: 0 });
      const codes = await verificationCodes(ts.db);
      const started = performance.now();
      await Promise.all(codes.map(({ code }) => verifyAt(ts.url, code)));
      console.log(
        `[early access] ${SIGN_UPS} verifications, one process, ${testDialect()}: ${Math.round(performance.now() - started)} ms`,
      );
      expect(await countsIn(ts.db)).toEqual({
        members: SIGN_UPS,
        free: EARLY_ACCESS_LIMIT,
        counter: EARLY_ACCESS_LIMIT,
      });
      // The public number is the very count the places were granted from.
      expect(await ts.client().trpc.meta.memberCount.query()).toEqual({ count: EARLY_ACCESS_LIMIT });
    } finally {
      await ts.stop();
    }
  }, 120_000);

  it(`gives exactly ${EARLY_ACCESS_LIMIT} of ${SIGN_UPS} concurrent verifications free access (two server processes, one database)`, async () => {
    const database = await createTestDatabase();
    const servers = await Promise.all([
      spawnAmiko({ database, keepDatabase: true }),
      spawnAmiko({ database, keepDatabase: true }),
    ]);
    try {
      await Promise.all(
        Array.from({ length: SIGN_UPS }, (_, i) => signUpAt(servers[i % 2]!.url, signUpBody('two', i))),
      );
      const codes = await verificationCodes(database);
      const started = performance.now();
      // Member i verifies at process i % 2.
      await Promise.all(codes.map(({ code }, i) => verifyAt(servers[i % 2]!.url, code)));
      const results = (
        await freeAccessOf(
          database,
          codes.map((c) => c.email),
        )
      ).map((hasFreeAccess) => ({
        hasFreeAccess,
      }));
      console.log(
        `[early access] ${SIGN_UPS} verifications, two processes, ${testDialect()}: ${Math.round(performance.now() - started)} ms`,
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
