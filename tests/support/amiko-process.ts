import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '@amiko/db';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { RELAXED_RATE_LIMITS } from './server.ts';

const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export interface AmikoProcess {
  /** Its public address (PUBLIC_URL, else http://localhost:<port>): what a browser's Origin names. */
  url: string;
  /** Where this process itself listens (behind a proxy, `url` is the proxy's). */
  listening: string;
  process: ChildProcess;
  database: TestDatabase;
  /** The server's output so far, for failure messages. */
  output(): string;
  /** The dev mailbox, newest first (/dev/mail.json), or only the mails to one address. */
  mail(to?: string): Promise<Mail[]>;
  /** Waits for the newest mail to an address and returns it. */
  waitForMail(to: string, options?: { subject?: RegExp; after?: number; timeoutMs?: number }): Promise<Mail>;
  /** A connection to the same database, for arranging state the UI cannot create quickly. */
  db(): Database;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `apps/server/src/main.ts` as its own process, exactly as `pnpm start` runs it, on a free port and
 * a fresh database (SQLite unless `database` says otherwise), and resolves once it listens. A process that
 * does not listen within `readyTimeoutMs` (30 s unless said otherwise: a start that migrates a populated
 * database, or waits for another process's migration, may say more) is killed and the promise rejected
 * with its output.
 */
export async function spawnAmiko(
  options: {
    env?: Record<string, string>;
    database?: TestDatabase;
    keepDatabase?: boolean;
    readyTimeoutMs?: number;
  } = {},
): Promise<AmikoProcess> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000;
  const database = options.database ?? (await createTestDatabase('sqlite'));
  const uploads = mkdtempSync(join(tmpdir(), 'amiko-e2e-uploads-'));
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      UPLOADS_DIR: uploads,
      MEMBER_COUNT_CACHE_MS: '0',
      LOG_LEVEL: 'info',
      RATE_LIMITS: JSON.stringify(RELAXED_RATE_LIMITS),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const { url, listening } = await new Promise<{ url: string; listening: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running: nobody holds it to stop it.
      child.kill('SIGKILL');
      reject(new Error(`Amiko did not start within ${readyTimeoutMs / 1000} s:\n${output}`));
    }, readyTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)","listening":"(http:\/\/[^"]+)"[^\n]*Amiko is listening/.exec(
        output,
      );
      if (match?.[1] && match[2]) {
        clearTimeout(timer);
        resolve({ url: match[1], listening: match[2] });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Amiko exited with ${code} before listening:\n${output}`));
    });
  });
  let connection: Database | null = null;

  const mail = async (to?: string): Promise<Mail[]> => {
    const query = to === undefined ? '' : `?${new URLSearchParams({ to })}`;
    return (await fetch(`${url}/dev/mail.json${query}`)).json() as Promise<Mail[]>;
  };
  return {
    url,
    listening,
    process: child,
    database,
    output: () => output,
    mail,
    async waitForMail(to, { subject, after = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await mail(to)).find(
          (m) => (!subject || subject.test(m.subject)) && new Date(m.createdAt).getTime() >= after,
        );
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    db() {
      connection ??= openDatabase({ url: database.url });
      return connection;
    },
    async stop(signal = 'SIGTERM') {
      await connection?.close();
      const code = await new Promise<number | null>((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (c) => resolve(c));
        child.kill(signal);
      });
      rmSync(uploads, { recursive: true, force: true });
      if (!options.keepDatabase && !options.database) await database.drop();
      return code;
    },
  };
}
