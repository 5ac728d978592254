import type { Database } from '@amiko/db';
import type { FastifyInstance } from 'fastify';

async function ping(database: Database): Promise<void> {
  if (database.raw.kind === 'sqlite') database.raw.client.prepare('SELECT 1').get();
  else await database.raw.client`SELECT 1`;
}

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
