import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// `NODE_ENV=development pnpm start` builds the web app with the server's environment. Vite takes NODE_ENV
// from there, and with "development" it bundled React's development build, over the home page's budget
// (issue 18.8). The web build must be a production build whatever NODE_ENV the shell has: this builds a
// one-line entry with each of apps/web's own Vite configs (the member app's and the public site's light
// entry, which the home page loads), in a process started with NODE_ENV=development (or test).

const web = fileURLToPath(new URL('../../apps/web/', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const BUILD = `
import { build } from 'vite';
const [configFile, entry, outDir] = process.argv.slice(1);
await build({
  root: process.cwd(),
  configFile,
  logLevel: 'silent',
  build: { outDir, emptyOutDir: true, manifest: false, sourcemap: false, rolldownOptions: { input: entry } },
});
`;

describe('the web build', () => {
  for (const [configFile, nodeEnv] of [
    ['vite.config.ts', 'development'],
    ['vite.config.ts', 'test'],
    ['vite.site.config.ts', 'development'],
  ] as const) {
    it(`is a production build with ${configFile} when the shell has NODE_ENV=${nodeEnv}`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'amiko-web-mode-'));
      dirs.push(dir);
      const entry = join(dir, 'entry.js');
      // What React's own entry does: pick the bundle by process.env.NODE_ENV, replaced at build time.
      writeFileSync(entry, 'document.title = process.env.NODE_ENV;\n');
      const outDir = join(dir, 'dist');
      await promisify(execFile)(
        process.execPath,
        ['--input-type=module', '--eval', BUILD, configFile, entry, outDir],
        {
          cwd: web,
          env: { ...process.env, NODE_ENV: nodeEnv },
        },
      );
      const assets = join(outDir, 'assets');
      const code = readdirSync(assets)
        .filter((file) => file.endsWith('.js'))
        .map((file) => readFileSync(join(assets, file), 'utf8'))
        .join('\n');
      expect(code).toMatch(/[`"']production[`"']/);
      expect(code).not.toMatch(new RegExp(`[\`"']${nodeEnv}[\`"']`));
    });
  }
});
