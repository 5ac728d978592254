import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  circlesWith,
  mutualWith,
  waitlistOnlyUntil,
  type AgainChoice,
  type MeetupMiss,
} from './meetups-after.ts';

// The rules of "see you again" (issue 35.5-6): what is mutual, the circles, and the waitlist-only time.

const PEOPLE = ['a', 'b', 'c', 'd', 'e', 'f'];
/** The yes choices of a meetup of six, any of them. */
const choices = fc.subarray(
  PEOPLE.flatMap((chooser) => PEOPLE.filter((c) => c !== chooser).map((chosen) => ({ chooser, chosen }))),
);

const mutualPairs = (yes: readonly AgainChoice[]) =>
  yes.filter((c) => yes.some((d) => d.chooser === c.chosen && d.chosen === c.chooser));

/** The maximal groups of three or more through `me` in which all chose all, by trying every group. */
function bruteCircles(yes: readonly AgainChoice[], me: string): string[][] {
  const mutual = (a: string, b: string) =>
    yes.some((c) => c.chooser === a && c.chosen === b) && yes.some((c) => c.chooser === b && c.chosen === a);
  const cliques: string[][] = [];
  for (let mask = 0; mask < 1 << PEOPLE.length; mask++) {
    const group = PEOPLE.filter((_, i) => mask & (1 << i));
    if (group.length < 3 || !group.includes(me)) continue;
    if (!group.every((x) => group.every((y) => x === y || mutual(x, y)))) continue;
    if (PEOPLE.some((k) => !group.includes(k) && group.every((x) => mutual(x, k)))) continue;
    cliques.push(group);
  }
  return cliques.sort((a, b) => a.join().localeCompare(b.join()));
}

describe('see you again', () => {
  it('finds the mutual choices and every circle, as trying every group does', () => {
    fc.assert(
      fc.property(choices, fc.constantFrom(...PEOPLE), (yes, me) => {
        const expected = PEOPLE.filter(
          (other) =>
            yes.some((c) => c.chooser === me && c.chosen === other) &&
            yes.some((c) => c.chooser === other && c.chosen === me),
        );
        expect(mutualWith(yes, me).sort()).toEqual(expected);
        expect(circlesWith(yes, me)).toEqual(bruteCircles(yes, me));
      }),
    );
  });

  it('reads nothing but mutual pairs: one-sided choices change nothing anyone receives', () => {
    fc.assert(
      fc.property(choices, (yes) => {
        const onlyMutual = mutualPairs(yes);
        for (const me of PEOPLE) {
          expect(mutualWith(yes, me).sort()).toEqual(mutualWith(onlyMutual, me).sort());
          expect(circlesWith(yes, me)).toEqual(circlesWith(onlyMutual, me));
        }
      }),
    );
  });
});

describe('waitlist only', () => {
  const DAY = 86_400_000;
  const now = new Date('2026-11-28T10:00:00Z');
  const miss = (daysAgo: number, weight: 1 | 0.5 = 1): MeetupMiss => ({
    meetupId: `m${daysAgo}`,
    at: new Date(now.getTime() - daysAgo * DAY),
    weight,
  });

  it('comes with the third no-show within 60 days, a late cancel counting half, for 30 days', () => {
    expect(waitlistOnlyUntil([miss(50), miss(20)], now)).toBeNull();
    expect(waitlistOnlyUntil([miss(50), miss(20), miss(10, 0.5)], now)).toBeNull();
    expect(waitlistOnlyUntil([miss(50), miss(20), miss(10, 0.5), miss(5, 0.5)], now)).toEqual(
      new Date(now.getTime() + 25 * DAY),
    );
    expect(waitlistOnlyUntil([miss(20), miss(10), miss(2)], now)).toEqual(new Date(now.getTime() + 28 * DAY));
  });

  it('counts only misses within 60 days of each other, and ends 30 days after the third', () => {
    // 70 days between the first and the third: never three within 60 days.
    expect(waitlistOnlyUntil([miss(75), miss(40), miss(5)], now)).toBeNull();
    // Three within 60 days, but the third 31 days ago: over.
    expect(waitlistOnlyUntil([miss(80), miss(50), miss(31)], now)).toBeNull();
    expect(waitlistOnlyUntil([], now)).toBeNull();
  });
});
