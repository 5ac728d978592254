import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardDigits, isCardExpired, parseCardExpiry, testCardSchema } from './payment.ts';

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
