import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReplayCursor } from './replay.ts';

describe('replay cursor', () => {
  it('resumes after a snapshot at once, and after a live id once it has been held long enough', () => {
    const cursor = createReplayCursor(0, 1000);
    cursor.seenSnapshot(7);
    expect(cursor.resumeAfter(0)).toBe(7);
    cursor.seenLive(9, 100);
    expect(cursor.resumeAfter(500)).toBe(7);
    expect(cursor.resumeAfter(1100)).toBe(9);
  });

  it('forgets live ids that were not held long enough when the connection drops', () => {
    const cursor = createReplayCursor(3, 1000);
    cursor.seenLive(4, 0);
    cursor.seenLive(6, 900);
    cursor.disconnected(1200);
    expect(cursor.resumeAfter(5000)).toBe(4);
  });

  it('never resumes past a message that was not received, when events overtake each other by less than the grace', () => {
    const grace = 1000;
    fc.assert(
      fc.property(
        // Messages committed in id order, each delivered after its own delay (< grace), reordering them.
        fc.array(
          fc.record({ gap: fc.integer({ min: 0, max: 300 }), delay: fc.integer({ min: 0, max: grace - 1 }) }),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        fc.integer({ min: 0, max: 15_000 }),
        (messages, dropAt) => {
          let committedAt = 0;
          const deliveries = messages.map((m, i) => {
            committedAt += m.gap;
            return { id: i + 1, at: committedAt + m.delay };
          });
          const cursor = createReplayCursor(0, grace);
          const received = new Set<number>();
          for (const d of [...deliveries].sort((a, b) => a.at - b.at)) {
            if (d.at > dropAt) break;
            cursor.seenLive(d.id, d.at);
            received.add(d.id);
          }
          cursor.disconnected(dropAt);
          const after = cursor.resumeAfter(dropAt + 60_000);
          for (const d of deliveries) if (!received.has(d.id)) expect(d.id).toBeGreaterThan(after);
        },
      ),
    );
  });
});
