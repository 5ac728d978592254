import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INTERESTS_MIN, NEW_MEMBER_WINDOW_MS, STORY_MIN_LENGTH } from '../constants.ts';
import { ageOn } from '../schemas/profile.ts';
import { birthdayNumber, birthdayRangeForAges, isListedInDirectory, isNewMember } from './directory.ts';

const day = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('directory age filter', () => {
  it('selects exactly the birthdays whose age is in range, leap days included', () => {
    fc.assert(
      fc.property(
        day,
        day,
        fc.integer({ min: 16, max: 100 }),
        fc.integer({ min: 0, max: 84 }),
        (birthday, today, minAge, span) => {
          const maxAge = Math.min(100, minAge + span);
          const now = new Date(`${today}T12:00:00Z`);
          const { after, upTo } = birthdayRangeForAges({ minAge, maxAge }, now);
          const n = birthdayNumber(birthday);
          const age = ageOn(birthday, now);
          expect(n > after && n <= upTo).toBe(age >= minAge && age <= maxAge);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('handles the 29th of February on both sides', () => {
    const now = new Date('2025-02-28T12:00:00Z');
    const { upTo } = birthdayRangeForAges({ minAge: 17, maxAge: 17 }, now);
    expect(upTo).toBe(20080228);
    expect(ageOn('2008-02-29', now)).toBe(16);
  });

  it('turns a missing birthday into 0, outside every range', () => {
    expect(birthdayNumber(null)).toBe(0);
    expect(birthdayNumber('1990-05-17')).toBe(19900517);
  });
});

describe('directory listing', () => {
  const done = {
    hasPhoto: true,
    interestCount: INTERESTS_MIN,
    storyLength: STORY_MIN_LENGTH,
    deleted: false,
  };
  it('lists finished profiles of accounts that exist', () => {
    expect(isListedInDirectory(done)).toBe(true);
    expect(isListedInDirectory({ ...done, deleted: true })).toBe(false);
    expect(isListedInDirectory({ ...done, hasPhoto: false })).toBe(false);
    expect(isListedInDirectory({ ...done, interestCount: INTERESTS_MIN - 1 })).toBe(false);
    expect(isListedInDirectory({ ...done, storyLength: STORY_MIN_LENGTH - 1 })).toBe(false);
  });

  it('counts members as new within the window', () => {
    const now = new Date('2025-06-01T00:00:00Z');
    expect(isNewMember(new Date(now.getTime() - NEW_MEMBER_WINDOW_MS), now)).toBe(true);
    expect(isNewMember(new Date(now.getTime() - NEW_MEMBER_WINDOW_MS - 1), now)).toBe(false);
  });
});
