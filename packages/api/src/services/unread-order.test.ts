import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createUnreadOrder } from './unread-order.ts';

// The rule that lets a state read in a send's transaction travel with its message, for conversations and
// pods alike. Played against what it protects: a device must never be left showing a state older than one
// it was sent before.
describe('unread order', () => {
  it('lets a state go along only when nothing read after the send began went out', () => {
    const order = createUnreadOrder();
    const mark = order.mark();
    order.starts('ben'); // a publication of Ben's state starts while the message is stored
    expect(order.takesAlong('ben', 10, mark, false)).toBe(false);
    expect(order.takesAlong('ana', 10, mark, false)).toBe(true); // others' are not held up
    const later = order.mark();
    expect(order.takesAlong('ben', 12, later, false)).toBe(true);
    expect(order.takesAlong('ben', 11, later, false)).toBe(false); // an older message's, resolved later
    expect(order.takesAlong('ben', 13, later, true)).toBe(false); // a publication under way
    expect(order.takesAlong('ben', 13, later, false)).toBe(true);
  });

  it('never lets a device end with a state older than one it was sent (random interleavings)', () => {
    // Each send takes a mark, is stored (its id, its state's "age" being the time it was read), and later
    // resolves; publications read the newest state when they start and deliver it at once. A state that does
    // not go along is read again, as a publication would.
    type Event = { kind: 'send' } | { kind: 'publish' } | { kind: 'resolve'; which: number };
    const events = fc.array(
      fc.oneof(
        fc.constant<Event>({ kind: 'send' }),
        fc.constant<Event>({ kind: 'publish' }),
        fc.nat(20).map<Event>((which) => ({ kind: 'resolve', which })),
      ),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(events, (steps) => {
        const order = createUnreadOrder();
        let clock = 0; // every read of the state is at a new time: a larger number is newer
        let nextId = 1;
        const pending: { id: number; mark: number; readAt: number }[] = [];
        let shown = 0; // the read time of the state the device shows
        const deliver = (readAt: number) => {
          expect(readAt).toBeGreaterThanOrEqual(shown);
          shown = readAt;
        };
        for (const step of steps) {
          if (step.kind === 'send') {
            const mark = order.mark();
            pending.push({ id: nextId++, mark, readAt: ++clock });
          } else if (step.kind === 'publish') {
            order.starts('ben');
            deliver(++clock);
          } else if (pending.length > 0) {
            const [send] = pending.splice(step.which % pending.length, 1);
            if (order.takesAlong('ben', send!.id, send!.mark, false)) deliver(send!.readAt);
            else {
              order.starts('ben');
              deliver(++clock);
            }
          }
        }
      }),
    );
  });
});
