import type { MeView } from '@amiko/api';
import { trpc } from '../trpc.ts';

/**
 * After sign-in or sign-up: the session state becomes the new member at once (so screens can route them on),
 * and whatever was loaded for the visitor before is loaded again for the member.
 */
export function useSignedIn() {
  const utils = trpc.useUtils();
  return (member: MeView) => {
    utils.auth.me.setData(undefined, member);
    void utils.invalidate();
  };
}
