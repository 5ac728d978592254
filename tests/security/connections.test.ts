import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_COOKIE } from '@amiko/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, eventually, sessionCookie, type MessagingSocket } from '../support/messaging.ts';
import { createMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// Issue 17.10: a member holds at most 20 live sockets (the oldest closed), and the page may connect only to
// its own server (and Stripe). ASVS V12: in production, browsers are told to use only HTTPS.

let ts: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'amiko-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>amiko</title>');
  ts = await startTestServer({ env: { WEB_DIST: dist, PUBLIC_URL: 'https://amiko.example' } });
});
afterAll(async () => {
  await ts.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('live sockets per member', () => {
  it('closes the oldest when a member opens a 21st', async () => {
    const ana = await createMember(ts);
    const cookie = sessionCookie(ana.client.http.cookies.get(SESSION_COOKIE)!);
    const sockets: MessagingSocket[] = [];
    try {
      for (let i = 0; i < 20; i++) {
        sockets.push(await connectSocket(ts.url, { cookie, origin: 'https://amiko.example' }));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sockets.every((s) => s.connected)).toBe(true);
      sockets.push(await connectSocket(ts.url, { cookie, origin: 'https://amiko.example' }));
      await eventually(() => !sockets[0]!.connected, 'the oldest socket closed');
      expect(sockets.slice(1).every((s) => s.connected)).toBe(true);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});

describe('content security policy', () => {
  it("lets the page connect only to its own origin, its WebSocket form and Stripe's API", async () => {
    const response = await fetch(`${ts.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const connect = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src'));
    expect(connect).toBe("connect-src 'self' wss://amiko.example https://api.stripe.com");
  });
});

describe('HTTPS', () => {
  it('is the only way browsers may come back to Amiko in production (HSTS on every answer), not in development', async () => {
    const production = await startTestServer({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://amiko.example' },
    });
    try {
      for (const path of ['/healthz', '/trpc/auth.me']) {
        const response = await fetch(`${production.url}${path}`);
        expect(response.headers.get('strict-transport-security'), path).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
    } finally {
      await production.stop();
    }
    expect((await fetch(`${ts.url}/healthz`)).headers.get('strict-transport-security')).toBeNull();
  });
});
