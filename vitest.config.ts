import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Unit tests live next to the code they test. The API suite (tests/api) runs once per database: always on
// SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (each test file on a fresh database). The tests
// that need several server processes also need Redis (TEST_REDIS_URL). In CI both are required.
const ci = process.env.CI === 'true';
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

function required(name: string, value: string | undefined): boolean {
  if (value) return true;
  if (ci) throw new Error(`${name} must be set in CI (CI=true): those tests are required there.`);
  console.log(`[amiko] ${name} is not set: skipping the tests that need it.`);
  return false;
}

// The standing security suite (tests/security) runs like the API suite, once per database, under its own name so a
// failure there reads as a security regression.
const apiSuite = (
  dialect: 'sqlite' | 'postgres',
  suite: 'api' | 'security' = 'api',
): TestProjectInlineConfiguration => ({
  test: {
    name: `${suite}-${dialect}`,
    include: [`tests/${suite}/**/*.test.ts`],
    env: { AMIKO_TEST_DB: dialect },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'unit',
      include: ['packages/*/src/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.ts'],
      // Each of these has a project of its own, below.
      exclude: [
        ...configDefaults.exclude,
        'packages/ui/src/**/*.test.tsx',
        'packages/places/src/**/*.test.ts',
      ],
    },
  },
  {
    // The UI's component tests: jsdom with what it lacks for Mantine, and a test that logs a console.error or
    // console.warn (a React warning) fails, in every file without it being imported (test/dom.ts).
    test: {
      name: 'ui',
      include: ['packages/ui/src/**/*.test.tsx'],
      environment: 'jsdom',
      setupFiles: ['packages/ui/src/test/dom.ts'],
    },
  },
  {
    // The gazetteer on the real data: its index is built once, before any file runs, if this clone has none
    // yet (about 6 s quiet, one build shared by every worker); each file then reads it in milliseconds.
    test: {
      name: 'places',
      include: ['packages/places/src/**/*.test.ts'],
      globalSetup: ['packages/places/src/global-setup.ts'],
    },
  },
  {
    // The desktop app's main process and preload, with the `electron` module replaced by a recording fake
    // (Electron's binary cannot run in CI). Only "electron" itself: not electron-updater or electron-vite.
    test: {
      name: 'desktop',
      include: ['apps/desktop/test/**/*.test.ts'],
    },
    resolve: {
      alias: [
        {
          find: /^electron$/,
          replacement: fileURLToPath(new URL('./apps/desktop/test/fake-electron.ts', import.meta.url)),
        },
      ],
    },
  },
  apiSuite('sqlite'),
  apiSuite('sqlite', 'security'),
  {
    test: {
      name: 'process',
      include: ['tests/process/**/*.test.ts'],
      testTimeout: 60_000,
    },
  },
];
const withPostgres = required('TEST_DATABASE_URL', postgresUrl);
const withRedis = required('TEST_REDIS_URL', redisUrl);
if (withPostgres) projects.push(apiSuite('postgres'), apiSuite('postgres', 'security'));
if (withPostgres && withRedis) {
  projects.push({
    test: {
      name: 'multi-process',
      include: ['tests/multiprocess/**/*.test.ts'],
      testTimeout: 120_000,
      hookTimeout: 120_000,
      fileParallelism: false,
    },
  });
}
projects.push({
  test: {
    name: 'reliability',
    include: ['tests/reliability/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on CI's two, while most of an
    // API file's time is spent waiting on its server and database. Two files at once took the run from
    // 980 s to 584 s on the same machine (docs/development.md, "How long").
    maxWorkers: 2,
    projects,
    reporters: ['default'],
  },
});
