import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SESSION_COOKIE, SESSION_RENEW_WITHIN_MS, SESSION_TTL_MS } from '@amiko/core';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  STRONG_PASSWORD,
  clientWithCookie,
  freshEmail,
  sessionCookie,
  signUpMember,
} from './accounts-support.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

const DAY = 24 * 60 * 60 * 1000;

describe('sign-up', () => {
  it('creates an unverified member with an Argon2id hash, signs them in and answers with their session state', async () => {
    const email = freshEmail();
    const client = ts.client();
    const me = await client.trpc.auth.signUp.mutate({
      name: ' Ana ',
      email: email.toUpperCase(),
      password: STRONG_PASSWORD,
    });
    expect(me).toMatchObject({ name: 'Ana', email, emailVerified: false, hasPaid: false });
    expect(await client.trpc.auth.me.query()).toMatchObject({ id: me.id, email });
    const { db, t } = ts.server.database;
    const [row] = await db.select().from(t.members).where(eq(t.members.id, me.id));
    // OWASP's Argon2id minimum: 19 MiB, 2 iterations, 1 lane.
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain(STRONG_PASSWORD);
  });

  it('answers with the SPEC §5 texts for missing and malformed fields', async () => {
    const visitor = ts.client();
    const empty = await failure(visitor.trpc.auth.signUp.mutate({ name: '', email: '', password: '' }));
    expect(empty.data?.fieldErrors).toEqual({
      name: 'auth:errors.nameRequired',
      email: 'auth:errors.emailRequired',
      password: 'auth:errors.passwordRequired',
    });
    const weakRules = await failure(
      visitor.trpc.auth.signUp.mutate({ name: 'A', email: '9lives@example.com', password: 'abcdefgh' }),
    );
    expect(weakRules.data?.fieldErrors).toEqual({
      email: 'auth:errors.invalidEmailFormat',
      password: 'auth:errors.passwordComplexity',
    });
  });

  it('refuses passwords missing any character class, whatever else they contain', async () => {
    const visitor = ts.client();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(/\p{Lu}/gu, /\p{Ll}/gu, /\p{Nd}/gu, /[^\p{L}\p{Nd}\s]/gu),
        fc.string({ minLength: 8, maxLength: 40 }),
        async (withoutClass, raw) => {
          const password = `Aa1!${raw}Zz9?`.replace(withoutClass, '');
          if (password.length < 8) return;
          const error = await failure(
            visitor.trpc.auth.signUp.mutate({ name: 'A', email: freshEmail(), password }),
          );
          expect(error.data?.fieldErrors?.password).toBe('auth:errors.passwordComplexity');
        },
      ),
      { numRuns: 25 },
    );
  });

  it('maps server refusals to SPEC §8: email in use, invalid email, weak password', async () => {
    const { email } = await signUpMember(ts);
    const visitor = ts.client();
    const inUse = await failure(
      visitor.trpc.auth.signUp.mutate({ name: 'B', email: email.toUpperCase(), password: STRONG_PASSWORD }),
    );
    expect(inUse.message).toBe('auth:errors.emailInUse');
    expect(inUse.data?.fieldErrors).toEqual({ email: 'auth:errors.emailInUse' });
    const invalid = await failure(
      visitor.trpc.auth.signUp.mutate({ name: 'B', email: 'ana..b@example.com', password: STRONG_PASSWORD }),
    );
    expect(invalid.data?.fieldErrors).toEqual({ email: 'auth:errors.invalidEmail' });
    const weak = await failure(
      visitor.trpc.auth.signUp.mutate({ name: 'B', email: freshEmail(), password: 'Password1!' }),
    );
    expect(weak.data?.fieldErrors).toEqual({ password: 'auth:errors.weakPasswordCommon' });
    const ownName = await failure(
      visitor.trpc.auth.signUp.mutate({ name: 'Gabriele', email: freshEmail(), password: 'Gabriele-1990' }),
    );
    // The refusal says why (issue 18.7): the password is made of the member's name, or of the address.
    expect(ownName.message).toBe('auth:errors.weakPasswordPersonal');
    expect(ownName.data?.fieldErrors).toEqual({ password: 'auth:errors.weakPasswordPersonal' });
    const local = `lanternkeeper${Date.now()}`;
    const ownAddress = await failure(
      visitor.trpc.auth.signUp.mutate({
        name: 'B',
        email: `${local}@example.com`,
        password: `X-${local}-9!`,
      }),
    );
    expect(ownAddress.data?.fieldErrors).toEqual({ password: 'auth:errors.weakPasswordPersonal' });
  });
});

