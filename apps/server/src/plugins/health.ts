import type { Directory } from '@amiko/api';
import { ping, type Database } from '@amiko/db';
import type { FastifyInstance } from 'fastify';

export interface Readiness {
  /** Set when the server starts draining (SIGTERM): a load balancer stops sending at once. */
  draining: boolean;
}

/**
 * /healthz: the process runs. /readyz: it can serve: not draining, the directory index built (start-up
 * builds it in the background), and the database answers.
 */
export function registerHealth(
  app: FastifyInstance,
  { database, directory, readiness }: { database: Database; directory: Directory; readiness: Readiness },
) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    if (readiness.draining) return reply.code(503).send({ status: 'unavailable', reason: 'draining' });
    if (!directory.isBuilt())
      return reply.code(503).send({ status: 'unavailable', reason: 'directory index not built yet' });
    try {
      await ping(database);
      return { status: 'ready' };
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed: database unreachable');
      return reply.code(503).send({ status: 'unavailable', reason: 'database' });
    }
  });
}
