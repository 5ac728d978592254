import type { MessageView } from '@amiko/api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  listWithConversationRead,
  listWithMessage,
  listWithoutConversation,
  listWithRead,
  pendingTo,
  threadWithMessage,
  threadWithMessages,
  threadWithOlderPage,
  threadWithRead,
  unreadUpTo,
  type ConversationList,
  type ThreadData,
} from './cache.ts';
import type { OutboxEntry } from './client.ts';

const message = (id: number, from = 'ana', to = 'ben', readAt: number | null = null): MessageView => ({
  id,
  conversationId: 'c',
  senderId: from,
  recipientId: to,
  clientId: `client-${id}`,
  body: `#${id}`,
  createdAt: id * 1000,
  readAt,
});

const empty: ThreadData = { messages: [], hasMore: false };

/** How a copy of a message reaches the cache: live, in a replay (sync) page, or in an older page. */
type Delivery =
  | { kind: 'live'; id: number; read: boolean }
  | { kind: 'sync'; ids: { id: number; read: boolean }[] }
  | { kind: 'older'; ids: { id: number; read: boolean }[]; hasMore: boolean };

const copy = (id: number, read: boolean) => message(id, 'ana', 'ben', read ? id * 1000 + 500 : null);

function deliver(thread: ThreadData, delivery: Delivery): ThreadData {
  switch (delivery.kind) {
    case 'live':
      return threadWithMessage(thread, copy(delivery.id, delivery.read));
    case 'sync':
      return threadWithMessages(
        thread,
        delivery.ids.map(({ id, read }) => copy(id, read)),
      );
    case 'older':
      return threadWithOlderPage(thread, {
        messages: delivery.ids.map(({ id, read }) => copy(id, read)),
        hasMore: delivery.hasMore,
      });
  }
}

const idCopy = fc.record({ id: fc.integer({ min: 1, max: 40 }), read: fc.boolean() });
const delivery: fc.Arbitrary<Delivery> = fc.oneof(
  idCopy.map(({ id, read }) => ({ kind: 'live' as const, id, read })),
  fc.array(idCopy, { maxLength: 8 }).map((ids) => ({ kind: 'sync' as const, ids })),
  fc
    .record({ ids: fc.array(idCopy, { maxLength: 8 }), hasMore: fc.boolean() })
    .map(({ ids, hasMore }) => ({ kind: 'older' as const, ids, hasMore })),
);
const copiesOf = (d: Delivery) => (d.kind === 'live' ? [{ id: d.id, read: d.read }] : d.ids);

describe('the cached thread under live messages, replays and older pages', () => {
  it('holds each message once, in id order, whatever order and repeats the events come in', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 60 }), (ids) => {
        let thread: ThreadData = { messages: [], hasMore: false };
        for (const id of ids) thread = threadWithMessage(thread, message(id));
        expect(thread.messages.map((m) => m.id)).toEqual([...new Set<number>(ids)].sort((a, b) => a - b));
      }),
    );
  });

  it('ends with every delivered message once, in id order, read when any copy said so', () => {
    fc.assert(
      fc.property(fc.array(delivery, { maxLength: 25 }), (deliveries) => {
        const thread = deliveries.reduce(deliver, empty);
        const copies = deliveries.flatMap(copiesOf);
        const ids = [...new Set(copies.map((c) => c.id))].sort((a, b) => a - b);
        expect(thread.messages.map((m) => m.id)).toEqual(ids);
        expect(new Set(thread.messages.map((m) => m.clientId)).size).toBe(ids.length);
        for (const m of thread.messages) {
          const read = copies.some((c) => c.id === m.id && c.read);
          expect(m.readAt).toBe(read ? m.id * 1000 + 500 : null);
        }
      }),
    );
  });

  it('gives the same messages in whatever order the deliveries arrive', () => {
    fc.assert(
      fc.property(
        fc
          .array(delivery, { maxLength: 20 })
          .chain((deliveries) =>
            fc.tuple(
              fc.constant(deliveries),
              fc.shuffledSubarray(deliveries, { minLength: deliveries.length }),
            ),
          ),
        ([deliveries, shuffled]) => {
          expect(shuffled.reduce(deliver, empty).messages).toEqual(
            deliveries.reduce(deliver, empty).messages,
          );
        },
      ),
    );
  });

  it('is unchanged by a delivery repeated', () => {
    fc.assert(
      fc.property(fc.array(delivery, { maxLength: 15 }), delivery, (before, repeated) => {
        const once = deliver(before.reduce(deliver, empty), repeated);
        expect(deliver(once, repeated)).toEqual(once);
      }),
    );
  });

  it('takes whether there are older messages from the older page', () => {
    const thread: ThreadData = { messages: [message(5), message(6)], hasMore: true };
    const merged = threadWithOlderPage(thread, {
      messages: [message(3), message(4), message(5)],
      hasMore: false,
    });
    expect(merged.messages.map((m) => m.id)).toEqual([3, 4, 5, 6]);
    expect(merged.hasMore).toBe(false);
  });

  it('keeps a read mark when an older copy of the message arrives after it', () => {
    const read = threadWithRead(
      { messages: [message(1)], hasMore: false },
      { conversationId: 'c', readerId: 'ben', upTo: 1, readAt: 77 },
    );
    expect(threadWithMessage(read, message(1)).messages[0]?.readAt).toBe(77);
  });

  it('marks read only the reader’s incoming messages up to the event’s id', () => {
    const thread: ThreadData = {
      messages: [message(1), message(2, 'ben', 'ana'), message(3), message(4)],
      hasMore: false,
    };
    const read = threadWithRead(thread, { conversationId: 'c', readerId: 'ben', upTo: 3, readAt: 99 });
    expect(read.messages.map((m) => m.readAt)).toEqual([99, null, 99, null]);
  });

  it('finds the newest unread message to the reader', () => {
    const messages = [message(1), message(2, 'ben', 'ana'), message(3, 'ana', 'ben', 5), message(4)];
    expect(unreadUpTo(messages, 'ben')).toBe(4);
    expect(unreadUpTo(messages, 'ana')).toBe(2);
    expect(unreadUpTo([], 'ana')).toBe(0);
  });
});