describe('sign-in', () => {
  it('answers "No user found" and "Incorrect password" (SPEC §8)', async () => {
    const { email } = await signUpMember(ts);
    const visitor = ts.client();
    const unknown = await failure(
      visitor.trpc.auth.signIn.mutate({ email: freshEmail(), password: STRONG_PASSWORD }),
    );
    expect(unknown.message).toBe('auth:errors.userNotFound');
    expect(unknown.data?.fieldErrors).toEqual({ email: 'auth:errors.userNotFound' });
    const wrong = await failure(visitor.trpc.auth.signIn.mutate({ email, password: 'Wrong-pass-1' }));
    expect(wrong.message).toBe('auth:errors.wrongPassword');
    expect(wrong.data?.fieldErrors).toEqual({ password: 'auth:errors.wrongPassword' });
    expect(sessionCookie(visitor)).toBeUndefined();
    expect(await visitor.trpc.auth.me.query()).toBeNull();
  });

  it('starts a new session at every sign-in and ends the one the browser had', async () => {
    const { email, password } = await signUpMember(ts);
    const browser = ts.client();
    await browser.trpc.auth.signIn.mutate({ email, password });
    const first = sessionCookie(browser)!;
    await browser.trpc.auth.signIn.mutate({ email: email.toUpperCase(), password });
    const second = sessionCookie(browser)!;
    expect(second).not.toBe(first);
    expect(await clientWithCookie(ts, first).trpc.auth.me.query()).toBeNull();
    expect(await clientWithCookie(ts, second).trpc.auth.me.query()).toMatchObject({ email });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie for 30 days, as "<id>.<secret>"', async () => {
    const { email, password } = await signUpMember(ts);
    const response = await ts.client().http.fetch('/trpc/auth.signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[a-z2-9]{24}\\.[a-z2-9]{24};`));
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Secure/i); // not in development or tests (plain http)
    const expires = new Date(/Expires=([^;]+)/i.exec(cookie)![1]!).getTime();
    expect(Math.abs(expires - (Date.now() + SESSION_TTL_MS))).toBeLessThan(60_000);
  });

  it('marks the session cookie Secure in production', async () => {
    const production = await startTestServer({ env: { NODE_ENV: 'production' } });
    try {
      const response = await production.client().http.fetch('/trpc/auth.signUp', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'P', email: freshEmail(), password: STRONG_PASSWORD }),
      });
      expect(response.status).toBe(200);
      // With the __Host- prefix in production (tests/security/sessions.test.ts).
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`__Host-${SESSION_COOKIE}=`))!;
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
    } finally {
      await production.stop();
    }
  });

  it('hashes passwords off the event loop: the server keeps answering during many sign-ins', async () => {
    const { email } = await signUpMember(ts);
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    histogram.enable();
    const started = performance.now();
    const attempts = Array.from({ length: 40 }, () =>
      failure(ts.client().trpc.auth.signIn.mutate({ email, password: 'Wrong-pass-1' })),
    );
    const health = await fetch(`${ts.url}/healthz`);
    await Promise.all(attempts);
    const elapsed = performance.now() - started;
    histogram.disable();
    expect(health.status).toBe(200);
    // Forty Argon2id checks take far longer than the longest stall of the event loop.
    expect(histogram.max / 1e6).toBeLessThan(elapsed / 2);
  });
});

