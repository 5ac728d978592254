// The index cache as many processes meet it: one builds under a lock while the others wait for its file;
// a file that is not a complete index of this version is never read as one.
import {
  copyFileSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  readdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { dataVersion, openGazetteerAsync } from './cache.ts';
import { readIndexFile } from './index-file.ts';
import { loadPlaces, preparePlaces } from './index.ts';

let cacheFile: string;
let version: string;
const folders: string[] = [];
const folder = () => {
  const path = mkdtempSync(join(tmpdir(), 'amiko-places-test-'));
  folders.push(path);
  return path;
};

beforeAll(async () => {
  cacheFile = (await preparePlaces()).file;
  version = dataVersion().version;
});
afterEach(() => {
  for (const path of folders.splice(0)) rmSync(path, { recursive: true, force: true });
});

it('loads from the cache file once built, once per process', () => {
  const info = loadPlaces();
  expect(info.file).toBe(cacheFile);
  expect(info.file.endsWith(`${version}.bin`)).toBe(true);
  expect(loadPlaces()).toBe(info);
});

it('waits for another process’s build instead of building again, and reads its file', async () => {
  const directory = folder();
  const target = join(directory, `${version}.bin`);
  writeFileSync(`${target}.lock`, '12345'); // another process is building
  const opening = openGazetteerAsync(directory);
  await new Promise((resolve) => setTimeout(resolve, 400));
  // The builder finishes: its file appears whole, by rename.
  copyFileSync(cacheFile, `${target}.12345.tmp`);
  renameSync(`${target}.12345.tmp`, target);
  const { info, gazetteer } = await opening;
  expect(info.origin).toBe('cache');
  expect(gazetteer.count).toBeGreaterThan(100_000);
  expect(readdirSync(directory).sort()).toEqual([`${version}.bin`, `${version}.bin.lock`]);
});

it('never takes a truncated file, another version’s or another format’s for the index', () => {
  const bytes = readFileSync(cacheFile);
  expect(readIndexFile(bytes, version)).not.toBeNull();
  expect(readIndexFile(bytes.subarray(0, bytes.length - 8), version)).toBeNull();
  expect(readIndexFile(bytes.subarray(0, 100), version)).toBeNull();
  expect(readIndexFile(bytes, 'another-version')).toBeNull();
  expect(readIndexFile(Buffer.from('not an index at all'), version)).toBeNull();
  const unaligned = Buffer.alloc(bytes.length + 1);
  bytes.copy(unaligned, 1);
  expect(readIndexFile(unaligned.subarray(1), version)?.sections.ids.length).toBeGreaterThan(100_000);
});