describe('messages on their way', () => {
  const entry = (clientId: string, to = 'ben'): OutboxEntry => ({
    clientId,
    to,
    body: clientId,
    createdAt: 0,
    status: 'sending',
  });

  it('shows each message once: an entry whose stored copy arrived is left out, the rest keep their order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { maxLength: 15 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { maxLength: 15 }),
        (outboxIds, storedIds) => {
          const outbox = outboxIds.map((id) => entry(`client-${id}`, id % 3 === 0 ? 'cleo' : 'ben'));
          const stored = storedIds.map((id) => message(id));
          const pending = pendingTo(outbox, 'ben', stored);
          expect(pending).toEqual(
            outbox.filter((e) => e.to === 'ben' && !storedIds.some((id) => `client-${id}` === e.clientId)),
          );
          const shown = [...stored.map((m) => m.clientId), ...pending.map((e) => e.clientId)];
          expect(new Set(shown).size).toBe(shown.length);
        },
      ),
    );
  });
});

describe('the cached conversation list', () => {
  const list = (): ConversationList => ({
    cursor: 10,
    conversations: [
      {
        id: 'other',
        other: { id: 'cleo', name: 'Cleo', avatarUrl: null, deleted: false },
        lastMessage: null,
        updatedAt: 1,
        unreadCount: 0,
        blockedByMe: false,
      },
      {
        id: 'c',
        other: { id: 'ana', name: 'Ana', avatarUrl: null, deleted: false },
        lastMessage: { id: 2, senderId: 'ana', body: '#2', createdAt: 2000, readAt: null },
        updatedAt: 2000,
        unreadCount: 1,
        blockedByMe: false,
      },
    ],
  });

  it('moves a conversation to the top with its newest message, counting each new message to me once', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 30 }), (ids) => {
        let current = list();
        const counted = new Set<number>();
        let newest = 2;
        for (const id of ids) {
          current = listWithMessage(current, 'ben', message(id));
          if (id > newest) {
            counted.add(id);
            newest = id;
          }
        }
        const conversation = current.conversations.find((c) => c.id === 'c');
        expect(conversation?.lastMessage?.id).toBe(newest);
        expect(conversation?.unreadCount).toBe(1 + counted.size);
        if (newest > 2) expect(current.conversations[0]?.id).toBe('c');
        expect(current.cursor).toBe(10);
      }),
    );
  });

  it('leaves the list alone for a conversation it does not hold', () => {
    const before = list();
    expect(listWithMessage(before, 'ben', { ...message(9), conversationId: 'new' })).toBe(before);
  });

  it('marks the last message read for its sender, and clears the count for the reader', () => {
    const read = listWithRead(list(), { conversationId: 'c', readerId: 'ben', upTo: 2, readAt: 5 });
    expect(read.conversations[1]?.lastMessage?.readAt).toBe(5);
    const notYet = listWithRead(list(), { conversationId: 'c', readerId: 'ben', upTo: 1, readAt: 5 });
    expect(notYet.conversations[1]?.lastMessage?.readAt).toBeNull();
    expect(listWithConversationRead(list(), 'c').conversations[1]?.unreadCount).toBe(0);
    expect(listWithoutConversation(list(), 'c').conversations.map((c) => c.id)).toEqual(['other']);
  });
});
