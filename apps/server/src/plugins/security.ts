import type { FastifyInstance, FastifyRequest } from 'fastify';
import { redactUrl } from '../logging.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface OriginPolicy {
  /** The public origin (from PUBLIC_URL) and any extra ones (ALLOWED_ORIGINS), e.g. a dev server. */
  allowed: Set<string>;
  /**
   * Without PUBLIC_URL (development on http): also http://<the host the request was sent to>, whatever
   * port the server was started on. With PUBLIC_URL only the allowed origins count.
   */
  sameHostOverHttp: boolean;
}

/**
 * A request's Origin is trusted when it is exactly (scheme, host and port) the public origin or an extra
 * allowed one; in development without PUBLIC_URL also the http origin of the host the request was sent to.
 */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, policy: OriginPolicy) {
  if (!origin) return false;
  if (policy.allowed.has(origin)) return true;
  return policy.sameHostOverHttp && host !== undefined && origin === `http://${host.toLowerCase()}`;
}

function hostOf(request: FastifyRequest): string | undefined {
  return request.host || request.headers.host;
}

/**
 * Cross-site request forgery defence (tRPC's Fastify adapter checks neither): every state-changing request
 * needs a trusted Origin, and /trpc mutations must be sent as JSON, which an HTML form cannot do. Stripe's
 * webhook is exempt; it proves itself with its signature.
 */
export function registerOriginCheck(app: FastifyInstance, policy: OriginPolicy) {
  app.addHook('onRequest', async (request, reply) => {
    // Webhooks, one-click unsubscribes and a meetup's "Can't make it" are proven by their signature or link,
    // not by cookies.
    const exempt =
      request.url.startsWith('/webhooks/') ||
      request.url.startsWith('/unsubscribe/') ||
      request.url.startsWith('/meetups/cant-go?');
    if (SAFE_METHODS.has(request.method) || exempt) return;
    if (!isAllowedOrigin(request.headers.origin, hostOf(request), policy)) {
      request.log.warn(
        { origin: request.headers.origin, url: redactUrl(request.url) },
        'refused: origin not allowed',
      );
      return reply.code(403).send({ error: 'Forbidden: cross-origin request refused' });
    }
    if (
      request.url.startsWith('/trpc') &&
      !/^application\/json\b/i.test(request.headers['content-type'] ?? '')
    ) {
      return reply.code(403).send({ error: 'Forbidden: mutations must be sent as application/json' });
    }
  });
}

/**
 * The WebSocket form of the public address (wss://host for https://host): what connect-src allows besides
 * 'self', for browsers whose 'self' does not yet cover ws/wss of the same host. Null without PUBLIC_URL.
 */
export function socketOrigin(publicUrl: string | undefined): string | null {
  if (!publicUrl) return null;
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/** Headers every response carries. The CSP allows Stripe's card fields, the only third party. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { production: boolean; publicUrl: string | undefined },
) {
  const ownSocket = socketOrigin(options.publicUrl);
  const csp = [
    "default-src 'self'",
    "script-src 'self' https://js.stripe.com",
    'frame-src https://js.stripe.com https://hooks.stripe.com',
    // Only our own server, its live connection and Stripe: injected script could not phone anywhere else.
    `connect-src 'self'${ownSocket ? ` ${ownSocket}` : ''} https://api.stripe.com`,
    "img-src 'self' data: blob:",
    // Mantine sets inline styles on components.
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('Content-Security-Policy', csp);
    }
    if (options.production) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
