// Vitest's globalSetup for the places project (vitest.config.ts): the gazetteer's index is built here, before
// any test file runs, if this clone has none yet (about 6 s on a quiet machine, in a child process), so that
// no file's beforeAll waits for a build under the default timeout; each file then reads the cache file.
import { openGazetteerAsync } from './cache.ts';

export default async function prepareGazetteer(): Promise<void> {
  const { info } = await openGazetteerAsync();
  if (info.origin !== 'cache')
    console.warn(`[amiko] built the gazetteer's index in ${Math.round(info.milliseconds)} ms: ${info.file}`);
}
