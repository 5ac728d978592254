// Writes dist/sw.js from src/sw.js: its version and the files it caches at install, read from the app's
// Vite manifest: the app's entry with every chunk and stylesheet it imports, the common texts in every
// language, the offline screen, and the icons a notification shows. The version is a hash of the worker and those files, so
// every build that changes what the member area starts with is a new worker (offered as "Reload to
// update"), and a build that changes nothing of it is not. Run by scripts/build.ts after the prerendering:
// `node scripts/service-worker.ts <build folder>`.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const [distArg] = process.argv.slice(2);
if (!distArg) throw new Error('usage: node scripts/service-worker.ts <build folder>');
const dist = resolve(distArg);

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

const files = new Set<string>();
/** A chunk's file, its stylesheets and, recursively, the chunks it imports statically. */
function take(key: string): void {
  const chunk = manifest[key];
  if (!chunk || files.has(`/${chunk.file}`)) return;
  files.add(`/${chunk.file}`);
  for (const css of chunk.css ?? []) files.add(`/${css}`);
  for (const imported of chunk.imports ?? []) take(imported);
}
const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'));
if (!entry) throw new Error('service-worker: the app build has no index.html entry');
take(entry);
const texts = Object.keys(manifest).filter((key) => /locales\/[a-z]+\/common\.json$/.test(key));
if (texts.length === 0) throw new Error('service-worker: no common texts in the app build');
for (const key of texts) take(key);
// The offline screen is a chunk of its own (no page needs it while the server answers).
const offline = Object.keys(manifest).find((key) => key.endsWith('/components/OfflineScreen.tsx'));
if (!offline) throw new Error('service-worker: the app build has no OfflineScreen chunk');
take(offline);
const precache = [...files, '/favicon.svg', '/icons/icon-192.png'];

const source = readFileSync(join(web, 'src/sw.js'), 'utf8');
const hash = createHash('sha256').update(source);
for (const file of ['index.html', ...precache]) hash.update(file).update(readFileSync(join(dist, file)));
const version = hash.digest('hex').slice(0, 12);

const versionLine = "const VERSION = 'unbuilt';";
const precacheLine = 'const PRECACHE = [];';
if (!source.includes(versionLine) || !source.includes(precacheLine)) {
  throw new Error('service-worker: src/sw.js has no VERSION or PRECACHE line to fill in');
}
writeFileSync(
  join(dist, 'sw.js'),
  source
    .replace(versionLine, `const VERSION = '${version}';`)
    .replace(precacheLine, `const PRECACHE = ${JSON.stringify(precache)};`),
);
process.stdout.write(
  `Wrote dist/sw.js (version ${version}), caching the app's shell: ${precache.length} files\n`,
);
