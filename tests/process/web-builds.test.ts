import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createServer, type AmikoServer } from '@amiko/server';
import { afterAll, describe, expect, it } from 'vitest';
import {
  inUse,
  isUpToDate,
  newBuild,
  prune,
  swapIn,
  type WebFolders,
} from '../../apps/web/scripts/builds.ts';

// Issue 36.2: `pnpm start` rebuilt the web app on every start (about 60 s), and a build emptied
// apps/web/dist first: a second checkout's start, or a rebuild during a run, made the running server answer
// 404 or "not built". Now each build has a folder of its own and dist is a link swapped in one rename; a
// running server keeps the build it started with, marked in use, and `pnpm start` builds only when a
// source changed. (scripts/build.ts makes a build with Vite; here the builds are written by hand.)

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'amiko-builds-'));
  dirs.push(dir);
  return dir;
}

function write(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** A complete build named `name`, as scripts/build.ts leaves one: pages, an asset, routes.json, the stamp. */
function fakeBuild(folders: WebFolders, name: string, startedAt: number): string {
  const build = newBuild(folders, startedAt);
  const page = (title: string) => `<!doctype html><title>${title} ${name}</title>`;
  write(join(build.folder, 'index.html'), page('app'));
  write(join(build.folder, 'assets', `app-${name}.js`), `console.log('${name}')`);
  for (const language of ['en', 'de']) {
    write(join(build.folder, 'pages', language, 'index.html'), page(`home-${language}`));
    write(join(build.folder, 'pages', language, 'not-found.html'), page(`not-found-${language}`));
  }
  write(join(build.folder, 'routes.json'), JSON.stringify({ paths: ['/', '/index.html', '/profile'] }));
  build.finish();
  return build.folder;
}

async function serve(dist: string): Promise<{ server: AmikoServer; url: string }> {
  const data = tempDir();
  const server = createServer({
    env: {
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(data, 'amiko.db')}`,
      UPLOADS_DIR: join(data, 'uploads'),
      WEB_DIST: dist,
      LOG_LEVEL: 'silent',
    },
    logger: false,
  });
  const { port } = await server.start();
  return { server, url: `http://127.0.0.1:${port}` };
}

describe('the web app’s builds', () => {
  it('are swapped in under a running server, which answers from the build it started with throughout', async () => {
    const web = join(tempDir(), 'apps', 'web');
    const folders: WebFolders = { root: dirname(dirname(web)), web };
    const started = Date.now() - 3_600_000;
    const first = fakeBuild(folders, 'A', started);
    swapIn(folders, first);
    const { server, url } = await serve(join(web, 'dist'));
    const answers: string[] = [];
    let rebuilding = true;
    const ask = async () => {
      while (rebuilding) {
        for (const [path, status, text] of [
          ['/', 200, 'home-en A'],
          ['/profile', 200, 'app A'],
          ['/assets/app-A.js', 200, "'A'"],
          ['/no-such-page', 404, 'not-found-en A'],
        ] as const) {
          const response = await fetch(`${url}${path}`, { headers: { 'accept-language': 'en' } });
          const body = await response.text();
          if (response.status !== status || !body.includes(text))
            answers.push(`${path}: ${response.status} ${body.slice(0, 80)}`);
        }
      }
    };
    const asking = ask();
    const later: string[] = [];
    try {
      // Five rebuilds while the server runs, each swapped in and followed by the clean-up.
      for (const name of ['B', 'C', 'D', 'E', 'F']) {
        const build = fakeBuild(folders, name, started + 60_000 * later.length + 60_000);
        swapIn(folders, build);
        prune(folders, build);
        later.push(build);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      rebuilding = false;
      await asking;
    }
    try {
      expect(answers).toEqual([]);
      // The server's build is kept while it runs; of the others, the current one and the two before it.
      expect(inUse(first)).toBe(true);
      expect(later.map((build) => existsSync(build))).toEqual([false, false, true, true, true]);
      // A server started now serves the newest build.
      const next = await serve(join(web, 'dist'));
      try {
        expect(await (await fetch(`${next.url}/profile`)).text()).toContain('app F');
      } finally {
        await next.server.stop();
      }
    } finally {
      await server.stop();
    }
    // Stopped, the server no longer holds its build: the next clean-up deletes it.
    expect(inUse(first)).toBe(false);
    prune(folders, later.at(-1)!);
    expect(existsSync(first)).toBe(false);
  }, 60_000);

  it('are made again only when something the web app is built from changed after the current one began', () => {
    const root = tempDir();
    const folders: WebFolders = { root, web: join(root, 'apps', 'web') };
    const manifest = (name: string, deps: string[]) =>
      JSON.stringify({ name, dependencies: Object.fromEntries(deps.map((d) => [d, 'workspace:*'])) });
    write(join(root, 'pnpm-lock.yaml'), 'lockfileVersion: 9.0\n');
    write(join(root, 'apps/web/package.json'), manifest('@amiko/web', ['@amiko/ui']));
    write(join(root, 'apps/web/src/main.ts'), '');
    write(join(root, 'apps/server/package.json'), manifest('@amiko/server', ['@amiko/core']));
    write(join(root, 'apps/server/src/main.ts'), '');
    write(join(root, 'packages/ui/package.json'), manifest('@amiko/ui', ['@amiko/core']));
    write(join(root, 'packages/ui/src/App.tsx'), '');
    write(join(root, 'packages/ui/src/App.test.tsx'), '');
    write(join(root, 'packages/ui/node_modules/x/index.js'), '');
    write(join(root, 'packages/core/package.json'), manifest('@amiko/core', []));
    write(join(root, 'packages/core/src/rules.ts'), '');
    const hourAgo = new Date(Date.now() - 3_600_000);
    const touch = (path: string, at: Date) => utimesSync(join(root, path), at, at);
    for (const path of [
      'pnpm-lock.yaml',
      'apps/web/src/main.ts',
      'apps/server/src/main.ts',
      'packages/ui/src/App.tsx',
      'packages/ui/src/App.test.tsx',
      'packages/ui/node_modules/x/index.js',
      'packages/core/src/rules.ts',
    ])
      touch(path, hourAgo);
    for (const file of ['apps/web', 'apps/server', 'packages/ui', 'packages/core'])
      touch(`${file}/package.json`, hourAgo);

    expect(isUpToDate(folders)).toBe(false); // no build yet
    const build = fakeBuild(folders, 'A', Date.now() - 60_000);
    swapIn(folders, build);
    expect(isUpToDate(folders)).toBe(true);

    const now = new Date();
    // Not read by the web build: a test, an installed package, the server.
    for (const path of [
      'packages/ui/src/App.test.tsx',
      'packages/ui/node_modules/x/index.js',
      'apps/server/src/main.ts',
    ]) {
      touch(path, now);
      expect(isUpToDate(folders), path).toBe(true);
    }
    // Read by it, also through another package: each makes the build stale.
    for (const path of ['packages/core/src/rules.ts', 'apps/web/src/main.ts', 'pnpm-lock.yaml']) {
      touch(path, now);
      expect(isUpToDate(folders), path).toBe(false);
      touch(path, hourAgo);
    }
  });
});
