import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeHex, encodeHexLowerCase } from '@oslojs/encoding';
import { generateSecureRandomString } from './random.ts';

// Tokens handed to a browser or mailed to a member are "<id>.<secret>". The id finds the row; only a SHA-256
// hash of the secret is stored, so a leaked table holds no usable token. Secrets have 120 bits of entropy,
// which is why a fast hash suffices (passwords, with far less entropy, use Argon2id).

export interface IssuedToken {
  id: string;
  token: string;
  secretHash: string;
}

export function issueToken(): IssuedToken {
  const id = generateSecureRandomString();
  const secret = generateSecureRandomString();
  return { id, token: `${id}.${secret}`, secretHash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(secret)));
}

/** Splits "<id>.<secret>"; anything else is not a token. */
export function parseToken(token: string): { id: string; secret: string } | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [id, secret] = parts as [string, string];
  if (!/^[a-z2-9]{24}$/.test(id) || !/^[a-z2-9]{24}$/.test(secret)) return null;
  return { id, secret };
}

/** Compares a presented secret with a stored hash in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = sha256(new TextEncoder().encode(secret));
  let stored: Uint8Array;
  try {
    stored = decodeHex(storedHash);
  } catch {
    return false;
  }
  return constantTimeEqual(presented, stored);
}
