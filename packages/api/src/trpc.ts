import { COMMON_ERRORS, canMessage } from '@amiko/core';
import { initTRPC } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import type { Context } from './context.ts';
import { appCodeOf, appError, publicMessage } from './errors.ts';
import { stampActivity } from './services/activity.ts';

function fieldErrorsOf(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    fields[path] ??=
      publicMessage(issue.message) === issue.message ? issue.message : COMMON_ERRORS.invalidInput;
  }
  return fields;
}

const t = initTRPC.context<Context>().create({
  // Every error reaches the client as an i18n key plus a stable appCode; validation errors also say which
  // field failed. Nothing else (no stack, no driver message) leaves the server.
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    const fieldErrors = zod ? fieldErrorsOf(zod) : undefined;
    const message = zod
      ? (Object.values(fieldErrors ?? {})[0] ?? COMMON_ERRORS.invalidInput)
      : publicMessage(error.message);
    const field = (error as { field?: string }).field;
    return {
      message,
      code: shape.code,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        appCode: appCodeOf(error),
        fieldErrors: fieldErrors ?? (field ? { [field]: message } : undefined),
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/**
 * Every procedure is timed by its name (not its URL: a batch carries several), with the HTTP status its
 * answer stands for, for the metrics. First in the chain, so refusals of access and input count too.
 */
export const publicProcedure = t.procedure.use(async ({ ctx, path, type, next }) => {
  const started = performance.now();
  const result = await next();
  ctx.deps.metrics.procedureCalled({
    procedure: path,
    type,
    status: result.ok ? 200 : getHTTPStatusCodeFromError(result.error),
    seconds: (performance.now() - started) / 1000,
  });
  return result;
});

/** Needs a signed-in member (401 otherwise). */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw appError('UNAUTHENTICATED', COMMON_ERRORS.notSignedIn);
  return next({ ctx: { ...ctx, session: ctx.session, member: ctx.session.member } });
});

/** Needs a member whose email address is verified. */
export const verifiedProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  if (!ctx.member.emailVerified) throw appError('EMAIL_NOT_VERIFIED', COMMON_ERRORS.emailNotVerified);
  // The member's last activity, at most once per few minutes per process (services/activity.ts); awaited,
  // so the next request of anyone sees it, but a failure only costs the stamp.
  await stampActivity(ctx.deps, [ctx.member.id]).catch((error: unknown) =>
    ctx.deps.log.warn({ err: error, memberId: ctx.member.id }, 'activity not stamped'),
  );
  return next();
});

/** Needs a verified member with access to messaging: paid, or one of the early-access members. */
export const memberProcedure = verifiedProcedure.use(({ ctx, next }) => {
  if (!canMessage(ctx.member)) throw appError('PAYMENT_REQUIRED', 'payment:errors.paymentRequired');
  return next();
});
