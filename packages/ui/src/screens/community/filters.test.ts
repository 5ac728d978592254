import { AGE_MAX, AGE_MIN } from '@amiko/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, toFilters } from './filters.ts';

describe('toFilters', () => {
  it('takes any age range inside 16–100 with the minimum not above the maximum, and refuses the rest', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 130 }), fc.integer({ min: 0, max: 130 }), (minAge, maxAge) => {
        const result = toFilters({ ...EMPTY_FILTERS, minAge, maxAge });
        const inRange = (age: number) => age >= AGE_MIN && age <= AGE_MAX;
        if (inRange(minAge) && inRange(maxAge) && minAge <= maxAge) {
          const whole = minAge === AGE_MIN && maxAge === AGE_MAX;
          expect(result).toEqual({ filters: whole ? {} : { age: { minAge, maxAge } } });
        } else {
          expect('errors' in result && Object.keys(result.errors).length > 0).toBe(true);
        }
      }),
    );
  });

  it('reads an emptied age field as the end of the range', () => {
    expect(toFilters({ ...EMPTY_FILTERS, minAge: '', maxAge: 30 })).toEqual({
      filters: { age: { minAge: AGE_MIN, maxAge: 30 } },
    });
    expect(toFilters({ ...EMPTY_FILTERS, minAge: '', maxAge: '' })).toEqual({ filters: {} });
  });

  it('names the field and the reason of a refused age', () => {
    expect(toFilters({ ...EMPTY_FILTERS, minAge: 15 })).toEqual({
      errors: { minAge: 'community:errors.minAgeRange' },
    });
    expect(toFilters({ ...EMPTY_FILTERS, minAge: 60, maxAge: 40 })).toEqual({
      errors: { minAge: 'community:errors.minAboveMax' },
    });
  });

  it('leaves out what was not chosen; a place is its members, or with a distance where it is measured from', () => {
    const linz = {
      id: 2772400,
      name: 'Linz',
      region: 'Upper Austria',
      country: 'Austria',
      regionNeeded: false,
    };
    expect(
      toFilters({ ...EMPTY_FILTERS, place: linz, languages: ['de'], lookingFor: [], newMembers: true }),
    ).toEqual({ filters: { placeId: 2772400, languages: ['de'], newMembers: true } });
    expect(toFilters({ ...EMPTY_FILTERS, place: linz, withinKm: 50 })).toEqual({
      filters: { withinKm: 50, near: 2772400 },
    });
    expect(toFilters({ ...EMPTY_FILTERS, withinKm: 10 })).toEqual({ filters: { withinKm: 10 } });
  });
});
