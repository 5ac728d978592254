// Issue 17 item 10 (the account parts): answers for a signed-in member are never cached, the Origin check
// compares scheme, host and port exactly with PUBLIC_URL's origin, the production session cookie carries
// the __Host- prefix, and a session unused for 14 days ends besides its 30-day sliding lifetime.
import { request } from 'node:http';
import { SESSION_COOKIE, SESSION_IDLE_TIMEOUT_MS } from '@amiko/core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createMember, TEST_PASSWORD } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let ts: TestServer | null = null;
afterEach(async () => {
  await ts?.stop();
  ts = null;
});

/** A raw HTTP request, free to set Host and Origin as any client could. */
function send(
  server: TestServer,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const signInBody = (email: string) => JSON.stringify({ email, password: TEST_PASSWORD });

describe('Cache-Control on answers for a signed-in member', () => {
  it('is no-store for tRPC queries and mutations, sign-in, and uploads', async () => {
    ts = await startTestServer();
    const member = await createMember(ts);
    const me = await member.client.http.fetch('/trpc/auth.me');
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    const profile = await member.client.http.fetch('/trpc/profile.mine');
    expect(profile.headers.get('cache-control')).toBe('no-store');

    const signIn = await ts.client().http.fetch('/trpc/auth.signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: signInBody(member.email),
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('cache-control')).toBe('no-store');

    const form = new FormData();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    form.set('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const upload = await member.client.http.fetch('/uploads', { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    expect(upload.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the Origin check', () => {
  it('takes only PUBLIC_URL’s exact origin: scheme, host and port', async () => {
    ts = await startTestServer({ env: { PUBLIC_URL: 'https://amiko.example' } });
    const post = (origin: string, host: string) =>
      send(ts!, '/trpc/auth.signIn', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, host },
        body: signInBody('nobody@example.com'),
      });
    expect((await post('https://amiko.example', 'amiko.example')).status).not.toBe(403);
    // The same host over plain http, or on another port, is another origin.
    expect((await post('http://amiko.example', 'amiko.example')).status).toBe(403);
    expect((await post('https://amiko.example:8443', 'amiko.example:8443')).status).toBe(403);
    expect((await post('http://amiko.example:443', 'amiko.example:443')).status).toBe(403);
    expect((await post('https://evil.example', 'amiko.example')).status).toBe(403);
    expect((await post('null', 'amiko.example')).status).toBe(403);
  });

  it('takes the http origin of the server’s own host in development without PUBLIC_URL', async () => {
    ts = await startTestServer();
    const host = new URL(ts.url).host;
    const post = (origin: string) =>
      send(ts!, '/trpc/auth.signIn', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, host },
        body: signInBody('nobody@example.com'),
      });
    expect((await post(`http://${host}`)).status).not.toBe(403);
    expect((await post(`https://${host}`)).status).toBe(403);
  });
});

describe('the session cookie', () => {
  it('is __Host-amiko_session in production: Secure, Path=/, no Domain; and it is the one read', async () => {
    ts = await startTestServer({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://amiko.example' } });
    const member = await createMember(ts);
    const signIn = await send(ts, '/trpc/auth.signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://amiko.example' },
      body: signInBody(member.email),
    });
    expect(signIn.status).toBe(200);
    const cookie = ([] as string[])
      .concat(signIn.headers['set-cookie'] ?? [])
      .find((c) => c.includes('session'));
    expect(cookie).toMatch(new RegExp(`^__Host-${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    expect(cookie).not.toMatch(/Domain=/i);
    const me = await send(ts, '/trpc/auth.me', { headers: { cookie: cookie!.split(';')[0]! } });
    expect(JSON.parse(me.body)).toMatchObject({ result: { data: { id: member.id } } });
    // The development name means nothing in production.
    const token = cookie!.split(';')[0]!.split('=')[1]!;
    const plain = await send(ts, '/trpc/auth.me', { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(JSON.parse(plain.body)).toMatchObject({ result: { data: null } });
  });

  it('keeps its plain name, without Secure, in development over http', async () => {
    ts = await startTestServer();
    const member = await createMember(ts);
    const signIn = await ts.client().http.fetch('/trpc/auth.signIn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: signInBody(member.email),
    });
    const cookie = signIn.headers.getSetCookie().find((c) => c.includes('session'));
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(cookie).not.toMatch(/Secure/i);
  });
});

describe('the idle timeout', () => {
  it('ends a session unused for 14 days, though its 30-day expiry is still ahead', async () => {
    ts = await startTestServer();
    const { db, t } = ts.server.database;
    const idle = await createMember(ts);
    const active = await createMember(ts);
    const daysAgo = (ms: number) => new Date(Date.now() - ms);
    await db
      .update(t.sessions)
      .set({ lastUsedAt: daysAgo(SESSION_IDLE_TIMEOUT_MS + 60_000) })
      .where(eq(t.sessions.memberId, idle.id));
    await db
      .update(t.sessions)
      .set({ lastUsedAt: daysAgo(SESSION_IDLE_TIMEOUT_MS - 60 * 60_000) })
      .where(eq(t.sessions.memberId, active.id));

    expect(await idle.client.trpc.auth.me.query()).toBeNull();
    expect(await db.select().from(t.sessions).where(eq(t.sessions.memberId, idle.id))).toEqual([]);

    expect(await active.client.trpc.auth.me.query()).toMatchObject({ id: active.id });
    const [row] = await db.select().from(t.sessions).where(eq(t.sessions.memberId, active.id));
    // Used now: the idle clock starts again.
    expect(Date.now() - row!.lastUsedAt.getTime()).toBeLessThan(60_000);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_IDLE_TIMEOUT_MS);
  });
});
