import { hideUrlPasswords } from '@amiko/db';
import type { FastifyRequest } from 'fastify';
import { stdSerializers, type LoggerOptions } from 'pino';

// Logs are read by more people, and kept longer, than the database's secrets: they never hold one-time
// codes (links in mail carry them as ?code=), session tokens (the cookie), unsubscribe keys (?k=) or the
// values a failed query was given (emails, token hashes, message text).

/**
 * Every query parameter whose value is a secret: a link's one-time code, a token, the unsubscribe key. A
 * route that takes a new secret in its URL adds its name here, and no log line holds its value.
 */
export const SECRET_QUERY_PARAMS: readonly string[] = ['code', 'token', 'k'];

const SECRET_NAMES = new Set(SECRET_QUERY_PARAMS.map((name) => name.toLowerCase()));

/** A parameter's name as the server reads it (percent-decoded, + as a space), for comparison. */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** A request URL with the values of its secret parameters (SECRET_QUERY_PARAMS, however spelt) replaced. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const hash = url.indexOf('#', start);
  const end = hash === -1 ? url.length : hash;
  const query = url
    .slice(start + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && SECRET_NAMES.has(decodedName(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${query}${url.slice(end)}`;
}

/**
 * An error as pino would log it, minus the values its query was given: drizzle's DrizzleQueryError puts
 * them in its message ("params: …") and in `params`; postgres.js adds `parameters` and `args` (hidden
 * unless debugging) and echoes values in `detail` ("Key (email)=(…) already exists"). A connection URL in
 * its message or stack keeps its user but not its password.
 */
export function redactError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized: Record<string, unknown> = { ...stdSerializers.err(error) };
  const scrub = (value: Record<string, unknown>) => {
    for (const key of ['params', 'parameters', 'args', 'detail']) delete value[key];
    for (const key of ['message', 'stack']) {
      if (typeof value[key] === 'string')
        value[key] = hideUrlPasswords(
          (value[key] as string).replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, ''),
        );
    }
  };
  for (let level: unknown = serialized, depth = 0; level && depth < 5; depth += 1) {
    scrub(level as Record<string, unknown>);
    level = (level as { cause?: unknown }).cause;
  }
  return serialized;
}

/** The server's pino settings: JSON lines at `level`, secrets kept out. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
      err: redactError,
    },
    // In case a log call passes headers along: the session cookie is a bearer token.
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'headers.cookie',
      ],
      censor: '[redacted]',
    },
  };
}
