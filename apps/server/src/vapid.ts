import { createECDH, generateKeyPairSync } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { VapidKeys } from '@amiko/api';
import { parseDatabaseUrl } from '@amiko/db';
import { ConfigError, type Env } from './env.ts';

// Web Push's VAPID keys (RFC 8292; issue 31): a P-256 key pair in base64url, as `web-push
// generate-vapid-keys` prints them. Every server process must sign with the same pair (a browser's
// subscription is bound to its public key), so with several processes they are set in VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY. The quick start, with its embedded SQLite database, needs no setting: the pair is made
// once and kept in a file beside the database (./data/vapid-keys.json). PostgreSQL without them: push is off.

export const VAPID_KEYS_FILE = 'vapid-keys.json';

const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** A new key pair: the public key uncompressed (65 bytes), the private key its 32-byte scalar. */
function newKeys(): { publicKey: string; privateKey: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  return { publicKey: b64(point), privateKey: jwk.d! };
}

/** Throws a ConfigError unless `publicKey` is the public key of `privateKey`. */
function checkPair(publicKey: string, privateKey: string, from: string): void {
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  } catch {
    throw new ConfigError(`${from}: VAPID_PRIVATE_KEY is not a P-256 private key`);
  }
  if (b64(ecdh.getPublicKey()) !== publicKey)
    throw new ConfigError(`${from}: VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY`);
}

/** The pair kept beside the database file, made the first time (by one process: the file is linked in whole). */
function keptBeside(databaseFile: string): { publicKey: string; privateKey: string } {
  const dir = dirname(databaseFile);
  const file = join(dir, VAPID_KEYS_FILE);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dir, { recursive: true });
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, `${JSON.stringify(newKeys(), null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    // Another process made it first: theirs is the one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
}

/** The server's VAPID keys, or null when push is off (PostgreSQL without VAPID_* set). */
export function vapidKeys(env: Env): VapidKeys | null {
  const subject = env.VAPID_SUBJECT ?? `mailto:${env.TEAM_EMAIL}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    checkPair(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, 'VAPID keys');
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const target = parseDatabaseUrl(env.DATABASE_URL);
  // Only an embedded database has a folder of its own to keep them in (an in-memory one has none).
  if (!('file' in target) || target.file === ':memory:') return null;
  const kept = keptBeside(target.file);
  checkPair(kept.publicKey, kept.privateKey, join(dirname(target.file), VAPID_KEYS_FILE));
  return { ...kept, subject };
}
