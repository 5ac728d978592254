import type { PeerView, PodMessageView, PodReadEvent, PodThreadPage } from '@amiko/api';

// The pod chat's cache (pods.messages for one pod) kept current by hand: live messages, replayed pages,
// older pages and read marks all meet here, in id order, each message once.

/** The page with these messages (and senders) merged in: in id order, none twice, the newer copy kept. */
export function pageWithMessages(
  page: PodThreadPage,
  messages: readonly PodMessageView[],
  senders: readonly PeerView[] = [],
): PodThreadPage {
  const byId = new Map(page.messages.map((m) => [m.id, m]));
  for (const message of messages) byId.set(message.id, message);
  const people = new Map(page.senders.map((s) => [s.id, s]));
  for (const sender of senders) people.set(sender.id, sender);
  return {
    ...page,
    messages: [...byId.values()].sort((a, b) => a.id - b.id),
    senders: [...people.values()],
  };
}

/** The page with a member's read mark moved forward (never back: events may arrive out of order). */
export function pageWithRead(
  page: PodThreadPage,
  event: Pick<PodReadEvent, 'readerId' | 'upTo'>,
): PodThreadPage {
  const current = page.reads.find((r) => r.memberId === event.readerId);
  if (current && current.upTo >= event.upTo) return page;
  return {
    ...page,
    reads: [
      ...page.reads.filter((r) => r.memberId !== event.readerId),
      { memberId: event.readerId, upTo: event.upTo },
    ],
  };
}

/** The id of the newest message the page holds, 0 when none: the point a replay continues from. */
export const lastIdOf = (page: PodThreadPage | undefined): number => page?.messages.at(-1)?.id ?? 0;
