import type { MessageView } from '@amiko/api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withMessage, withRead, type ThreadData } from './thread-data.ts';

const message = (id: number, from = 'ana', to = 'ben'): MessageView => ({
  id,
  conversationId: 'c',
  senderId: from,
  recipientId: to,
  clientId: `client-${id}`,
  body: `#${id}`,
  createdAt: id * 1000,
  readAt: null,
});

describe('the cached thread under live events', () => {
  it('holds each message once, in id order, whatever order and repeats the events come in', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 60 }), (ids) => {
        let thread: ThreadData = { messages: [], hasMore: false };
        for (const id of ids) thread = withMessage(thread, message(id));
        expect(thread.messages.map((m) => m.id)).toEqual([...new Set<number>(ids)].sort((a, b) => a - b));
      }),
    );
  });

  it('marks read only the reader’s incoming messages up to the event’s id', () => {
    const thread: ThreadData = {
      messages: [message(1), message(2, 'ben', 'ana'), message(3), message(4)],
      hasMore: false,
    };
    const read = withRead(thread, { conversationId: 'c', readerId: 'ben', upTo: 3, readAt: 99 });
    expect(read.messages.map((m) => m.readAt)).toEqual([99, null, 99, null]);
  });
});
