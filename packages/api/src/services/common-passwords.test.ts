import { isStrongPassword } from '@amiko/core';
import { dictionary } from '@zxcvbn-ts/language-common';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_CHECKED, isCommonPassword } from './common-passwords.ts';

// ASVS 5.0 V6.2.4: the most common passwords are refused, in the forms SPEC §5's character rules make of
// them (capital, digit and special character added at the ends, l33t inside).

const ranked = dictionary['passwords-common'];
/** Common words of letters only, long enough to be a password's core. */
const commonWords = ranked.slice(0, COMMON_PASSWORDS_CHECKED).filter((w) => /^[a-z]{4,}$/.test(w));
const decoration = fc.string({ unit: fc.constantFrom(...'0123456789!?#$%&*-_.'), maxLength: 6 });

describe('common passwords', () => {
  it('are refused in the forms the character rules make of them', () => {
    for (const password of [
      'Password1!',
      'P@ssw0rd!',
      'Sunshine2024!',
      '!Dragon2024',
      'Qwerty123!',
      'Iloveyou1!',
    ]) {
      expect(isStrongPassword(password), password).toBe(true);
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('leave passwords of uncommon words alone', () => {
    for (const password of [
      'Tangerine-Otter-42',
      'Quiet-Harbour-51',
      'Amiko-test-1',
      'Tiefsee Blau 42!',
      'Ab1!cdefg',
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('for any of the 10,000 most common words, capitalised any way and decorated at either end: refused', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...commonWords),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        decoration,
        decoration,
        (word, upper, before, after) => {
          const cased = [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
          expect(isCommonPassword(`${before}${cased}${after}`)).toBe(true);
        },
      ),
    );
  });

  it('checks the 10,000 most common: one ranked below them is not refused for it', () => {
    const rare = ranked.slice(COMMON_PASSWORDS_CHECKED).find((w) => /^[a-z]{8,}$/.test(w))!;
    expect(ranked.indexOf(rare)).toBeGreaterThanOrEqual(COMMON_PASSWORDS_CHECKED);
    expect(isCommonPassword(`${rare[0]!.toUpperCase()}${rare.slice(1)}-42`)).toBe(false);
  });
});
