import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { waitForQuietCpu } from '../support/quiet-cpu.ts';
import { expect, test } from './fixtures.ts';

// Lighthouse in Debian's Chromium on the home page.
//
// Desktop (Lighthouse's desktop configuration): performance and accessibility at least 90; load on the
// machine can only lower a score, so the best of up to three runs counts.
// Mobile (Lighthouse's default profile, a slow 4G phone with a four times slower CPU; issue 18 item 13):
// performance at least 95 as the median of three runs, accessibility, best practices and SEO 100 in every
// run, and the largest paint within 1.5 s and no layout shift (each the median of the three runs). The
// public pages are prerendered (their text paints before any JavaScript runs), which is what makes this
// reachable. The CPU factor multiplies what this machine measures: on a shared, loaded machine the
// performance figure says as much about the neighbours as about Amiko, so run it alone: it is its own
// project, after the journeys, and each run first waits until the machine is quiet (CI once scored
// 0.85–0.93 right after the journeys, where the same build scores 0.95–0.99 on a quiet machine). Each
// mobile run's report names how busy the machine was and Lighthouse's benchmark index of it, so a low
// score can be told from a busy machine.

const MIN_SCORE = 0.9;
const MOBILE = { performance: 0.95, others: 1, lcpMs: 1500, cls: 0 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

test.describe.configure({ mode: 'serial' });

test('the home page scores at least 90 for performance and accessibility', async ({ amiko }) => {
  test.setTimeout(90_000);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const flags: Flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  };
  const audit = async (config?: typeof desktopConfig) => {
    await waitForQuietCpu();
    const result = await lighthouse(`${amiko.url}/`, flags, config);
    const { categories, audits } = result!.lhr;
    return {
      performance: categories.performance?.score ?? 0,
      accessibility: categories.accessibility?.score ?? 0,
      lcp: audits['largest-contentful-paint']?.displayValue,
      cls: audits['cumulative-layout-shift']?.displayValue,
    };
  };
  try {
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const run = await audit(desktopConfig);
      runs.push(run);
      // Accessibility does not depend on load: every run must pass it.
      expect(run.accessibility, 'accessibility').toBeGreaterThanOrEqual(MIN_SCORE);
      if (run.performance >= MIN_SCORE) break;
    }
    const mobile = await audit();
    test
      .info()
      .annotations.push(
        { type: 'lighthouse desktop', description: JSON.stringify(runs) },
        { type: 'lighthouse mobile (reported)', description: JSON.stringify(mobile) },
      );
    expect(Math.max(...runs.map((r) => r.performance)), JSON.stringify(runs)).toBeGreaterThanOrEqual(
      MIN_SCORE,
    );
    expect(mobile.accessibility, 'accessibility (mobile)').toBeGreaterThanOrEqual(MIN_SCORE);
  } finally {
    await chrome.kill();
  }
});

test('on a phone the home page scores 95 for performance (median of 3) and 100 for the rest, in EN and DE', async ({
  amiko,
}) => {
  test.setTimeout(240_000);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const audit = async (path: string) => {
    const cpuBusy = await waitForQuietCpu();
    const result = await lighthouse(`${amiko.url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result!.lhr;
    return {
      path,
      cpuBusy: cpuBusy === null ? null : Math.round(cpuBusy * 100) / 100,
      benchmarkIndex: result!.lhr.environment.benchmarkIndex,
      performance: categories.performance?.score ?? 0,
      accessibility: categories.accessibility?.score ?? 0,
      bestPractices: categories['best-practices']?.score ?? 0,
      seo: categories.seo?.score ?? 0,
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Infinity),
      cls: audits['cumulative-layout-shift']?.numericValue ?? Infinity,
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Infinity),
    };
  };
  try {
    const runs: Awaited<ReturnType<typeof audit>>[] = [];
    for (const path of ['/?lng=en', '/?lng=de', '/?lng=en']) runs.push(await audit(path));
    // Each figure's median over the three runs, as Lighthouse CI's median aggregation takes it: the run with
    // the median score may still hold the slowest paint of the three if the machine stalled during it.
    const median = (figure: (run: (typeof runs)[number]) => number) =>
      runs.map(figure).sort((a, b) => a - b)[1]!;
    test.info().annotations.push({ type: 'lighthouse mobile', description: JSON.stringify(runs) });
    for (const run of runs) {
      expect(run.accessibility, `accessibility ${run.path}`).toBeGreaterThanOrEqual(MOBILE.others);
      expect(run.bestPractices, `best practices ${run.path}`).toBeGreaterThanOrEqual(MOBILE.others);
      expect(run.seo, `SEO ${run.path}`).toBeGreaterThanOrEqual(MOBILE.others);
    }
    const report = JSON.stringify(runs);
    expect(
      median((run) => run.performance),
      report,
    ).toBeGreaterThanOrEqual(MOBILE.performance);
    expect(
      median((run) => run.lcpMs),
      report,
    ).toBeLessThanOrEqual(MOBILE.lcpMs);
    expect(
      median((run) => run.cls),
      report,
    ).toBe(MOBILE.cls);
  } finally {
    await chrome.kill();
  }
});
