import { ping, type Database } from '@amiko/db';
import type { FastifyInstance } from 'fastify';

/** /healthz: the process runs. /readyz: it can serve, i.e. its database answers. */
export function registerHealth(app: FastifyInstance, database: Database) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await ping(database);
      return { status: 'ready' };
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed: database unreachable');
      return reply.code(503).send({ status: 'unavailable', reason: 'database' });
    }
  });
}
