import { COMMON_ERRORS, isI18nKey, type AppErrorCode } from '@amiko/core';
import { TRPCClientError } from '@trpc/client';

interface ErrorData {
  appCode?: AppErrorCode;
  fieldErrors?: Record<string, string>;
}

function dataOf(error: unknown): ErrorData | undefined {
  return error instanceof TRPCClientError ? (error.data as ErrorData | undefined) : undefined;
}

/** The i18n key to show for a failed request: the server's own key, a network problem, or the generic one. */
export function errorKey(error: unknown): string {
  if (error instanceof TRPCClientError) {
    if (isI18nKey(error.message)) return error.message;
    if (!error.data) return 'common:errors.network';
  }
  return COMMON_ERRORS.unknown;
}

export function appCodeOf(error: unknown): AppErrorCode | undefined {
  return dataOf(error)?.appCode;
}

/** Per-field i18n keys of a validation error, for putting the message next to the field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return dataOf(error)?.fieldErrors ?? {};
}
