import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Where member photos live. Local folder by default; another store (object storage) can replace it. */
export interface PhotoStore {
  /** Stores bytes that were already re-encoded under a new random name and returns that name (the key). */
  save(bytes: Uint8Array, extension: 'webp' | 'jpg' | 'png'): Promise<string>;
  /** Deletes a stored photo; unknown or null keys are ignored. */
  remove(key: string | null | undefined): Promise<void>;
  /** The file of a key, or null when the key cannot be one of ours (guards against path tricks). */
  pathOf(key: string): string | null;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{22}\.(webp|jpg|png)$/;

export function isPhotoKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function createLocalPhotoStore(directory: string): PhotoStore {
  const root = resolve(directory);
  let ready: Promise<unknown> | null = null;
  const pathOf = (key: string) => (isPhotoKey(key) ? join(root, key) : null);
  return {
    async save(bytes, extension) {
      ready ??= mkdir(root, { recursive: true });
      await ready;
      const key = `${randomBytes(16).toString('base64url')}.${extension}`;
      await writeFile(join(root, key), bytes, { flag: 'wx' });
      return key;
    },
    async remove(key) {
      const path = key ? pathOf(key) : null;
      if (path) await rm(path, { force: true });
    },
    pathOf,
  };
}
