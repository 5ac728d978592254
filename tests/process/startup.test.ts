import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `pnpm start` as an operator meets it: the real entry point in its own process.
const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function run(env: Record<string, string>, cwd: string) {
  const { DATABASE_URL: _, PORT: __, ...inherited } = process.env;
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

  it('says so in one line when the database cannot be reached', async () => {
    const bad = run({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', PORT: '0' }, tempDir());
    expect(await bad.exited).toBe(1);
    const lines = bad.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^amiko: could not start: /);
  });
});
