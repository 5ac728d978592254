// `pnpm build`: the web app, built into a new folder under apps/web/builds/ and then swapped in as
// apps/web/dist (scripts/builds.ts): a rebuild, or a second checkout's start, never empties the build a
// running server serves. `pnpm start` runs this with --if-stale: it builds only when there is no build yet,
// or a file the build reads (apps/web, the workspace packages it imports, the lockfile) changed after the
// current build began.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentBuildStart, isUpToDate, newBuild, prune, swapIn, type WebFolders } from './builds.ts';

const web = fileURLToPath(new URL('..', import.meta.url));
const folders: WebFolders = { root: join(web, '../..'), web };

if (process.argv.includes('--if-stale') && isUpToDate(folders)) {
  const built = new Date(currentBuildStart(folders)!).toISOString();
  process.stdout.write(`web app: up to date (built ${built}; nothing it is built from has changed since)\n`);
  process.exit(0);
}

function run(args: string[]): void {
  const result = spawnSync(args[0]!, args.slice(1), { cwd: web, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`web build: ${args.join(' ')} failed`);
}

const build = newBuild(folders, Date.now());
const out = build.folder;
const ssr = `${out}.ssr`;
mkdirSync(out, { recursive: true });
const vite = join(web, 'node_modules/.bin/vite');
let failure: Error | null = null;
try {
  run([vite, 'build', '--outDir', out]);
  run([vite, 'build', '--config', 'vite.site.config.ts', '--outDir', out]);
  run([vite, 'build', '--ssr', 'src/prerender.ts', '--outDir', ssr]);
  run([process.execPath, 'scripts/prerender.ts', out, ssr]);
  run([process.execPath, 'scripts/service-worker.ts', out]);
  run([process.execPath, 'scripts/precompress.ts', out]);
  run([process.execPath, 'scripts/bundle-report.ts', out]);
  build.finish();
} catch (error) {
  failure = error as Error;
  rmSync(out, { recursive: true, force: true });
} finally {
  rmSync(ssr, { recursive: true, force: true });
}
if (failure) {
  console.error(failure.message);
  process.exit(1);
}
swapIn(folders, out);
prune(folders, out);
process.stdout.write(`web app: built into ${relative(folders.root, out)}; apps/web/dist points at it\n`);
