import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { SESSION_COOKIE } from '@amiko/core';
import { createServer, loggerOptions } from '@amiko/server';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnAmiko } from '../support/amiko-process.ts';
import { createTestDatabase } from '../support/database.ts';

// The development conveniences (dev mailbox, test-mode payments) must be impossible to expose, slow
// requests must not hold the server, and logs must not hold secrets: each checked on a real server.

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'amiko-defaults-'));
  dirs.push(dir);
  return dir;
}

/** A real server in this process with the given environment; its log lines are collected. */
async function startServer(env: Record<string, string | undefined>) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const dir = tempDir();
  const server = createServer({
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dir, 'amiko.db')}`,
      UPLOADS_DIR: join(dir, 'uploads'),
      ...env,
    },
    logger: { ...loggerOptions('info'), stream },
  });
  const { port, metricsPort } = await server.start();
  return { server, url: `http://127.0.0.1:${port}`, metricsPort, lines };
}

describe('the development conveniences', () => {
  const combinations = ['development', 'test', 'production'].flatMap((NODE_ENV) =>
    [undefined, 'http://127.0.0.1:3000', 'https://amiko.example'].flatMap((PUBLIC_URL) =>
      [undefined, 'smtp://127.0.0.1:1'].map((SMTP_URL) => ({ NODE_ENV, PUBLIC_URL, SMTP_URL })),
    ),
  );

  it.each(combinations)(
    'NODE_ENV=$NODE_ENV PUBLIC_URL=$PUBLIC_URL SMTP_URL=$SMTP_URL',
    async ({ NODE_ENV, PUBLIC_URL, SMTP_URL }) => {
      const loopback = PUBLIC_URL !== 'https://amiko.example';
      const mailbox = NODE_ENV !== 'production' && loopback && !SMTP_URL;
      const testPayments = NODE_ENV === 'development' && loopback;
      const { server, url, lines } = await startServer({ NODE_ENV, PUBLIC_URL, SMTP_URL });
      try {
        for (const path of ['/dev/mail.json', '/dev/mail']) {
          expect((await fetch(`${url}${path}`)).status, path).toBe(mailbox ? 200 : 404);
        }
        expect(server.deps.payments.mode).toBe(testPayments ? 'test' : 'unavailable');
        const notices = lines.filter((line) => line.includes('development conveniences off'));
        expect(notices).toHaveLength(mailbox && testPayments ? 0 : 1);
        if (!mailbox) expect(notices[0]).toContain('the dev mailbox (');
        if (!testPayments) expect(notices[0]).toContain('test-mode payments (');
      } finally {
        await server.stop();
      }
    },
  );

  it('are off on a server listening on every interface, even with PUBLIC_URL unset', async () => {
    const { server, url, lines } = await startServer({ NODE_ENV: 'development', HOST: '0.0.0.0' });
    try {
      expect((await fetch(`${url}/dev/mail.json`)).status).toBe(404);
      expect(server.deps.payments.mode).toBe('unavailable');
      expect(lines.filter((line) => line.includes('development conveniences off'))).toEqual([
        expect.stringContaining('the dev mailbox (HOST 0.0.0.0 is not a loopback interface)'),
      ]);
    } finally {
      await server.stop();
    }
  });

  it('are off behind a proxy (TRUST_PROXY), even with a loopback HOST and PUBLIC_URL', async () => {
    const { server, url, lines } = await startServer({
      NODE_ENV: 'development',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      TRUST_PROXY: 'true',
    });
    try {
      expect((await fetch(`${url}/dev/mail.json`)).status).toBe(404);
      expect(server.deps.payments.mode).toBe('unavailable');
      expect(lines.filter((line) => line.includes('development conveniences off'))).toEqual([
        expect.stringContaining('the dev mailbox (TRUST_PROXY is set: a proxy forwards outside traffic)'),
      ]);
    } finally {
      await server.stop();
    }
  });
});

describe('mail in the compose setups', () => {
  it('warns at start-up when a public server’s mail would go to the catcher, and only then', async () => {
    for (const [PUBLIC_URL, SMTP_URL, warned] of [
      ['https://amiko.example', undefined, true],
      ['http://localhost:3000', undefined, false],
      ['https://amiko.example', 'smtp://127.0.0.1:2', false],
    ] as const) {
      const { server, lines } = await startServer({
        NODE_ENV: 'production',
        PUBLIC_URL,
        SMTP_URL,
        SMTP_CATCHER_URL: 'smtp://127.0.0.1:1',
      });
      try {
        const warnings = lines
          .map((line) => JSON.parse(line) as { level: number; msg: string })
          .filter((line) => line.msg.includes('mail goes to the mail catcher, which delivers none'));
        expect(
          warnings.map((line) => line.level),
          `${PUBLIC_URL} ${SMTP_URL}`,
        ).toEqual(warned ? [40] : []);
      } finally {
        await server.stop();
      }
    }
  });
});

