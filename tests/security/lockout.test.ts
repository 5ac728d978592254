// Issue 17 item 4: wrong passwords for an account from one address lock that address out of the account,
// not the owner signing in from their own address. Two real source addresses: Linux routes all of
// 127.0.0.0/8 to the loopback device, so a client bound to 127.0.0.2 reaches the server on 127.0.0.1 and the
// server (not behind a proxy: TRUST_PROXY unset) sees 127.0.0.2 as the socket's address.
// Issue 28 item 8: guesses from many networks fill the account's ceiling for unknown browsers, but a browser
// that signed in to the account before (its device cookie, after OWASP) is limited on its own: the owner on
// a known browser always gets in. Behind a proxy (TRUST_PROXY), each request names its IPv6 address.
import { request } from 'node:http';
import { DEFAULT_RATE_LIMITS } from '@amiko/api';
import { DEVICE_COOKIE, DEVICE_COOKIE_TTL_MS } from '@amiko/core';
import { afterEach, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, freshEmail } from '../api/accounts-support.ts';
import { createTestDatabase } from '../support/database.ts';
import { createMember, TEST_PASSWORD } from '../support/members.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/server.ts';

let ts: TestServer | null = null;
afterEach(async () => {
  await ts?.stop();
  ts = null;
});

/** Signs in through the HTTP API from a given local (source) address; returns the HTTP status. */
function signInFrom(
  server: TestServer,
  localAddress: string,
  email: string,
  password: string,
): Promise<number> {
  const url = new URL('/trpc/auth.signIn', server.url);
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const ATTACKER = '127.0.0.2';
const OWNER = '127.0.0.1';

describe('sign-in lockout', () => {
  it('locks the guessing address out of the account, and lets the owner in from their own address', async () => {
    ts = await startTestServer({ realRateLimits: true });
    const owner = await createMember(ts);
    const max = DEFAULT_RATE_LIMITS['signIn:ipAccount'].max;
    for (let i = 0; i < max; i += 1)
      expect(await signInFrom(ts, ATTACKER, owner.email, 'Wrong-pass-1')).toBe(401);
    // The attacker's address is locked out of the account, even with the right password.
    expect(await signInFrom(ts, ATTACKER, owner.email, 'Wrong-pass-1')).toBe(429);
    expect(await signInFrom(ts, ATTACKER, owner.email, TEST_PASSWORD)).toBe(429);
    // The owner, from another address, signs in.
    expect(await signInFrom(ts, OWNER, owner.email, TEST_PASSWORD)).toBe(200);
  });

  it('still limits one address across accounts', async () => {
    ts = await startTestServer({ realRateLimits: true });
    const max = DEFAULT_RATE_LIMITS['signIn:ip'].max;
    for (let i = 0; i < max; i += 1) {
      expect(await signInFrom(ts, ATTACKER, `nobody${i}@example.com`, 'Wrong-pass-1')).not.toBe(429);
    }
    expect(await signInFrom(ts, ATTACKER, 'nobody-more@example.com', 'Wrong-pass-1')).toBe(429);
    // Another address is not affected.
    expect(await signInFrom(ts, OWNER, 'nobody0@example.com', 'Wrong-pass-1')).not.toBe(429);
  });

  it('keeps a ceiling for the account alone, far above the per-address one', async () => {
    expect(DEFAULT_RATE_LIMITS['signIn:account'].max).toBeGreaterThanOrEqual(
      5 * DEFAULT_RATE_LIMITS['signIn:ipAccount'].max,
    );
    // The ceiling, made small here, counts attempts from every address.
    ts = await startTestServer({
      realRateLimits: true,
      env: { RATE_LIMITS: JSON.stringify({ 'signIn:account': { max: 4, windowMs: 60_000 } }) },
    });
    const owner = await createMember(ts);
    for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5']) {
      expect(await signInFrom(ts, address, owner.email, 'Wrong-pass-1')).toBe(401);
    }
    expect(await signInFrom(ts, OWNER, owner.email, TEST_PASSWORD)).toBe(429);
  });
});

