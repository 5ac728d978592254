import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeHex, encodeHexLowerCase } from '@oslojs/encoding';
import { generateSecureRandomString } from './random.ts';

// Device cookies after OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a browser that signed
// in to an account carries "<member id>.<nonce>.<signature>", and at its next sign-in to that account it is
// limited on its own, not by the ceiling all unknown browsers share (which anyone can fill).
//
// The signature is an HMAC-SHA256 keyed with the member's password hash: a secret only the server holds, the
// same in every server process and after restarts, with nothing to configure or store. Whoever could read
// it could also crack the password offline, so it guards nothing more than it should. A new password ends
// the trust of every device, as it ends every session.

/** Who a device cookie is checked against: the member signing in (no password, no trusted devices). */
export interface DeviceOwner {
  id: string;
  passwordHash: string | null;
}

function signature(id: string, passwordHash: string, nonce: string): Uint8Array {
  const encode = (text: string) => new TextEncoder().encode(text);
  return hmac(SHA256, encode(passwordHash), encode(`device:${id}:${nonce}`));
}

/** A new device cookie's value for the member, with a fresh nonce. */
export function issueDeviceCookie(owner: DeviceOwner): string | null {
  if (!owner.passwordHash) return null;
  const nonce = generateSecureRandomString();
  return `${owner.id}.${nonce}.${encodeHexLowerCase(signature(owner.id, owner.passwordHash, nonce))}`;
}

/**
 * The device a cookie names, its nonce, when the cookie is this member's and its signature holds; null for
 * anything else: another member's cookie, a forged or altered one, one from before a password change.
 */
export function trustedDevice(cookie: string | null | undefined, owner: DeviceOwner): string | null {
  const parts = cookie?.split('.') ?? [];
  if (parts.length !== 3) return null;
  const [id, nonce, presented] = parts as [string, string, string];
  if (!owner.passwordHash || id !== owner.id) return null;
  if (!/^[a-z2-9]{24}$/.test(nonce) || !/^[0-9a-f]{64}$/.test(presented)) return null;
  const expected = signature(owner.id, owner.passwordHash, nonce);
  return constantTimeEqual(decodeHex(presented), expected) ? nonce : null;
}
