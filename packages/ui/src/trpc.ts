import { TRPC_MAX_BATCH } from '@amiko/core';
import type { AppRouter } from '@amiko/api';
import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';

export const trpc = createTRPCReact<AppRouter>();

/** Requests that failed for a reason retrying cannot fix (4xx) are not retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 0;
    if (status >= 400 && status < 500) return false;
  }
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export function createTrpcClient(apiBaseUrl: string) {
  return trpc.createClient({
    links: [
      httpBatchLink({
        maxItems: TRPC_MAX_BATCH,
        url: `${apiBaseUrl}/trpc`,
        fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }),
      }),
    ],
  });
}
