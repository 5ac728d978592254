import type { PodMessageView, PodThreadPage } from '@amiko/api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastIdOf, pageWithMessages, pageWithRead } from './chat-cache.ts';

const message = (id: number, body = `m${id}`): PodMessageView => ({
  id,
  podId: 'p',
  senderId: `s${id % 3}`,
  clientId: `c${id}`,
  body,
  createdAt: id,
  meetup: null,
});
const empty: PodThreadPage = { messages: [], hasMore: false, senders: [], reads: [], myReadUpTo: null };

describe('the pod chat cache', () => {
  it('holds every message once, in id order, whatever order and repeats they arrive in', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 1, max: 40 }))), (batches) => {
        let page = empty;
        for (const ids of batches)
          page = pageWithMessages(
            page,
            ids.map((id) => message(id)),
          );
        const expected = [...new Set(batches.flat())].sort((a, b) => a - b);
        expect(page.messages.map((m) => m.id)).toEqual(expected);
        expect(lastIdOf(page)).toBe(expected.at(-1) ?? 0);
      }),
    );
  });

  it('keeps senders by id, the newer copy winning', () => {
    const page = pageWithMessages(
      { ...empty, senders: [{ id: 'a', name: 'Ana', avatarUrl: null, deleted: false }] },
      [],
      [
        { id: 'a', name: 'Anna', avatarUrl: null, deleted: false },
        { id: 'b', name: 'Ben', avatarUrl: null, deleted: false },
      ],
    );
    expect(page.senders.map((s) => s.name)).toEqual(['Anna', 'Ben']);
  });

  it('moves a read mark forward only', () => {
    let page = pageWithRead(empty, { readerId: 'a', upTo: 5 });
    page = pageWithRead(page, { readerId: 'a', upTo: 3 });
    expect(page.reads).toEqual([{ memberId: 'a', upTo: 5 }]);
    page = pageWithRead(page, { readerId: 'a', upTo: 9 });
    expect(page.reads).toEqual([{ memberId: 'a', upTo: 9 }]);
  });
});
