import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardDigits,
  hasValidLuhnChecksum,
  isCardExpired,
  parseCardExpiry,
  testCardSchema,
} from './payment.ts';

const messages = (input: unknown) =>
  testCardSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('test-mode card form', () => {
  const valid = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', country: 'de' };

  it('accepts a test card with a future expiry, a CVC and a country', () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, expiry: '1240', cvc: '1234' })).toEqual([]);
  });

  it('names the field that is wrong, with Stripe-like texts', () => {
    expect(messages({ ...valid, cardNumber: '4242 4242' })).toEqual([
      'cardNumber:payment:errors.cardNumberIncomplete',
    ]);
    expect(messages({ ...valid, expiry: '13/40' })).toEqual(['expiry:payment:errors.expiryIncomplete']);
    expect(messages({ ...valid, expiry: '01/20' })).toEqual(['expiry:payment:errors.expiryPast']);
    expect(messages({ ...valid, cvc: '12' })).toEqual(['cvc:payment:errors.cvcIncomplete']);
    expect(messages({ ...valid, country: '' })).toEqual(['country:payment:errors.countryRequired']);
    expect(messages({ ...valid, country: 'xx' })).toEqual(['country:payment:errors.countryRequired']);
  });

  it('refuses a complete number whose Luhn checksum is wrong, as Stripe Elements does (issue 30.20)', () => {
    expect(messages({ ...valid, cardNumber: '4242 4242 4242 4241' })).toEqual([
      'cardNumber:payment:errors.cardNumberInvalid',
    ]);
    // Stripe's test cards all pass it; an incomplete number says so first.
    for (const card of ['4242424242424242', '5555555555554444', '4000000000000002', '4000000000009995']) {
      expect(hasValidLuhnChecksum(card)).toBe(true);
    }
    expect(messages({ ...valid, cardNumber: '4242 4241' })).toEqual([
      'cardNumber:payment:errors.cardNumberIncomplete',
    ]);
  });

  it('finds every single mistyped digit with the checksum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (at, change) => {
        const card = '4242424242424242';
        const typo = card.slice(0, at) + ((Number(card[at]) + change) % 10) + card.slice(at + 1);
        expect(hasValidLuhnChecksum(typo)).toBe(false);
      }),
    );
  });

  it('reads expiry dates the way they are typed', () => {
    expect(parseCardExpiry('04 / 31')).toEqual({ month: 4, year: 2031 });
    expect(parseCardExpiry('04/31')).toEqual({ month: 4, year: 2031 });
    expect(parseCardExpiry('0431')).toEqual({ month: 4, year: 2031 });
    expect(parseCardExpiry('00/31')).toBeNull();
    expect(parseCardExpiry('4/31')).toBeNull();
  });

  it('lets a card expire at the end of its month', () => {
    const may2030 = new Date(Date.UTC(2030, 4, 31, 23, 0));
    expect(isCardExpired({ month: 5, year: 2030 }, may2030)).toBe(false);
    expect(isCardExpired({ month: 4, year: 2030 }, may2030)).toBe(true);
    expect(isCardExpired({ month: 1, year: 2031 }, may2030)).toBe(false);
    expect(isCardExpired({ month: 12, year: 2029 }, may2030)).toBe(true);
  });

  it('ignores the spaces and dashes people type in card numbers', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{16}$/), fc.array(fc.constantFrom(' ', '-')), (digits, seps) => {
        let typed = digits;
        for (const [i, sep] of seps.entries()) {
          const at = (i * 5) % (typed.length + 1);
          typed = typed.slice(0, at) + sep + typed.slice(at);
        }
        expect(cardDigits(typed)).toBe(digits);
      }),
    );
  });
});
