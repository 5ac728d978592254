import { COMMON_ERRORS, type AppErrorCode } from '@amiko/core';
import { asTranslationKey, type TranslationKey } from '@amiko/i18n';
import { TRPCClientError } from '@trpc/client';

interface ErrorData {
  appCode?: AppErrorCode;
  fieldErrors?: Record<string, string>;
}

function dataOf(error: unknown): ErrorData | undefined {
  return error instanceof TRPCClientError ? (error.data as ErrorData | undefined) : undefined;
}

/**
 * The i18n key to show for a failed request: the server's own key, a network problem, or the generic one.
 * It can be of any namespace: translate it with `i18n.t`, whose keys span them all (a screen's `t` takes
 * the keys of its own namespaces).
 */
export function errorKey(error: unknown): TranslationKey {
  if (error instanceof TRPCClientError) {
    const key = asTranslationKey(error.message);
    if (key) return key;
    if (!error.data) return 'common:errors.network';
  }
  return COMMON_ERRORS.unknown;
}

/** The key a shared schema's (or the server's) message names, or the generic error for any other text. */
export function messageKey(message: string | undefined): TranslationKey {
  const key = message === undefined ? undefined : asTranslationKey(message);
  return key ?? COMMON_ERRORS.unknown;
}

export function appCodeOf(error: unknown): AppErrorCode | undefined {
  return dataOf(error)?.appCode;
}

/** Per-field i18n keys of a validation error, for putting the message next to the field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return dataOf(error)?.fieldErrors ?? {};
}
