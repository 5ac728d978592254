import type { Logger, RateLimitStore } from '@amiko/api';
import { hideUrlPassword } from '@amiko/db';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import type { Env } from './env.ts';

// Redis is optional: one process needs none. With REDIS_URL set, several server processes share live
// delivery (the socket.io Redis adapter, see plugins/socket.ts) and rate limits (the store below). Every
// key and channel starts with REDIS_PREFIX, so several Amikos (or test runs) can share one Redis.

const newClient = (url: string, reconnectStrategy: (retries: number) => number | Error) =>
  createClient({ url, socket: { connectTimeout: 5000, reconnectStrategy } });
export type RedisClient = ReturnType<typeof newClient>;

export interface Redis {
  /** Commands and publishing. */
  client: RedisClient;
  /** A second connection: a subscribed Redis connection can do nothing else. */
  subscriber: RedisClient;
  prefix: string;
  /** Connects both (once; later calls wait for the same); rejects with one line naming the address. */
  connect(): Promise<void>;
  /** Both connections are up. */
  isReady(): boolean;
  close(): Promise<void>;
}

/** At start-up, how long to keep trying: well within Fastify's 10 s for loading plugins. */
const CONNECT_WITHIN_MS = 6000;

export function createRedis(url: string, prefix: string, log: Logger): Redis {
  let connected = false;
  let startedAt = 0;
  let lastError: unknown = null;
  // At start-up give up after a few seconds (the operator sees why); later, keep reconnecting.
  const client = newClient(url, (retries) =>
    !connected && Date.now() - startedAt >= CONNECT_WITHIN_MS
      ? new Error('Redis cannot be reached')
      : Math.min(100 * 2 ** Math.min(retries, 5), 3000),
  );
  const subscriber = client.duplicate();
  for (const [name, c] of [
    ['client', client],
    ['subscriber', subscriber],
  ] as const) {
    c.on('error', (error: unknown) => {
      if (connected) log.error({ err: error, connection: name }, 'redis connection error');
      else lastError = error;
    });
  }
  let connecting: Promise<void> | null = null;
  return {
    client,
    subscriber,
    prefix,
    connect() {
      if (connecting) return connecting;
      startedAt = Date.now();
      connecting = Promise.all([client.connect(), subscriber.connect()]).then(
        () => {
          connected = true;
        },
        async () => {
          await Promise.allSettled([client.destroy(), subscriber.destroy()]);
          const cause = lastError instanceof Error ? lastError.message : 'no answer';
          throw new Error(
            `Redis at ${hideUrlPassword(url)} cannot be reached (${cause}); check REDIS_URL and that Redis runs`,
          );
        },
      );
      return connecting;
    },
    isReady: () => client.isReady && subscriber.isReady,
    async close() {
      await Promise.allSettled([client.isOpen && client.close(), subscriber.isOpen && subscriber.close()]);
    },
  };
}

// INCR, and on the first hit of a window its expiry, in one step.
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return hits`;

/** Fixed-window counters shared by every process: INCR with an expiry set on a window's first hit. */
export function createRedisRateLimitStore(redis: Redis): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const hits = await redis.client.eval(HIT_SCRIPT, {
        keys: [`${redis.prefix}:rate:${key}`],
        arguments: [String(windowMs)],
      });
      return Number(hits);
    },
  };
}

/**
 * With REDIS_URL: a Redis the server connects to when it starts (before it listens: server.ts) and
 * disconnects from when it has stopped. Returns null without REDIS_URL. The rate limits and the socket
 * adapter then live there.
 */
export function registerRedis(app: FastifyInstance, env: Env): Redis | null {
  if (!env.REDIS_URL) return null;
  const redis = createRedis(env.REDIS_URL, env.REDIS_PREFIX, app.log);
  app.addHook('onClose', () => redis.close());
  return redis;
}
