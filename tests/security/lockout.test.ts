// Issue 17 item 4: wrong passwords for an account from one address lock that address out of the account,
// not the owner signing in from their own address. Two real source addresses: Linux routes all of
// 127.0.0.0/8 to the loopback device, so a client bound to 127.0.0.2 reaches the server on 127.0.0.1 and the
// server (not behind a proxy: TRUST_PROXY unset) sees 127.0.0.2 as the socket's address.
import { request } from 'node:http';
import { DEFAULT_RATE_LIMITS } from '@amiko/api';
import { afterEach, describe, expect, it } from 'vitest';
import { createMember, TEST_PASSWORD } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

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