describe('slow requests', () => {
  /**
   * Opens a raw connection, sends `head`, then one byte every 500 ms; resolves with the time until the server
   * closed it, or gives up after 35 s (and resolves with that).
   */
  function drip(url: string, head: string): Promise<number> {
    const { port } = new URL(url);
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(head));
      const timer = setInterval(() => socket.write('a'), 500);
      setTimeout(() => socket.destroy(), 35_000).unref();
      socket.on('data', () => undefined);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve(Date.now() - started);
      });
    });
  }

  it('are cut within 30 s on the public and the metrics port: a body or headers that drip in never hold the connection', async () => {
    const { server, url, metricsPort } = await startServer({ NODE_ENV: 'production', METRICS_PORT: '0' });
    const metrics = `http://127.0.0.1:${metricsPort}`;
    try {
      // All at once, so that the metrics port's cases add no time to the public port's.
      const [body, headers, metricsBody, metricsHeaders] = await Promise.all([
        drip(
          url,
          `POST /trpc/auth.signIn HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${url}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
        ),
        drip(url, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '),
        drip(metrics, 'POST /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n'),
        drip(metrics, 'GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: '),
      ]);
      expect(body).toBeLessThan(30_000);
      expect(headers).toBeLessThan(30_000);
      expect(metricsBody).toBeLessThan(30_000);
      expect(metricsHeaders).toBeLessThan(30_000);
    } finally {
      await server.stop();
    }
  }, 45_000);
});

describe('source maps', () => {
  it('are served in development and not in production', async () => {
    const dist = tempDir();
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Amiko</title>');
    writeFileSync(
      join(dist, 'assets', 'app-1234.js'),
      'console.log(1)\n//# sourceMappingURL=app-1234.js.map',
    );
    writeFileSync(join(dist, 'assets', 'app-1234.js.map'), '{"version":3}');
    for (const NODE_ENV of ['development', 'production']) {
      const { server, url } = await startServer({ NODE_ENV, WEB_DIST: dist });
      try {
        expect((await fetch(`${url}/assets/app-1234.js`)).status).toBe(200);
        expect((await fetch(`${url}/assets/app-1234.js.map`)).status).toBe(
          NODE_ENV === 'production' ? 404 : 200,
        );
      } finally {
        await server.stop();
      }
    }
  });
});

describe('the logs', () => {
  it('hold no one-time code, session token or unsubscribe key, however they are asked for', async () => {
    const amiko = await spawnAmiko({ database: await createTestDatabase('sqlite') });
    try {
      const post = (path: string, body: unknown, cookie = '') =>
        fetch(`${amiko.url}/trpc/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: amiko.url, cookie },
          body: JSON.stringify(body),
        });
      const email = `logs-${Date.now()}@example.com`;
      const signUp = await post('auth.signUp', { name: 'Lou', email, password: 'Tangerine-Otter-42' });
      const token = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(signUp.headers.get('set-cookie') ?? '')?.[1];
      expect(token).toBeTruthy();
      await fetch(`${amiko.url}/trpc/auth.me`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });

      await post('auth.requestPasswordReset', { email });
      const mail = await amiko.waitForMail(email, { subject: /password/i });
      const link = /https?:\/\/\S+\/auth-action\?\S+/.exec(mail.text)![0];
      const code = new URL(link).searchParams.get('code')!;
      // The member opens the link; a bot fetches it too, with the code in other places.
      await fetch(`${amiko.url}/auth-action?mode=resetPassword&code=${code}`);
      await fetch(`${amiko.url}/auth-action?code=${code}&mode=resetPassword`, {
        headers: { cookie: `${SESSION_COOKIE}=${token}` },
      });
      await fetch(`${amiko.url}/nothing-here.js?code=${code}`);
      expect((await post('auth.resetPassword', { code, password: 'Another-Otter-43' })).status).toBe(200);
      // An unsubscribe link's key, as a visitor opens the link and as a mail program's one click sends it.
      const key = randomBytes(24).toString('base64url');
      await fetch(`${amiko.url}/unsubscribe/messages?m=someone&k=${key}`);
      await fetch(`${amiko.url}/unsubscribe/messages?k=${key}&m=someone`, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
      });

      const output = amiko.output();
      expect(output).toContain('/auth-action?mode=resetPassword&code=[redacted]'); // the requests were logged
      expect(output).toContain('/unsubscribe/messages?m=someone&k=[redacted]');
      expect(output).not.toContain(code);
      expect(output).not.toContain(key);
      expect(output).not.toContain(token!);
      expect(output).not.toContain(token!.split('.')[1]!);
    } finally {
      await amiko.stop();
    }
  });
});
