import { COMMON_ERRORS, canMessage } from '@amiko/core';
import { initTRPC } from '@trpc/server';
import { ZodError } from 'zod';
import type { Context } from './context.ts';
import { appCodeOf, appError, publicMessage } from './errors.ts';

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
export const publicProcedure = t.procedure;

/** Needs a signed-in member (401 otherwise). */
export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.session) throw appError('UNAUTHENTICATED', COMMON_ERRORS.notSignedIn);
  return next({ ctx: { ...ctx, session: ctx.session, member: ctx.session.member } });
});

/** Needs a member whose email address is verified. */
export const verifiedProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.member.emailVerified) throw appError('EMAIL_NOT_VERIFIED', COMMON_ERRORS.emailNotVerified);
  return next();
});

/** Needs a verified member with access to messaging: paid, or one of the early-access members. */
export const memberProcedure = verifiedProcedure.use(({ ctx, next }) => {
  if (!canMessage(ctx.member)) throw appError('PAYMENT_REQUIRED', 'payment:errors.paymentRequired');
  return next();
});
