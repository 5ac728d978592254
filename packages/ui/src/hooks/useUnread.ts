import { useEffect, useRef } from 'react';
import { usePlatform } from '../platform.tsx';
import { trpc } from '../trpc.ts';
import { useSession } from './useSession.ts';

/**
 * The unread indicator of SPEC §4: whether the header's chat icon shows its red dot (a message to the
 * member, not sent by them, not read, newer than what they last cleared), and the action that clears it
 * on the server, so that it stays cleared on every device. Also hands the number of conversations with
 * unread messages, and of pods with unread messages, to the host (tab title, desktop badge). The live connection that keeps these current is
 * LiveMessaging, mounted by the header.
 */
export function useUnread(): {
  hasUnread: boolean;
  unreadPods: number;
  podInvitations: number;
  clear: () => void;
} {
  const { member, loading } = useSession();
  const memberId = member?.emailVerified ? member.id : null;
  const platform = usePlatform();
  const utils = trpc.useUtils();
  const unread = trpc.messages.unread.useQuery(undefined, { enabled: memberId !== null, staleTime: 60_000 });
  const clearUnread = trpc.messages.clearUnread.useMutation({
    onSettled: () => utils.messages.unread.invalidate(),
  });
  // Pods with messages after the member's read mark (issue 34): on the Pods link, and in the host's count.
  const pods = trpc.pods.unread.useQuery(undefined, { enabled: memberId !== null, staleTime: 60_000 });
  const unreadPods = memberId ? (pods.data?.unreadPods ?? 0) : 0;
  const count = memberId ? (unread.data?.unreadConversations ?? 0) + unreadPods : 0;
  const known = !loading && (memberId === null || (unread.data !== undefined && !pods.isPending));
  // The first count known is always reported, 0 too: the desktop's badge lives in the main process and
  // outlasts a reload of the page (offline and back, a retry, signing out), so it would keep a stale
  // number. After that, changes only.
  const reported = useRef<number | null>(null);
  useEffect(() => {
    if (!known || reported.current === count) return;
    reported.current = count;
    platform.setUnreadCount(count);
  }, [platform, count, known]);

  return {
    hasUnread: memberId !== null && (unread.data?.hasUnread ?? false),
    unreadPods,
    // Pending invitations to pods (issue 34): on the Pods link too, not in the host's count of messages.
    podInvitations: memberId ? (pods.data?.invitations ?? 0) : 0,
    clear: () => {
      if (!memberId || !unread.data?.hasUnread) return;
      utils.messages.unread.setData(undefined, (data) => data && { ...data, hasUnread: false });
      clearUnread.mutate();
    },
  };
}
