import { dictionary } from '@zxcvbn-ts/language-common';

// ASVS 5.0 V6.2.4: passwords among the most common ones are refused. SPEC §5's character rules (upper and
// lower case, a digit, a special character) turn the common ones into their usual variants: "Sunshine1!",
// "P@ssw0rd!", "!Dragon2024". So a password is common when, lower-cased, it is on the list, or when its
// core is: the letters left once the digits and symbols at its start and end are taken away, with l33t
// digits and symbols inside read as letters.

/** How many of zxcvbn's ranked common passwords (49,233, most common first) are refused. */
export const COMMON_PASSWORDS_CHECKED = 10_000;

const COMMON = new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_CHECKED));
const LEET: Record<string, string> = {
  0: 'o',
  1: 'i',
  3: 'e',
  4: 'a',
  5: 's',
  7: 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};
/** Shorter cores are too few letters to call a password common on their own ("Ab1!" is refused by length). */
const MIN_CORE_LENGTH = 4;

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (core.length < MIN_CORE_LENGTH) return false;
  return COMMON.has(core) || COMMON.has(core.replace(/[013457@$!]/g, (c) => LEET[c] ?? c));
}
