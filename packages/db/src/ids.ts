import { randomBytes } from 'node:crypto';

/** A random, url-safe id (128 bits): unguessable, so ids in URLs reveal nothing about other members. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}