describe('sessions', () => {
  it('stores only a hash of the secret: a stored row holds no usable token', async () => {
    const { client, id } = await signUpMember(ts);
    const token = sessionCookie(client)!;
    const [sessionId, secret] = token.split('.') as [string, string];
    const { db, t } = ts.server.database;
    const rows = await db.select().from(t.sessions).where(eq(t.sessions.memberId, id));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.id).toBe(sessionId);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    // Whatever one builds from the row, it does not sign in.
    for (const forged of [
      `${row.id}.${row.secretHash}`,
      `${row.id}.${row.secretHash.slice(0, 24)}`,
      row.id,
    ]) {
      const response = await clientWithCookie(ts, forged).trpc.auth.me.query();
      expect(response).toBeNull();
      expect((await failure(clientWithCookie(ts, forged).trpc.blocks.list.query())).data?.httpStatus).toBe(
        401,
      );
    }
  });

  it('slides the 30-day expiry forward when a session is used in its second half, and ends it after', async () => {
    const member = await createMember(ts);
    const sessions = ts.server.deps.sessions;
    const start = new Date();
    const { token, expiresAt } = await sessions.create(member.id, start);
    expect(expiresAt.getTime()).toBe(start.getTime() + SESSION_TTL_MS);
    const early = await sessions.validate(token, new Date(start.getTime() + DAY));
    expect(early).toMatchObject({ renewed: false, expiresAt });
    // Used again within the idle timeout (14 days), so that only the 30-day expiry is at stake here.
    expect(await sessions.validate(token, new Date(start.getTime() + 10 * DAY))).toMatchObject({
      renewed: false,
    });
    const later = new Date(start.getTime() + SESSION_TTL_MS - SESSION_RENEW_WITHIN_MS + DAY);
    const renewed = await sessions.validate(token, later);
    expect(renewed?.renewed).toBe(true);
    expect(renewed?.expiresAt.getTime()).toBe(later.getTime() + SESSION_TTL_MS);
    // Unused for more than 30 days after that: gone.
    expect(await sessions.validate(token, new Date(later.getTime() + SESSION_TTL_MS + 1))).toBeNull();
    expect(await sessions.validate(token, later)).toBeNull();
  });

  it('ends every session of the member at sign-out; an old cookie gets 401 afterwards', async () => {
    const { client, email, password } = await signUpMember(ts);
    const elsewhere = ts.client();
    await elsewhere.trpc.auth.signIn.mutate({ email, password });
    const kept = sessionCookie(client)!;
    expect(await client.trpc.auth.signOut.mutate()).toEqual({ ok: true });
    expect(sessionCookie(client)).toBeUndefined(); // the cookie is cleared
    for (const old of [clientWithCookie(ts, kept), elsewhere]) {
      expect(await old.trpc.auth.me.query()).toBeNull();
      const error = await failure(old.trpc.auth.signOut.mutate());
      expect(error.data?.httpStatus).toBe(401);
      expect(error.message).toBe('common:errors.notSignedIn');
    }
    // Signing in again works as before.
    await client.trpc.auth.signIn.mutate({ email, password });
    expect(await client.trpc.auth.me.query()).toMatchObject({ email });
  });

  it('refuses cross-site and non-JSON account mutations with 403, even with a valid session cookie', async () => {
    const { client, id } = await signUpMember(ts);
    const cookie = `${SESSION_COOKIE}=${sessionCookie(client)!}`;
    const body = JSON.stringify({ password: STRONG_PASSWORD });
    const attempts: Record<string, string>[] = [
      { cookie, 'content-type': 'application/json', origin: 'https://evil.example' },
      { cookie, 'content-type': 'application/json' },
      { cookie, 'content-type': 'text/plain', origin: ts.url },
      { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: ts.url },
    ];
    for (const headers of attempts) {
      for (const path of ['/trpc/account.delete', '/trpc/auth.signOut', '/trpc/account.changeEmail']) {
        const response = await fetch(`${ts.url}${path}`, { method: 'POST', headers, body });
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(await client.trpc.auth.me.query()).toMatchObject({ id });
  });

  it('refuses sign-out without a session', async () => {
    const error = await failure(ts.client().trpc.auth.signOut.mutate());
    expect(error.data?.httpStatus).toBe(401);
  });
});
