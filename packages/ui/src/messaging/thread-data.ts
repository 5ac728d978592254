import type { ConversationReadEvent, MessageView, RouterOutputs } from '@amiko/api';

// The cached page of a conversation, changed by live events: pure functions, so that repeats and events
// arriving out of order leave it right.

export type ThreadData = RouterOutputs['messages']['thread'];

/** Inserts a message into a thread page in id order, replacing a copy with the same id. */
export function withMessage(thread: ThreadData, message: MessageView): ThreadData {
  const messages = thread.messages.filter((m) => m.id !== message.id);
  const at = messages.findIndex((m) => m.id > message.id);
  if (at === -1) messages.push(message);
  else messages.splice(at, 0, message);
  return { ...thread, messages };
}

/** Marks the messages a reader has read, up to the event's id. */
export function withRead(thread: ThreadData, event: ConversationReadEvent): ThreadData {
  return {
    ...thread,
    messages: thread.messages.map((m) =>
      m.recipientId === event.readerId && m.id <= event.upTo && m.readAt === null
        ? { ...m, readAt: event.readAt }
        : m,
    ),
  };
}
