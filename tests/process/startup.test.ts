import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database.ts';

// `pnpm start` as an operator meets it: the real entry point in its own process.
const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function run(env: Record<string, string>, cwd: string) {
  // Vitest's NODE_ENV=test is not the operator's: each test names the mode it means.
  const { DATABASE_URL: _, PORT: __, NODE_ENV: ___, ...inherited } = process.env;
  const child = spawn(process.execPath, [MAIN], {
    cwd,
    env: { ...inherited, LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /"url":"([^"]+)"[^\n]*Amiko is listening/.exec(stdout);
      if (match?.[1]) {
        clearInterval(timer);
        resolve(match[1]);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited: ${stderr}`));
    });
  });
  listening.catch(() => undefined); // awaited only by the tests that expect a start
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'amiko-start-'));
  dirs.push(dir);
  return dir;
}

/** A built web app of a few files, with a source map. */
function webBuild() {
  const dist = tempDir();
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Amiko</title>');
  writeFileSync(join(dist, 'routes.json'), JSON.stringify({ paths: ['/', '/profile'] }));
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'app-1234.js.map'), '{"version":3}');
  return dist;
}

describe('start-up', () => {
  it('creates and migrates ./data/amiko.db on first start, and keeps the data across a restart', async () => {
    const cwd = tempDir();
    const first = run({ PORT: '0' }, cwd);
    const url = await first.listening;
    expect(existsSync(join(cwd, 'data', 'amiko.db'))).toBe(true);
    const signUp = await fetch(`${url}/trpc/auth.signUp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ name: 'Ana', email: 'ana@example.com', password: 'Tangerine-Otter-42' }),
    });
    expect(signUp.status).toBe(200);
    // The member verifies the address (and so takes an early-access place, the public number).
    const [mail] = (await (await fetch(`${url}/dev/mail.json`)).json()) as { text: string }[];
    const code = /[?&]code=([^\s&]+)/.exec(mail!.text)![1]!;
    const verified = await fetch(`${url}/trpc/auth.verifyEmail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ code: decodeURIComponent(code) }),
    });
    expect(verified.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0); // graceful shutdown

    const second = run({ PORT: '0' }, cwd);
    const again = await second.listening;
    const count = await (await fetch(`${again}/trpc/meta.memberCount`)).json();
    expect(count).toEqual({ result: { data: { count: 1 } } });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('refuses a bad DATABASE_URL with one clear line and a non-zero exit', async () => {
    const bad = run({ DATABASE_URL: 'nonsense', PORT: '0' }, tempDir());
    expect(await bad.exited).toBe(1);
    const lines = bad.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^amiko: DATABASE_URL must start with postgres:\/\/ .*got "nonsense"/);
  });

  it('refuses a bad PORT with one clear line and a non-zero exit', async () => {
    const bad = run({ PORT: 'abc' }, tempDir());
    expect(await bad.exited).toBe(1);
    expect(bad.output().stderr.trim()).toBe('amiko: PORT must be a port number from 0 to 65535 (got "abc")');
  });

  it('says in one line, without its password, that the database cannot be reached', async () => {
    const bad = run({ DATABASE_URL: 'postgres://nobody:s3cretpw@127.0.0.1:1/none', PORT: '0' }, tempDir());
    expect(await bad.exited).toBe(1);
    const { stdout, stderr } = bad.output();
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^amiko: could not start: PostgreSQL at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none cannot be reached \(connect ECONNREFUSED 127\.0\.0\.1:1\); check DATABASE_URL and that PostgreSQL runs$/,
    );
    expect(stdout + stderr).not.toContain('s3cretpw');
  });

  it('refuses a bad SMTP_URL in one line that does not hold its password', async () => {
    const bad = run({ SMTP_URL: 'https://mailer:s3cretpw@mail.example:587', PORT: '0' }, tempDir());
    expect(await bad.exited).toBe(1);
    const { stdout, stderr } = bad.output();
    expect(stderr.trim()).toBe(
      'amiko: SMTP_URL must be an smtp:// or smtps:// URL (got "https://mailer:***@mail.example:587")',
    );
    expect(stdout + stderr).not.toContain('s3cretpw');
  });

  it('says in one line, without its password, that Redis cannot be reached', async () => {
    const bad = run({ REDIS_URL: 'redis://:s3cretpw@127.0.0.1:1', PORT: '0' }, tempDir());
    expect(await bad.exited).toBe(1);
    const { stdout, stderr } = bad.output();
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^amiko: could not start: Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1 cannot be reached \(connect ECONNREFUSED/,
    );
    expect(stdout + stderr).not.toContain('s3cretpw');
    expect(stderr).not.toMatch(/Plugin did not start in time/);
  }, 30_000);

  it('runs in production when PUBLIC_URL is https and NODE_ENV is unset, as the README’s examples start it', async () => {
    const dist = webBuild();
    const amiko = run({ PUBLIC_URL: 'https://amiko.example', PORT: '0', WEB_DIST: dist }, tempDir());
    await amiko.listening;
    const port = /"listening":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(amiko.output().stdout)![1];
    const url = `http://127.0.0.1:${port}`;
    try {
      expect(amiko.output().stdout).toContain(
        'NODE_ENV is not set and PUBLIC_URL is https: running in production',
      );
      const signUp = await fetch(`${url}/trpc/auth.signUp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://amiko.example' },
        body: JSON.stringify({ name: 'Ana', email: 'ana@example.com', password: 'Tangerine-Otter-42' }),
      });
      expect(signUp.status).toBe(200);
      expect(signUp.headers.get('set-cookie')).toMatch(/^__Host-amiko_session=[^;]+;.*; Secure/i);
      expect(signUp.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect((await fetch(`${url}/assets/app-1234.js`)).status).toBe(200);
      expect((await fetch(`${url}/assets/app-1234.js.map`)).status).toBe(404);
      expect((await fetch(`${url}/dev/mail.json`)).status).toBe(404);
    } finally {
      amiko.child.kill('SIGTERM');
    }
    expect(await amiko.exited).toBe(0);
  });

  it('obeys NODE_ENV=development or test set next to an https PUBLIC_URL, with one WARN line saying what that costs', async () => {
    for (const mode of ['development', 'test']) {
      const dist = webBuild();
      const amiko = run(
        { PUBLIC_URL: 'https://amiko.example', NODE_ENV: mode, PORT: '0', WEB_DIST: dist },
        tempDir(),
      );
      await amiko.listening;
      const port = /"listening":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(amiko.output().stdout)![1];
      const url = `http://127.0.0.1:${port}`;
      try {
        // Obeyed: a developer behind a local TLS proxy gets the development defaults.
        expect((await fetch(`${url}/assets/app-1234.js.map`)).status, mode).toBe(200);
        expect((await fetch(`${url}/healthz`)).headers.get('strict-transport-security'), mode).toBeNull();
      } finally {
        amiko.child.kill('SIGTERM');
      }
      expect(await amiko.exited).toBe(0);
      const { stdout, stderr } = amiko.output();
      const warnings = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.level >= 40);
      // One WARN line about the mode (the others this start gives are about mail and payments left unset).
      const aboutMode = warnings.filter((line) => /NODE_ENV|production|Secure|HSTS/.test(line.msg));
      expect(aboutMode, mode).toEqual([
        {
          ...aboutMode[0],
          level: 40,
          msg: `NODE_ENV=${mode} with an https PUBLIC_URL: cookies without Secure, no HSTS, source maps served; unset NODE_ENV or set it to production before members use this server`,
        },
      ]);
      expect(stdout, mode).not.toContain('running in production');
      expect(stderr).toBe('');
    }
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'starts on a fresh PostgreSQL database without a warning or a stack trace',
    async () => {
      const database = await createTestDatabase('postgres');
      try {
        const amiko = run(
          { DATABASE_URL: database.url, PORT: '0', NODE_ENV: 'development', WEB_DIST: webBuild() },
          tempDir(),
        );
        const url = await amiko.listening;
        // A few rounds of the moderation log's watch (every 500 ms) and the first job poll.
        await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 20_000 }).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        amiko.child.kill('SIGTERM');
        expect(await amiko.exited).toBe(0);
        const { stdout, stderr } = amiko.output();
        const lines = stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { level: number });
        expect(lines.filter((line) => line.level >= 40)).toEqual([]);
        expect(stdout + stderr).not.toMatch(/\n\s+at /);
        expect(stderr).toBe('');
      } finally {
        await database.drop();
      }
    },
  );
});
