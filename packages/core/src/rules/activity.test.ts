import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVE_NOW_MS,
  ACTIVE_TODAY_MS,
  ACTIVE_WEEK_MS,
  activityBucket,
  visibleActivity,
  type ActivityBucket,
} from './activity.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const RANK: Record<ActivityBucket | 'none', number> = { now: 0, today: 1, week: 2, none: 3 };

describe('activity buckets', () => {
  it('puts each boundary in the fresher bucket and the next millisecond in the older one', () => {
    expect(activityBucket(ago(0), NOW)).toBe('now');
    expect(activityBucket(ago(ACTIVE_NOW_MS), NOW)).toBe('now');
    expect(activityBucket(ago(ACTIVE_NOW_MS + 1), NOW)).toBe('today');
    expect(activityBucket(ago(ACTIVE_TODAY_MS), NOW)).toBe('today');
    expect(activityBucket(ago(ACTIVE_TODAY_MS + 1), NOW)).toBe('week');
    expect(activityBucket(ago(ACTIVE_WEEK_MS), NOW)).toBe('week');
    expect(activityBucket(ago(ACTIVE_WEEK_MS + 1), NOW)).toBeNull();
    expect(activityBucket(null, NOW)).toBeNull();
  });

  it('agrees with the windows for any age, especially near the edges', () => {
    const edge = fc
      .tuple(
        fc.constantFrom(0, ACTIVE_NOW_MS, ACTIVE_TODAY_MS, ACTIVE_WEEK_MS),
        fc.integer({ min: -3, max: 3 }),
      )
      .map(([at, d]) => at + d);
    fc.assert(
      fc.property(fc.oneof(edge, fc.integer({ min: -ACTIVE_NOW_MS, max: 2 * ACTIVE_WEEK_MS })), (age) => {
        const expected =
          age <= ACTIVE_NOW_MS
            ? 'now'
            : age <= ACTIVE_TODAY_MS
              ? 'today'
              : age <= ACTIVE_WEEK_MS
                ? 'week'
                : null;
        expect(activityBucket(ago(age), NOW)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('only ever gets older as time passes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 * ACTIVE_WEEK_MS }),
        fc.integer({ min: 0, max: 2 * ACTIVE_WEEK_MS }),
        (age, later) => {
          const at = ago(age);
          const first = activityBucket(at, NOW) ?? 'none';
          const second = activityBucket(at, new Date(NOW.getTime() + later)) ?? 'none';
          expect(RANK[second]).toBeGreaterThanOrEqual(RANK[first]);
        },
      ),
    );
  });

  it('shows nothing unless both the member and the viewer show their activity', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: ACTIVE_WEEK_MS }),
        (mine, theirs, age) => {
          const seen = visibleActivity(
            { lastActiveAt: ago(age), showActivity: theirs },
            { showActivity: mine },
            NOW,
          );
          expect(seen).toBe(mine && theirs ? activityBucket(ago(age), NOW) : null);
        },
      ),
    );
  });
});
