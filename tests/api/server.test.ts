import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.stop());

describe('server', () => {
  it('answers /healthz and /readyz', async () => {
    const health = await fetch(`${ts.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${ts.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('counts members for the public "fetched number"', async () => {
    const visitor = ts.client();
    const before = await visitor.trpc.meta.memberCount.query();
    await createMember(ts);
    await createMember(ts);
    expect(await visitor.trpc.meta.memberCount.query()).toEqual({ count: before.count + 2 });
  });

  it('refuses mutations without a matching Origin, and mutations not sent as JSON', async () => {
    const body = JSON.stringify({ name: 'X', email: 'x@example.com', password: 'Secret-123' });
    const json = { 'content-type': 'application/json' };
    const noOrigin = await fetch(`${ts.url}/trpc/auth.signUp`, { method: 'POST', headers: json, body });
    expect(noOrigin.status).toBe(403);
    const foreign = await fetch(`${ts.url}/trpc/auth.signUp`, {
      method: 'POST',
      headers: { ...json, origin: 'https://evil.example' },
      body,
    });
    expect(foreign.status).toBe(403);
    const form = await fetch(`${ts.url}/trpc/auth.signUp`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ts.url },
      body: 'name=X',
    });
    expect(form.status).toBe(403);
    const plain = await fetch(`${ts.url}/trpc/auth.signUp`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: ts.url },
      body,
    });
    expect(plain.status).toBe(403);
    // None of them created anything.
    const { db, t } = ts.server.database;
    expect(await db.select().from(t.members).where(eq(t.members.email, 'x@example.com'))).toEqual([]);
  });

  it('sends security headers', async () => {
    const response = await fetch(`${ts.url}/healthz`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers unknown API paths and missing files with a 404, never with the web app', async () => {
    for (const path of ['/trpc-nope/x', '/uploads/missing.webp', '/assets/missing.js', '/healthz/x']) {
      const response = await fetch(`${ts.url}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(404);
    }
  });

  it('turns bad input into translated field errors, never a 500', async () => {
    const visitor = ts.client();
    const error = await failure(
      visitor.trpc.auth.signUp.mutate({ name: '', email: '1abc@example', password: 'short' }),
    );
    expect(error.data?.httpStatus).toBe(400);
    expect(error.data?.appCode).toBe('VALIDATION');
    expect(error.data?.fieldErrors).toEqual({
      name: 'auth:errors.nameRequired',
      email: 'auth:errors.invalidEmailFormat',
      password: 'auth:errors.passwordTooShort',
    });
  });
});

describe('web app serving', () => {
  let web: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'amiko-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>amiko-spa</title>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    for (const language of ['en', 'de']) {
      mkdirSync(join(dist, 'pages', language), { recursive: true });
      writeFileSync(join(dist, 'pages', language, 'not-found.html'), `<title>not-found-${language}</title>`);
    }
    // What the build writes from the app's route table (packages/ui/src/app/routes.tsx).
    const paths = [
      '/',
      '/index.html',
      '/community',
      '/profile-view/:userId',
      '/settings',
      '/settings/user-info',
      // The sign-in guards every settings path: a visitor is sent to /auth (issue 30.13).
      '/settings/*',
    ];
    writeFileSync(join(dist, 'routes.json'), JSON.stringify({ paths }));
    web = await startTestServer({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await web.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html with 200 for every path of the app’s routes, uncached, with a CSP', async () => {
    for (const path of [
      '/',
      '/community',
      '/profile-view/abc',
      '/index.html',
      '/settings/user-info?tab=1',
      '/settings/',
      '/Community/',
      '/profile-view/%C3%A9',
    ]) {
      const response = await fetch(`${web.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('amiko-spa');
      expect(response.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      if (path !== '/index.html') expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('answers a member-area path no page has with 404, yet with the app, which sends a visitor to sign in', async () => {
    for (const path of ['/settings/nope', '/settings/foo/bar?x=1', '/Settings/Nope/']) {
      const response = await fetch(`${web.url}${path}`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('amiko-spa');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(response.headers.get('content-security-policy'), path).toContain("default-src 'self'");
    }
    // The real settings pages stay 200.
    expect((await fetch(`${web.url}/settings/user-info`)).status).toBe(200);
    expect((await fetch(`${web.url}/settings`)).status).toBe(200);
  });

  it('answers any other page path with 404 and the not-found page, in the visitor’s language', async () => {
    for (const path of ['/not/a/page?x=1', '/profile-view/abc/more', '/health', '/community/nope']) {
      const response = await fetch(`${web.url}${path}`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('not-found-de');
      expect(response.headers.get('content-language'), path).toBe('de');
      expect(response.headers.get('content-security-policy'), path).toContain("default-src 'self'");
    }
    const english = await fetch(`${web.url}/nowhere`);
    expect(english.status).toBe(404);
    expect(await english.text()).toContain('not-found-en');
  });

  it('serves hashed assets with a long cache and 404s missing ones', async () => {
    const asset = await fetch(`${web.url}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${web.url}/assets/app-9999.js`)).status).toBe(404);
  });

  it('never serves the build’s own files (Vite’s manifests, a server’s mark)', async () => {
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
    for (const path of ['/.vite/manifest.json', '/.amiko-build.json'])
      expect((await fetch(`${web.url}${path}`)).status, path).toBe(404);
  });
});