/** Signs in through the HTTP API as one browser (its cookies), from the address the proxy reports. */
async function signInAs(
  browser: TestClient,
  address: string,
  email: string,
  password: string,
): Promise<number> {
  const response = await browser.http.fetch('/trpc/auth.signIn', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The cookie with its last character changed. */
const altered = (cookie: string) => `${cookie.slice(0, -1)}${cookie.endsWith('0') ? '1' : '0'}`;

/** A browser that has never signed in (no cookies). */
const unknownBrowser = () => ts!.client();

/** Wrong passwords for the account from `networks` IPv6 /64 networks, `each` from every one; their statuses. */
async function guess(email: string, networks: number, each: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let network = 0; network < networks; network += 1) {
    for (let i = 1; i <= each; i += 1) {
      statuses.push(await signInAs(unknownBrowser(), `2001:db8:${network}::${i}`, email, 'Wrong-pass-1'));
    }
  }
  return statuses;
}

describe('sign-in from a known browser (device cookies)', () => {
  it('lets the owner in on their browser after ten /64 networks guessed ten times each', async () => {
    ts = await startTestServer({ realRateLimits: true, env: { TRUST_PROXY: 'true' } });
    const owner = await createMember(ts);
    const ownersBrowser = ts.client();
    expect(await signInAs(ownersBrowser, '2001:db8:ffff::1', owner.email, TEST_PASSWORD)).toBe(200);
    expect(ownersBrowser.http.cookies.get(DEVICE_COOKIE)).toMatch(new RegExp(`^${owner.id}\\.`));

    // The review's attack: each network stays under its own limit, together they reach the account's ceiling.
    const each = DEFAULT_RATE_LIMITS['signIn:ipAccount'].max;
    const networks = DEFAULT_RATE_LIMITS['signIn:account'].max / each;
    expect(networks).toBe(10);
    const statuses = await guess(owner.email, networks, each);
    expect(statuses).not.toContain(200);
    expect(statuses.at(-1)).toBe(429);
    // Unknown browsers are locked out, even with the right password, from any network.
    expect(await signInAs(unknownBrowser(), '2001:db8:aaaa::1', owner.email, TEST_PASSWORD)).toBe(429);

    // The owner's browser signs in, from its own network and from one of the attacker's.
    expect(await signInAs(ownersBrowser, '2001:db8:ffff::1', owner.email, TEST_PASSWORD)).toBe(200);
    expect(await signInAs(ownersBrowser, '2001:db8:0::77', owner.email, TEST_PASSWORD)).toBe(200);
    expect((await ownersBrowser.trpc.auth.me.query())?.id).toBe(owner.id);
  });

  it('gives a forged cookie, or one of another account, nothing', async () => {
    ts = await startTestServer({
      realRateLimits: true,
      env: {
        TRUST_PROXY: 'true',
        RATE_LIMITS: JSON.stringify({ 'signIn:account': { max: 3, windowMs: 60_000 } }),
      },
    });
    const owner = await createMember(ts);
    const attacker = await createMember(ts);
    // The attacker's browser is known, to the attacker's own account.
    const attackersBrowser = ts.client();
    expect(await signInAs(attackersBrowser, '2001:db8:eeee::1', attacker.email, TEST_PASSWORD)).toBe(200);
    const attackersCookie = attackersBrowser.http.cookies.get(DEVICE_COOKIE)!;
    const [, nonce, signature] = attackersCookie.split('.');
    const ownersBrowser = ts.client();
    expect(await signInAs(ownersBrowser, '2001:db8:ffff::1', owner.email, TEST_PASSWORD)).toBe(200);

    expect(await guess(owner.email, 3, 1)).toEqual([401, 401, 429]);
    expect(await signInAs(attackersBrowser, '2001:db8:eeee::1', owner.email, TEST_PASSWORD)).toBe(429);
    for (const forged of [
      `${owner.id}.${nonce}.${signature}`,
      `${owner.id}.${'a'.repeat(24)}.${'0'.repeat(64)}`,
      altered(ownersBrowser.http.cookies.get(DEVICE_COOKIE)!),
      'junk',
    ]) {
      const browser = unknownBrowser();
      browser.http.cookies.set(DEVICE_COOKIE, forged);
      expect(await signInAs(browser, '2001:db8:dddd::1', owner.email, TEST_PASSWORD), forged).toBe(429);
    }
    expect(await signInAs(ownersBrowser, '2001:db8:ffff::1', owner.email, TEST_PASSWORD)).toBe(200);
  });

  it('limits a known browser on its own, and trusts it afresh after each sign-in', async () => {
    ts = await startTestServer({ realRateLimits: true, env: { TRUST_PROXY: 'true' } });
    const owner = await createMember(ts);
    const [lost, other] = [ts.client(), ts.client()];
    for (const browser of [lost, other]) {
      expect(await signInAs(browser, '2001:db8:ffff::1', owner.email, TEST_PASSWORD)).toBe(200);
    }
    const before = other.http.cookies.get(DEVICE_COOKIE);
    expect(await signInAs(other, '2001:db8:ffff::1', owner.email, TEST_PASSWORD)).toBe(200);
    expect(other.http.cookies.get(DEVICE_COOKIE)).not.toBe(before);

    // Someone with the lost browser guesses until it is locked out, even with the right password...
    const max = DEFAULT_RATE_LIMITS['signIn:device'].max;
    for (let i = 0; i < max; i += 1) {
      expect(await signInAs(lost, `2001:db8:${i}::1`, owner.email, 'Wrong-pass-1')).toBe(401);
    }
    expect(await signInAs(lost, '2001:db8:ffff::1', owner.email, TEST_PASSWORD)).toBe(429);
    // ...which neither the owner's other browser nor unknown browsers (their own limits) notice.
    expect(await signInAs(other, '2001:db8:ffff::1', owner.email, TEST_PASSWORD)).toBe(200);
    expect(await signInAs(unknownBrowser(), '2001:db8:ffff::1', owner.email, TEST_PASSWORD)).toBe(200);
  });

  it('trusts no browser any more after a change of password', async () => {
    ts = await startTestServer({
      realRateLimits: true,
      env: {
        TRUST_PROXY: 'true',
        RATE_LIMITS: JSON.stringify({ 'signIn:account': { max: 2, windowMs: 60_000 } }),
      },
    });
    const owner = await createMember(ts);
    const browser = ts.client();
    expect(await signInAs(browser, '2001:db8:ffff::1', owner.email, TEST_PASSWORD)).toBe(200);
    await browser.trpc.account.changePassword.mutate({
      currentPassword: TEST_PASSWORD,
      newPassword: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    });
    expect(await guess(owner.email, 2, 1)).toEqual([401, 429]);
    expect(await signInAs(browser, '2001:db8:ffff::1', owner.email, STRONG_PASSWORD)).toBe(429);
  });

  it('trusts the browser in another server process on the same database (and so after a restart)', async () => {
    const database = await createTestDatabase();
    const env = {
      TRUST_PROXY: 'true',
      RATE_LIMITS: JSON.stringify({ 'signIn:account': { max: 1, windowMs: 60_000 } }),
    };
    const first = await startTestServer({ realRateLimits: true, env, database });
    try {
      ts = await startTestServer({ realRateLimits: true, env, database });
      const owner = await createMember(ts);
      const signedIn = first.client();
      expect(await signInAs(signedIn, '2001:db8:ffff::1', owner.email, TEST_PASSWORD)).toBe(200);
      expect(await guess(owner.email, 2, 1)).toEqual([401, 429]);
      const browser = ts.client();
      browser.http.cookies.set(DEVICE_COOKIE, signedIn.http.cookies.get(DEVICE_COOKIE)!);
      expect(await signInAs(browser, '2001:db8:ffff::1', owner.email, TEST_PASSWORD)).toBe(200);
    } finally {
      await ts?.stop();
      ts = null;
      await first.stop();
      await database.drop();
    }
  });

  it('is an HttpOnly, SameSite=Lax cookie for a year, with the __Host- prefix and Secure in production', async () => {
    ts = await startTestServer();
    const owner = await createMember(ts);
    const signIn = await ts.client().http.fetch('/trpc/auth.signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: TEST_PASSWORD }),
    });
    const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Secure/i);
    const expires = new Date(/Expires=([^;]+)/i.exec(cookie)![1]!).getTime();
    expect(Math.abs(expires - (Date.now() + DEVICE_COOKIE_TTL_MS))).toBeLessThan(60_000);
    await ts.stop();

    ts = await startTestServer({ env: { NODE_ENV: 'production' } });
    const signUp = await ts.client().http.fetch('/trpc/auth.signUp', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'P', email: freshEmail(), password: STRONG_PASSWORD }),
    });
    expect(signUp.status).toBe(200);
    const secure = signUp.headers.getSetCookie().find((c) => c.startsWith(`__Host-${DEVICE_COOKIE}=`))!;
    expect(secure).toMatch(/; Secure/i);
    expect(secure).toMatch(/; HttpOnly/i);
    expect(secure).not.toMatch(/Domain=/i);
  });
});
