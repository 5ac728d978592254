import { useMessagingLive } from './useMessagingLive.ts';

/** Keeps a verified member's live messaging connection while mounted. Its own chunk: members only. */
export default function LiveMessaging({ memberId }: { memberId: string }) {
  useMessagingLive(memberId);
  return null;
}
