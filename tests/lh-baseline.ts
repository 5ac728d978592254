import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawnAmiko } from './support/amiko-process.ts';

const amiko = await spawnAmiko();
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  for (const preset of (process.argv[2] ?? 'mobile').split(',')) {
    const t0 = Date.now();
    const result = await lighthouse(`${amiko.url}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(preset === 'desktop'
        ? {
            formFactor: 'desktop',
            screenEmulation: {
              mobile: false,
              width: 1350,
              height: 940,
              deviceScaleFactor: 1,
              disabled: false,
            },
            throttling: {
              rttMs: 40,
              throughputKbps: 10240,
              cpuSlowdownMultiplier: 1,
              requestLatencyMs: 0,
              downloadThroughputKbps: 0,
              uploadThroughputKbps: 0,
            },
          }
        : {}),
    });
    const lhr = result!.lhr;
    console.log(
      preset,
      Date.now() - t0,
      'ms',
      Object.fromEntries(Object.entries(lhr.categories).map(([k, c]) => [k, c.score])),
    );
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
      'interactive',
    ])
      console.log(' ', id, lhr.audits[id]?.displayValue, lhr.audits[id]?.score);
    for (const [id, a] of Object.entries(lhr.audits))
      if (
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'notApplicable'
      )
        console.log('  low:', id, a.score, a.displayValue ?? '');
  }
} finally {
  await chrome.kill();
  await amiko.stop();
}
