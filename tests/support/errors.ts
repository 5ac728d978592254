import type { AppRouter } from '@amiko/api';
import { TRPCClientError } from '@trpc/client';

/** Awaits a call that must fail and returns its tRPC error (appCode, i18n message, field errors). */
export async function failure(call: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCClientError) return error as TRPCClientError<AppRouter>;
    throw error;
  }
  throw new Error('Expected the call to fail, but it succeeded');
}
