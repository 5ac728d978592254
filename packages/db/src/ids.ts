import { randomBytes } from 'node:crypto';

// Random bytes are drawn a pool at a time: one call to the system's generator per 256 ids instead of one per
// id, which cost ~6% of a message's send (issue 32's profile; crypto.randomUUID pools the same way). Each
// byte of the pool is used once.
const ID_BYTES = 16;
const POOL_BYTES = ID_BYTES * 256;
let pool = Buffer.alloc(0);
let offset = 0;

/** A random, url-safe id (128 bits): unguessable, so ids in URLs reveal nothing about other members. */
export function newId(): string {
  if (offset + ID_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  offset += ID_BYTES;
  return pool.toString('base64url', offset - ID_BYTES, offset);
}
