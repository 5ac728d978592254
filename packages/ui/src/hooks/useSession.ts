import { trpc } from '../trpc.ts';

/**
 * The session state of SPEC §3: loading, then the signed-in member (read once after sign-in, refreshed on
 * demand) or null for a visitor.
 */
export function useSession() {
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  return {
    loading: me.isPending,
    member: me.data ?? null,
    /** Reads the member again, e.g. after a profile change that affects navigation. */
    refresh: () => utils.auth.me.invalidate(),
  };
}

export type SessionMember = NonNullable<ReturnType<typeof useSession>['member']>;
