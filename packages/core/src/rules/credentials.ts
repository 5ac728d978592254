import { EMAIL_PATTERN } from '../schemas/common.ts';

// Checks the server makes beyond the form rules of SPEC §5. They give SPEC §8's texts 'The email address is
// not valid.' and 'The password is too weak.' for input the forms let through.

/**
 * An address that passes SPEC §5's pattern and could also be delivered to: no empty or dotted-out parts
 * ("a..b@x.de", "a@x..de"), and no domain label that starts or ends with a hyphen.
 */
export function isPlausibleEmail(email: string): boolean {
  if (!EMAIL_PATTERN.test(email)) return false;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..') || local.length > 64) return false;
  return domain
    .split('.')
    .every((label) => label.length > 0 && !label.startsWith('-') && !label.endsWith('-'));
}

/** Passwords that meet every character rule and are still among the first an attacker tries. */
const COMMON_PASSWORDS = new Set([
  'password1!',
  'password1.',
  'password123!',
  'passw0rd!',
  'p@ssw0rd',
  'p@ssword1',
  'p@ssw0rd1',
  'welcome1!',
  'welcome123!',
  'qwerty123!',
  'qwertz123!',
  'abcd1234!',
  'abc12345!',
  'letmein1!',
  'admin123!',
  'changeme1!',
  'iloveyou1!',
  'passwort1!',
  'hallo123!',
  'amiko123!',
]);

/** Why a password that meets SPEC §5's rules is still too weak, so the member can be told. */
export type WeakPasswordReason = 'common' | 'personal';

/**
 * Why a password that meets SPEC §5's rules is still too weak: a well-known one ('common'), or one built
 * from the member's own name or email address ('personal'); null when it is strong enough.
 */
export function weakPasswordReason(
  password: string,
  member: { email?: string | null; name?: string | null },
): WeakPasswordReason | null {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'common';
  const personal = [member.email, member.email?.split('@')[0], member.name]
    .map((part) => part?.trim().toLowerCase() ?? '')
    .filter((part) => part.length >= 4);
  return personal.some((part) => lower.includes(part)) ? 'personal' : null;
}

/** True when a password that meets SPEC §5's rules is still too weak (see weakPasswordReason). */
export function isWeakPassword(
  password: string,
  member: { email?: string | null; name?: string | null },
): boolean {
  return weakPasswordReason(password, member) !== null;
}
