import type { ConversationReadEvent, MessageView, RouterOutputs } from '@amiko/api';
import type { OutboxEntry } from './client.ts';

// Every change to the cached messaging data, as pure functions: a thread's page and the conversation list
// under live messages, replays after a reconnect, older pages, read marks, deletions and blocks. Events
// repeat and arrive out of order (a live message, its replay and our own ack can all carry the same
// message), so each function gives the same result however often and in whatever order it is applied.
// The callers (useMessagingLive, the thread's hooks, ThreadActions) only put the results into the caches.

export type ThreadData = RouterOutputs['messages']['thread'];
export type ConversationList = RouterOutputs['messages']['conversations'];

/** Two copies of one message: the same but for a read mark, which once known is never taken back. */
function mergeCopies(known: MessageView, other: MessageView): MessageView {
  if (known.readAt === null) return other;
  if (other.readAt === null) return known;
  return known.readAt <= other.readAt ? known : other;
}

/** Merges messages into a thread page: one copy per id, in id order (the order they were stored in). */
export function threadWithMessages(thread: ThreadData, messages: readonly MessageView[]): ThreadData {
  if (messages.length === 0) return thread;
  const byId = new Map(thread.messages.map((m) => [m.id, m]));
  for (const message of messages) {
    const known = byId.get(message.id);
    byId.set(message.id, known ? mergeCopies(known, message) : message);
  }
  return { ...thread, messages: [...byId.values()].sort((a, b) => a.id - b.id) };
}

/** A live, replayed or acknowledged message. */
export function threadWithMessage(thread: ThreadData, message: MessageView): ThreadData {
  return threadWithMessages(thread, [message]);
}

/** A page of older messages put in front; whether there are yet older ones is the page's to say. */
export function threadWithOlderPage(thread: ThreadData, page: ThreadData): ThreadData {
  return { ...threadWithMessages(thread, page.messages), hasMore: page.hasMore };
}

/** Marks the messages a reader has read, up to the event's id. */
export function threadWithRead(thread: ThreadData, event: ConversationReadEvent): ThreadData {
  return {
    ...thread,
    messages: thread.messages.map((m) =>
      m.recipientId === event.readerId && m.id <= event.upTo && m.readAt === null
        ? { ...m, readAt: event.readAt }
        : m,
    ),
  };
}

/**
 * The messages on their way to `peerId` that the thread does not hold yet: the server's copy of a message
 * (its ack, or its live echo) can arrive before the outbox lets it go, and it is shown once.
 */
export function pendingTo(
  outbox: readonly OutboxEntry[],
  peerId: string,
  stored: readonly MessageView[],
): OutboxEntry[] {
  const storedClientIds = new Set(stored.map((m) => m.clientId));
  return outbox.filter((e) => e.to === peerId && !storedClientIds.has(e.clientId));
}

/** The highest id of a message to `me` that `me` has not read; 0 when there is none. */
export function unreadUpTo(messages: readonly MessageView[], me: string): number {
  return messages.reduce(
    (max, m) => (m.recipientId === me && m.readAt === null ? Math.max(max, m.id) : max),
    0,
  );
}

/**
 * A message in the conversation list: its conversation moves to the top with it as the last message,
 * counted unread when it is to `me`. Unchanged when the list does not hold the conversation (it comes with
 * the list's next load) or already has this message or a newer one.
 */
export function listWithMessage(list: ConversationList, me: string, message: MessageView): ConversationList {
  const conversation = list.conversations.find((c) => c.id === message.conversationId);
  if (!conversation) return list;
  if (conversation.lastMessage && conversation.lastMessage.id >= message.id) return list;
  const updated = {
    ...conversation,
    lastMessage: {
      id: message.id,
      senderId: message.senderId,
      body: message.body,
      createdAt: message.createdAt,
      readAt: message.readAt,
    },
    updatedAt: message.createdAt,
    unreadCount: conversation.unreadCount + (message.recipientId === me && message.readAt === null ? 1 : 0),
  };
  // list.cursor stays as the server's snapshot said: only a snapshot may move the replay cursor at once.
  return { ...list, conversations: [updated, ...list.conversations.filter((c) => c.id !== conversation.id)] };
}

/** Whether the list holds the conversation. */
export function listHas(list: ConversationList | undefined, conversationId: string): boolean {
  return list?.conversations.some((c) => c.id === conversationId) ?? false;
}

/** A read mark in the list: the last message shows as read when the other member read it. */
export function listWithRead(list: ConversationList, event: ConversationReadEvent): ConversationList {
  return {
    ...list,
    conversations: list.conversations.map((c) => {
      if (c.id !== event.conversationId) return c;
      const last = c.lastMessage;
      const lastRead =
        last && last.senderId !== event.readerId && last.id <= event.upTo && last.readAt === null
          ? { ...last, readAt: event.readAt }
          : last;
      return { ...c, lastMessage: lastRead };
    }),
  };
}

/** The member read a conversation: nothing in it is unread any more. */
export function listWithConversationRead(list: ConversationList, conversationId: string): ConversationList {
  return {
    ...list,
    conversations: list.conversations.map((c) => (c.id === conversationId ? { ...c, unreadCount: 0 } : c)),
  };
}

/** A deleted conversation leaves the list. */
export function listWithoutConversation(list: ConversationList, conversationId: string): ConversationList {
  return { ...list, conversations: list.conversations.filter((c) => c.id !== conversationId) };
}

/** The member blocked `peerId`: their conversation says so. */
export function listWithBlocked(list: ConversationList, peerId: string): ConversationList {
  return {
    ...list,
    conversations: list.conversations.map((c) => (c.other.id === peerId ? { ...c, blockedByMe: true } : c)),
  };
}
