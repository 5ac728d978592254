import type { Directory } from '@amiko/api';
import { ping, type Database } from '@amiko/db';
import type { FastifyInstance } from 'fastify';
import type { Redis } from '../redis.ts';

export interface Readiness {
  /** Set when the server starts draining (SIGTERM): a load balancer stops sending at once. */
  draining: boolean;
  /** Set once the gazetteer is loaded (start-up loads it in the background; built once per data version). */
  placesLoaded: boolean;
}

/** How long /readyz waits for Redis's answer: a load balancer's check must not hang on it. */
const REDIS_PING_TIMEOUT_MS = 2000;

/**
 * /healthz: the process runs (liveness: restart it if not). /readyz: it can serve (readiness: send it
 * requests only if so): not draining, the directory index built and the places loaded (start-up does both in
 * the background), the database answers and, with REDIS_URL, Redis answers (without it, live messages would
 * not reach members on other processes).
 */
export function registerHealth(
  app: FastifyInstance,
  {
    database,
    directory,
    readiness,
    redis,
  }: { database: Database; directory: Directory; readiness: Readiness; redis: Redis | null },
) {
  const unavailable = (reason: string) => ({ status: 'unavailable', reason });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    if (readiness.draining) return reply.code(503).send(unavailable('draining'));
    if (!directory.isBuilt()) return reply.code(503).send(unavailable('directory index not built yet'));
    if (!readiness.placesLoaded) return reply.code(503).send(unavailable('places not loaded yet'));
    try {
      await ping(database);
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed: database unreachable');
      return reply.code(503).send(unavailable('database'));
    }
    if (redis) {
      try {
        if (!redis.isReady()) throw new Error('not connected');
        await Promise.race([
          redis.client.ping(),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('no answer')), REDIS_PING_TIMEOUT_MS).unref(),
          ),
        ]);
      } catch (error) {
        request.log.error({ err: error }, 'readiness check failed: redis unreachable');
        return reply.code(503).send(unavailable('redis'));
      }
    }
    return { status: 'ready' };
  });
}
