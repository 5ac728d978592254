import type { FastifyInstance } from 'fastify';
import type { ServerMetrics } from '../metrics.ts';

/**
 * Times every HTTP request by its route's pattern (`/trpc/:path`, `/uploads`, `/*`), never its URL: the
 * tRPC procedures are timed by name in the API (publicProcedure), a batch carrying several.
 */
export function registerMetrics(app: FastifyInstance, metrics: ServerMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequest({
      method: request.method,
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
}
