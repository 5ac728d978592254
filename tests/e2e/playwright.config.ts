import { defineConfig } from '@playwright/test';

// Browser journeys in Debian's Chromium (never a downloaded browser) against real Amiko servers, each
// started by the fixtures in fixtures.ts on a fresh database.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  // Lighthouse measures the page's CPU time, so it runs after the journeys, alone: beside a journey on the
  // other worker, the same build scored 0.87 where it scores 0.9 and more on its own.
  projects: [
    { name: 'journeys', testIgnore: 'site-lighthouse.spec.ts' },
    { name: 'lighthouse', testMatch: 'site-lighthouse.spec.ts', dependencies: ['journeys'] },
  ],
  use: {
    browserName: 'chromium',
    // As a member who asked their system for less motion: no dialog transitions (theme.ts).
    reducedMotion: 'reduce',
    // No trace by default: recording one doubled the long journeys under two workers on two cores (the own
    // profile's 24-28 s became 56-66 s, past the 60 s timeout), and CI's clean clone keeps no files anyway.
    // To debug a failure locally: `pnpm exec playwright test --config e2e/playwright.config.ts --trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // As root in a container Chromium needs --no-sandbox; the rest keep it off the (closed) network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
