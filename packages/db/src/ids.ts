import { randomBytes } from 'node:crypto';

// Random bytes are drawn a pool at a time: one call to the system's generator per 256 ids instead of one per
// id, which cost ~6% of a message's send (issue 32's profile; crypto.randomUUID pools the same way). Each
// byte of the pool is used once.
const ID_BYTES = 16;
const POOL_BYTES = ID_BYTES * 256;
let pool = Buffer.alloc(0);
let offset = 0;

/** The offset in `pool` of `ID_BYTES` random bytes no other id has used. */
function takeRandomBytes(): number {
  if (offset + ID_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  offset += ID_BYTES;
  return offset - ID_BYTES;
}

/** A random, url-safe id (128 bits): unguessable, so ids in URLs reveal nothing about other members. */
export function newId(): string {
  const start = takeRandomBytes();
  return pool.toString('base64url', start, start + ID_BYTES);
}

// base64url's 64 characters in the order of their bytes, so that ids written with it compare as the numbers
// they encode: SQLite compares text byte by byte, and PostgreSQL's C collation does too (under a language's
// collation, which ignores case and punctuation first, the order by time is only rough).
const SORTED_ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const TIME_CHARACTERS = 8; // 48 bits of milliseconds: until the year 10889
const RANDOM_CHARACTERS = 14; // 84 random bits

/**
 * An id that sorts by when it was made, then at random within the millisecond: the milliseconds since 1970 in
 * 8 characters, then 84 random bits in 14; 22 url-safe characters, as newId's. For rows written on a hot path
 * and indexed by id: a new row's index entries land beside the newest ones, on pages the same batch writes
 * anyway, instead of on a page of their own anywhere in the index (a conversation's first message, issue 32).
 * The id tells when the row was made, so only for rows whose creation time their readers know anyway.
 */
export function newTimeOrderedId(now = Date.now()): string {
  let id = '';
  for (let i = TIME_CHARACTERS - 1; i >= 0; i--) id += SORTED_ALPHABET[Math.floor(now / 64 ** i) % 64];
  const start = takeRandomBytes();
  for (let i = 0; i < RANDOM_CHARACTERS; i++) id += SORTED_ALPHABET[pool[start + i]! & 63];
  return id;
}
