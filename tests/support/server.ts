import { TRPC_MAX_BATCH } from '@amiko/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_RATE_LIMITS, type AppRouter } from '@amiko/api';
import { createServer, type AmikoServer } from '@amiko/server';
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { Browserish } from './http.ts';
import { guardMemberStamps } from './member-stamps.ts';

export interface TestServer {
  server: AmikoServer;
  url: string;
  db: TestDatabase;
  /** The Prometheus metrics' address (with METRICS_PORT in env), else null. */
  metricsUrl: string | null;
  /** A new client with its own cookies: one browser profile. */
  client(): TestClient;
  stop(): Promise<void>;
}

export interface TestClient {
  http: Browserish;
  trpc: TRPCClient<AppRouter>;
}

/** Limits high enough that tests about something else never meet them. */
export const RELAXED_RATE_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { max: 1_000_000, windowMs: 60_000 }]),
);

export interface TestServerOptions {
  env?: Record<string, string | undefined>;
  /** Keep the default rate limits (for the tests of the limits themselves). */
  realRateLimits?: boolean;
  /** Reuse an existing database instead of creating a fresh one. */
  database?: TestDatabase;
}

/** A real Amiko server on a free port with a fresh database of the run's dialect. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const db = options.database ?? (await createTestDatabase());
  const uploads = mkdtempSync(join(tmpdir(), 'amiko-uploads-'));
  const server = createServer({
    env: {
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      MEMBER_COUNT_CACHE_MS: '0',
      LOG_LEVEL: process.env.AMIKO_TEST_LOG ?? 'silent',
      UPLOADS_DIR: uploads,
      RATE_LIMITS: options.realRateLimits ? undefined : JSON.stringify(RELAXED_RATE_LIMITS),
      ...options.env,
    },
    logger: process.env.AMIKO_TEST_LOG ? undefined : false,
  });
  const { port, metricsPort } = await server.start();
  await guardMemberStamps(server.database);
  const url = `http://127.0.0.1:${port}`;
  return {
    server,
    url,
    db,
    metricsUrl: metricsPort === null ? null : `http://127.0.0.1:${metricsPort}/metrics`,
    client() {
      const http = new Browserish(url);
      const trpc = createTRPCClient<AppRouter>({
        links: [
          httpBatchLink({
            maxItems: TRPC_MAX_BATCH,
            url: `${url}/trpc`,
            fetch: (input, init) => http.fetch(String(input), init as RequestInit),
          }),
        ],
      });
      return { http, trpc };
    },
    async stop() {
      await server.stop();
      rmSync(uploads, { recursive: true, force: true });
      if (!options.database) await db.drop();
    },
  };
}
