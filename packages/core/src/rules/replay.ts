/**
 * How long a message id received live must have been held, while connected, before a client may resume
 * after it. Ids become visible in increasing order for each member (docs/decisions.md), but live events
 * that travel through different server processes can overtake each other by a moment.
 */
export const REPLAY_GRACE_MS = 5000;

export interface ReplayCursor {
  /** A message id arrived live (an event or an ack) at `now`. */
  seenLive(id: number, now: number): void;
  /** A page of a sync or a list arrived: a consistent snapshot, everything up to `id` is known. */
  seenSnapshot(id: number): void;
  /** The connection dropped at `now`: ids not yet held long enough no longer count. */
  disconnected(now: number): void;
  /** The id to ask "every message after" once connected again. */
  resumeAfter(now: number): number;
}

/**
 * Where a client resumes after a reconnect ("every message after the last id I saw"). An id seen live
 * counts once it has been held for REPLAY_GRACE_MS while connected, so an id that overtook an older one
 * on its way never hides the older one: resuming may repeat a few messages (clients skip ids they have),
 * but never skips one.
 */
export function createReplayCursor(start = 0, graceMs = REPLAY_GRACE_MS): ReplayCursor {
  let confirmed = start;
  let recent: { id: number; at: number }[] = [];
  const settle = (until: number) => {
    const keep: typeof recent = [];
    for (const entry of recent) {
      if (entry.at <= until) confirmed = Math.max(confirmed, entry.id);
      else keep.push(entry);
    }
    recent = keep;
  };
  return {
    seenLive(id, now) {
      settle(now - graceMs);
      if (id > confirmed) recent.push({ id, at: now });
    },
    seenSnapshot(id) {
      confirmed = Math.max(confirmed, id);
      recent = recent.filter((entry) => entry.id > confirmed);
    },
    disconnected(now) {
      settle(now - graceMs);
      recent = [];
    },
    resumeAfter(now) {
      settle(now - graceMs);
      return confirmed;
    },
  };
}
