import { TRPCClientError } from '@trpc/client';
import { trpc } from '../trpc.ts';

/**
 * The session state of SPEC §3: loading, then the signed-in member (read once after sign-in, refreshed on
 * demand) or null for a visitor; or `offline` when the server cannot be reached to ask (no network: React
 * Query waits for one; or no answer at all, after the retries), which the layout shows instead of a page.
 */
export function useSession() {
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  const unreachable =
    me.data === undefined &&
    ((me.isPending && me.isPaused) || (me.error instanceof TRPCClientError && !me.error.data));
  return {
    loading: me.isPending && !unreachable,
    member: me.data ?? null,
    offline: unreachable,
    /** Asks again (the offline screen's "Try again"); `retrying` while it does. */
    retry: () => void utils.auth.me.invalidate(),
    retrying: me.isFetching,
    /** Reads the member again, e.g. after a profile change that affects navigation. */
    refresh: () => utils.auth.me.invalidate(),
  };
}

export type SessionMember = NonNullable<ReturnType<typeof useSession>['member']>;
