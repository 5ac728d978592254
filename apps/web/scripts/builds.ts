// The web app's builds, apart from how one is made (scripts/build.ts): each in a folder of its own under
// apps/web/builds/, and apps/web/dist a symbolic link to the current one, replaced in one rename, so that
// whatever reads dist finds the old build or the new one, never a half-written or empty folder. A running
// server keeps the build it started with (it follows the link once: apps/server/src/plugins/web.ts) and
// marks it in use (<build>/.servers/<pid>.<n>); no build a live server marks is deleted here.
import {
  existsSync,
  lstatSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';

/** Written into a finished build: when it began (ms), for the staleness check. */
const STAMP = '.amiko-build.json';
/** Builds kept besides the current one and those in use: for a server that starts just as a build ends. */
const KEEP_PREVIOUS = 2;
/** An unfinished build this old is a crashed one. */
const ABANDONED_MS = 24 * 60 * 60 * 1000;
/** Folders of a package that never reach the web build. */
const NOT_SOURCES = new Set(['node_modules', 'dist', 'dist-ssr', 'builds', 'out', 'test', '.vite']);

export interface WebFolders {
  /** The workspace's root. */
  root: string;
  /** apps/web. */
  web: string;
}

const buildsOf = ({ web }: WebFolders) => join(web, 'builds');
const distOf = ({ web }: WebFolders) => join(web, 'dist');

/** The folders of the workspace packages the web app imports, itself included. */
function webPackages(root: string): string[] {
  const folders = new Map<string, string>();
  for (const group of ['apps', 'packages']) {
    if (!existsSync(join(root, group))) continue;
    for (const name of readdirSync(join(root, group))) {
      const manifest = join(root, group, name, 'package.json');
      if (!existsSync(manifest)) continue;
      folders.set(
        (JSON.parse(readFileSync(manifest, 'utf8')) as { name: string }).name,
        join(root, group, name),
      );
    }
  }
  const found = new Set<string>();
  const visit = (name: string) => {
    const folder = folders.get(name);
    if (!folder || found.has(folder)) return;
    found.add(folder);
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    for (const deps of [manifest.dependencies, manifest.devDependencies])
      for (const [dep, version] of Object.entries(deps ?? {}))
        if (version.startsWith('workspace:')) visit(dep);
  };
  visit('@amiko/web');
  return [...found];
}

/** The newest modification time of the files the build reads: those packages (not their tests), the lockfile. */
export function newestSource({ root }: WebFolders): number {
  let newest = statSync(join(root, 'pnpm-lock.yaml')).mtimeMs;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (NOT_SOURCES.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
        newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const folder of webPackages(root)) walk(folder);
  return newest;
}

/** When the build dist points at began; null when there is none (or one from before these stamps). */
export function currentBuildStart(folders: WebFolders): number | null {
  try {
    return (JSON.parse(readFileSync(join(distOf(folders), STAMP), 'utf8')) as { startedAt: number })
      .startedAt;
  } catch {
    return null;
  }
}

/** Whether the current build began after the last change to what it is built from. */
export function isUpToDate(folders: WebFolders): boolean {
  const built = currentBuildStart(folders);
  return built !== null && newestSource(folders) < built;
}

/** A new folder for a build that begins at `startedAt`, and its stamp to write once it is complete. */
export function newBuild(folders: WebFolders, startedAt: number): { folder: string; finish(): void } {
  const id = `${new Date(startedAt).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}-${process.pid}`;
  const folder = join(buildsOf(folders), id);
  return {
    folder,
    finish: () => writeFileSync(join(folder, STAMP), `${JSON.stringify({ startedAt })}\n`),
  };
}

/** Whether a process with this id runs (EPERM: it does, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A build a live server serves: one of its `.servers/<pid>.<n>` marks names a running process. */
export function inUse(build: string): boolean {
  const marks = join(build, '.servers');
  return (
    existsSync(marks) &&
    readdirSync(marks).some((mark) => /^\d+\./.test(mark) && alive(Number.parseInt(mark, 10)))
  );
}

/** Points dist at `build` in one rename; a dist folder from before these builds is moved among them once. */
export function swapIn(folders: WebFolders, build: string): void {
  const dist = distOf(folders);
  const link = join(folders.web, `.dist-${process.pid}`);
  rmSync(link, { force: true });
  symlinkSync(relative(folders.web, build), link);
  if (existsSync(dist) && !lstatSync(dist).isSymbolicLink())
    renameSync(dist, join(buildsOf(folders), `before-${Date.now()}`));
  renameSync(link, dist);
}

/** Deletes the builds nobody needs: not the current one, not one in use, not the newest few before it. */
export function prune(folders: WebFolders, current: string): void {
  const builds = buildsOf(folders);
  const now = Date.now();
  const finished: { path: string; startedAt: number }[] = [];
  for (const name of readdirSync(builds)) {
    const path = join(builds, name);
    if (path === current) continue;
    const stamp = join(path, STAMP);
    if (existsSync(stamp)) {
      const { startedAt } = JSON.parse(readFileSync(stamp, 'utf8')) as { startedAt: number };
      finished.push({ path, startedAt });
    } else if (now - statSync(path).mtimeMs > ABANDONED_MS && !inUse(path)) {
      rmSync(path, { recursive: true, force: true }); // a build that never finished, or a dist from before
    }
  }
  finished.sort((a, b) => b.startedAt - a.startedAt);
  for (const { path } of finished.slice(KEEP_PREVIOUS))
    if (!inUse(path)) rmSync(path, { recursive: true, force: true });
}
