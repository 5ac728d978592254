// Issue 17 item 2: early-access places go to members, not sign-ups. Throwaway sign-ups take no place (a
// place is taken when the address is verified), and the per-address sign-up limit counts an IPv6 address
// by its /64, so one machine cannot sign up without end by changing the last bits of its address.
import { readFileSync } from 'node:fs';
import { addressBucket, DEFAULT_RATE_LIMITS } from '@amiko/api';
import { seedMembers } from '@amiko/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLinkIn, latestMailTo, signUpMember, STRONG_PASSWORD } from '../api/accounts-support.ts';
import { insertMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

describe('early-access places', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts.stop());

  const placesTaken = async () => (await ts.client().trpc.meta.memberCount.query()).count;

  it('are not taken by sign-ups that never verify their address', async () => {
    const before = await placesTaken();
    const thieves = await Promise.all(Array.from({ length: 20 }, () => signUpMember(ts)));
    for (const { client } of thieves) {
      expect(await client.trpc.auth.me.query()).toMatchObject({ emailVerified: false, hasFreeAccess: false });
    }
    expect(await placesTaken()).toBe(before);
  });

  it('are taken when the address is verified, once, and the public number counts them', async () => {
    const before = await placesTaken();
    const { client, email } = await signUpMember(ts);
    const { code } = actionLinkIn(await latestMailTo(ts, email));
    await ts.client().trpc.auth.verifyEmail.mutate({ code });
    expect(await client.trpc.auth.me.query()).toMatchObject({ emailVerified: true, hasFreeAccess: true });
    expect(await placesTaken()).toBe(before + 1);
    // A reset link proves the address again: no second place.
    await ts.client().trpc.auth.requestPasswordReset.mutate({ email });
    const reset = actionLinkIn(await latestMailTo(ts, email));
    await ts.client().trpc.auth.resetPassword.mutate({ code: reset.code, password: `${STRONG_PASSWORD}!` });
    expect(await placesTaken()).toBe(before + 1);
  });

  it('are not taken by demo members: the public number and the places granted stay one count (issue 18.9)', async () => {
    const before = await placesTaken();
    await seedMembers(ts.server.database, { count: 40, photoKeys: [], seed: 18 });
    expect(await placesTaken()).toBe(before);
    // The next member to verify still gets the next place, and the number says so.
    const { client, email } = await signUpMember(ts);
    await ts
      .client()
      .trpc.auth.verifyEmail.mutate({ code: actionLinkIn(await latestMailTo(ts, email)).code });
    expect(await client.trpc.auth.me.query()).toMatchObject({ hasFreeAccess: true });
    expect(await placesTaken()).toBe(before + 1);
  });

  it('are not granted past the limit', async () => {
    const { db, t } = ts.server.database;
    const [counter] = await db.select().from(t.appCounters).where(eq(t.appCounters.name, 'earlyAccess'));
    await db.update(t.appCounters).set({ value: 500 }).where(eq(t.appCounters.name, 'earlyAccess'));
    try {
      const { client, email } = await signUpMember(ts);
      await ts
        .client()
        .trpc.auth.verifyEmail.mutate({ code: actionLinkIn(await latestMailTo(ts, email)).code });
      expect(await client.trpc.auth.me.query()).toMatchObject({ emailVerified: true, hasFreeAccess: false });
      expect(await placesTaken()).toBe(500);
    } finally {
      await db
        .update(t.appCounters)
        .set({ value: counter!.value })
        .where(eq(t.appCounters.name, 'earlyAccess'));
    }
  });
});

describe('the migration to places on verification', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts.stop());

  it('gives back the places of members who never verified and recounts the places held', async () => {
    const { db, t, raw } = ts.server.database;
    const unverified = await insertMember(ts.server.database, { verified: false, access: 'free' });
    const verified = await insertMember(ts.server.database, { verified: true, access: 'free' });
    await db.update(t.appCounters).set({ value: 7 }).where(eq(t.appCounters.name, 'earlyAccess'));
    // The migration as shipped, run again on this database (it only updates, so it may run twice).
    const file = raw.kind === 'sqlite' ? 'sqlite/0005' : 'pg/0007';
    const sql = readFileSync(
      new URL(`../../packages/db/migrations/${file}_release_unverified_places.sql`, import.meta.url),
      'utf8',
    );
    for (const statement of sql.split('--> statement-breakpoint')) {
      if (raw.kind === 'sqlite') raw.client.exec(statement);
      else await raw.client.unsafe(statement);
    }
    const free = async (id: string) =>
      (await db.select({ free: t.members.hasFreeAccess }).from(t.members).where(eq(t.members.id, id)))[0]!
        .free;
    expect(await free(unverified.id)).toBe(false);
    expect(await free(verified.id)).toBe(true);
    const held = await db
      .select({ id: t.members.id })
      .from(t.members)
      .where(eq(t.members.hasFreeAccess, true));
    expect((await ts.client().trpc.meta.memberCount.query()).count).toBe(held.length);
  });
});

describe('the per-address sign-up limit', () => {
  let ts: TestServer;
  beforeAll(async () => {
    // Behind a proxy, as in production: the address is the one the proxy reports.
    ts = await startTestServer({ realRateLimits: true, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => ts.stop());

  let n = 0;
  async function signUpFrom(address: string): Promise<number> {
    n += 1;
    const response = await fetch(`${ts.url}/trpc/auth.signUp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ts.url, 'x-forwarded-for': address },
      body: JSON.stringify({ name: 'Sam', email: `v6-${n}@example.com`, password: STRONG_PASSWORD }),
    });
    return response.status;
  }

  it('counts every IPv6 address of one /64 as one address', async () => {
    const max = DEFAULT_RATE_LIMITS['signUp:ip'].max;
    for (let i = 1; i <= max; i += 1) expect(await signUpFrom(`2001:db8:1:2::${i.toString(16)}`)).toBe(200);
    expect(await signUpFrom('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(429);
    expect(await signUpFrom('2001:0db8:0001:0002:abcd::1')).toBe(429);
    // The next /64 is someone else.
    expect(await signUpFrom('2001:db8:1:3::1')).toBe(200);
  });

  it('keeps IPv4 addresses (also written as IPv4-mapped IPv6) apart', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('2001:DB8:0:0:1::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
