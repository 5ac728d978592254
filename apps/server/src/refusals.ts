import { AppError } from '@amiko/api';
import { COMMON_ERRORS, isI18nKey, type AppErrorCode } from '@amiko/core';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

// How the routes outside tRPC say no. An answer never holds an error's own message (a driver's SQL, a
// runtime's "x is not a function", a library's wording): the app gets a stable code and an i18n key, as
// from tRPC; a page a browser opened (unsubscribe, data download) is translated by its route.

/** A refusal as the app reads it, like tRPC's: a stable code and an i18n key. */
export function refuse(reply: FastifyReply, status: number, appCode: AppErrorCode, messageKey: string) {
  return reply.code(status).send({ error: { message: messageKey, appCode } });
}

const refuseInvalidInput = (reply: FastifyReply) =>
  refuse(reply, 400, 'VALIDATION', COMMON_ERRORS.invalidInput);

/**
 * A plain route's query, params or body read with a zod schema. Fastify hands over whatever was sent (a
 * repeated key as an array, a NUL in a string, nothing at all), so a route works only with what its schema
 * let through. On a mismatch `refused` answers with status 400 (the app's JSON unless the route sends a
 * translated page) and the result is null: the handler then returns the reply.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  reply: FastifyReply,
  refused: (reply: FastifyReply) => unknown = refuseInvalidInput,
): z.output<S> | null {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  refused(reply.code(400));
  return null;
}

/** Fastify's own refusals (a body that is not JSON, too large, of a type nobody reads…) by status. */
const REFUSALS: Record<number, [AppErrorCode, string]> = {
  401: ['UNAUTHENTICATED', COMMON_ERRORS.notSignedIn],
  403: ['FORBIDDEN', COMMON_ERRORS.forbidden],
  404: ['NOT_FOUND', COMMON_ERRORS.notFound],
  429: ['RATE_LIMITED', COMMON_ERRORS.tooManyRequests],
};

/**
 * The error handler of every route outside tRPC, and of Fastify's framework errors (a malformed URL): our
 * refusals (AppError) keep their code and key, a client's mistake Fastify found is a 4xx with a generic key,
 * anything else is logged (redacted, logging.ts) and answered 500 with the generic key.
 */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const key = isI18nKey(error.message) ? error.message : COMMON_ERRORS.unknown;
    return refuse(reply, getHTTPStatusCodeFromError(error), error.appCode, key);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Not the error itself: a JSON parser's message quotes the body it choked on (a password, perhaps).
    request.log.info({ code: error.code, statusCode: status }, 'request refused');
    const [appCode, key] = REFUSALS[status] ?? ['VALIDATION', COMMON_ERRORS.invalidInput];
    return refuse(reply, status, appCode, key);
  }
  request.log.error({ err: error }, 'request failed');
  return refuse(reply, 500, 'INTERNAL', COMMON_ERRORS.unknown);
}
