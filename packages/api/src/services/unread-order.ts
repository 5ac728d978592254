// An unread state read in a message's send transaction travels with the message (issue 32): no read of its
// own after the send. It must never reach a member's devices after a state read later, in this process:
// it goes along only when no publication of the member's state started since the send began (`mark`, taken
// before the send), none is under way, and no newer message's state went out with it. What that takes, per
// member: the number of the last publication started (of all in this process) and the id of the newest
// message whose state went out; kept for a minute, far longer than any send takes. One order for the
// conversations' unread state (messaging/read.ts) and one for the pods' (pods-unread.ts).

const RECENT_MS = 60_000;

export interface UnreadOrder {
  /** A publication of the member's state starts (or anything states read before must not follow out). */
  starts(memberId: string): void;
  /** Taken before a message is stored: what `takesAlong` compares with. */
  mark(): number;
  /**
   * Whether the state read with message `messageId` to `memberId` may go out with it (and then counts it as
   * gone out): nothing started since `mark`, nothing `underWay`, no newer message's state out.
   */
  takesAlong(memberId: string, messageId: number, mark: number, underWay: boolean): boolean;
}

export function createUnreadOrder(): UnreadOrder {
  let started = 0;
  const recent = new Map<string, { publication: number; messageId: number; at: number }>();

  const remember = (memberId: string, latest: { publication: number; messageId: number }) => {
    const at = Date.now();
    // Oldest first: re-inserted on every change, so the forgotten ones are at the front.
    recent.delete(memberId);
    for (const [id, { at: since }] of recent) {
      if (since > at - RECENT_MS) break;
      recent.delete(id);
    }
    recent.set(memberId, { ...latest, at });
  };

  return {
    starts(memberId) {
      started += 1;
      remember(memberId, { publication: started, messageId: recent.get(memberId)?.messageId ?? 0 });
    },
    mark: () => started,
    takesAlong(memberId, messageId, mark, underWay) {
      const latest = recent.get(memberId);
      if (underWay || (latest && (latest.publication > mark || latest.messageId > messageId))) return false;
      remember(memberId, { publication: latest?.publication ?? 0, messageId });
      return true;
    },
  };
}
