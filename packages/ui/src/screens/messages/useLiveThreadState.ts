import type { MessageView } from '@amiko/api';
import { useSyncExternalStore } from 'react';
import { pendingTo } from '../../messaging/cache.ts';
import type { MessagingClient, OutboxEntry } from '../../messaging/client.ts';

// What the live connection knows about one conversation beyond the cached thread: the messages on their
// way to the other member, and whether they are typing.

const noEntries: OutboxEntry[] = [];
const noneClosed: ReadonlyMap<string, NonNullable<OutboxEntry['error']>> = new Map();
const noTyping: ReadonlyMap<string, { memberId: string; until: number }> = new Map();
const noop = () => () => undefined;

/** The messages on their way to `peerId` that are not stored yet, oldest first. */
export function usePendingMessages(
  client: MessagingClient | null,
  peerId: string,
  stored: readonly MessageView[],
): OutboxEntry[] {
  const outbox = useSyncExternalStore(
    client?.outbox.subscribe ?? noop,
    client?.outbox.get ?? (() => noEntries),
  );
  return pendingTo(outbox, peerId, stored);
}

/** Who is typing in the conversation, and until when (undefined when nobody is). */
export function useTyping(client: MessagingClient | null, conversationId: string | null) {
  const typing = useSyncExternalStore(
    client?.typing.subscribe ?? noop,
    client?.typing.get ?? (() => noTyping),
  );
  return conversationId ? typing.get(conversationId) : undefined;
}

/** Why messages to `peerId` were refused for good in this session (a block), or undefined. */
export function useClosedTo(client: MessagingClient | null, peerId: string) {
  const closed = useSyncExternalStore(
    client?.closed.subscribe ?? noop,
    client?.closed.get ?? (() => noneClosed),
  );
  return closed.get(peerId);
}
