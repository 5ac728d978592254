import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from '../logging.ts';

// One log line per answered request instead of Fastify's two ("incoming request", "request completed"):
// method, URL (secrets redacted), route pattern, status and duration, under the request's id. The load
// balancer's health checks (Caddy asks each replica every 2 s) log at debug: a quiet replica's log stays
// quiet.

/** The probes of load balancers and orchestrators. */
const PROBES = new Set(['/healthz', '/readyz']);

/** What a proxy's request id may look like to be taken over: short, printable, no spaces or quotes. */
const FORWARDED_ID = /^[A-Za-z0-9._:/+=@-]{1,128}$/;

/**
 * Fastify's genReqId: the X-Request-Id a trusted proxy sent (TRUST_PROXY), so that its log and ours name a
 * request alike; otherwise a new UUID. Without a proxy the header comes from the client and is ignored.
 */
export function requestIdFrom(trustProxy: boolean) {
  return (request: IncomingMessage): string => {
    const given = request.headers['x-request-id'];
    return trustProxy && typeof given === 'string' && FORWARDED_ID.test(given) ? given : randomUUID();
  };
}

/** Fastify's logController: the one line per request. */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const route = request.routeOptions.url ?? null;
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      route,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else if (route !== null && PROBES.has(route)) reply.log.debug(line, 'request');
    else reply.log.info(line, 'request');
  }

  /** Fastify's own "Route GET:/x not found": the request's line says 404 already. */
  override routeNotFound(): void {}
}

/** Every answer names its request's id, for an operator matching a member's report to the log. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
}
