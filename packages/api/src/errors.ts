import { COMMON_ERRORS, isI18nKey, type AppErrorCode } from '@amiko/core';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

const TRPC_CODES: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  VALIDATION: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  EMAIL_NOT_VERIFIED: 'FORBIDDEN',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  BUSY: 'TOO_MANY_REQUESTS',
  PAYMENT_REQUIRED: 'PAYMENT_REQUIRED',
  BLOCKED: 'FORBIDDEN',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
};

const APP_CODES: Partial<Record<TRPC_ERROR_CODE_KEY, AppErrorCode>> = {
  BAD_REQUEST: 'VALIDATION',
  PARSE_ERROR: 'VALIDATION',
  UNAUTHORIZED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
  PAYMENT_REQUIRED: 'PAYMENT_REQUIRED',
  PAYLOAD_TOO_LARGE: 'VALIDATION',
};

/** An error a member should see: a stable code to branch on and an i18n key to show. */
export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  readonly field: string | undefined;

  constructor(appCode: AppErrorCode, messageKey: string, options: { field?: string; cause?: unknown } = {}) {
    super({ code: TRPC_CODES[appCode], message: messageKey, cause: options.cause });
    this.appCode = appCode;
    this.field = options.field;
  }
}

export function appError(appCode: AppErrorCode, messageKey: string, options?: { field?: string }): AppError {
  return new AppError(appCode, messageKey, options);
}

export function appCodeOf(error: TRPCError): AppErrorCode {
  if (error instanceof AppError) return error.appCode;
  return APP_CODES[error.code] ?? 'INTERNAL';
}

/** The message a client may show: our own i18n keys pass, anything else becomes the generic error. */
export function publicMessage(message: string): string {
  return isI18nKey(message) ? message : COMMON_ERRORS.unknown;
}
