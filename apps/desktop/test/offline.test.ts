// Item 2: when the server cannot be reached the window shows Amiko's own translated page instead of
// Chromium's error page, and goes back by itself as soon as the server answers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translator } from '../src/main/i18n.ts';
import { offlinePage, PROBE_INTERVAL_MS } from '../src/main/offline.ts';
import { fake, fakeEvent, powerMonitor } from './fake-electron.ts';
import { startApp } from './harness.ts';

const ERR_CONNECTION_REFUSED = -102;
const html = (dataUrl: string) => decodeURIComponent(dataUrl.slice(dataUrl.indexOf(',') + 1));

function failLoad(
  contents: { emit: (name: string, ...args: unknown[]) => boolean },
  url: string,
  code = ERR_CONNECTION_REFUSED,
  mainFrame = true,
) {
  contents.emit('did-fail-load', fakeEvent({}), code, 'ERR_CONNECTION_REFUSED', url, mainFrame, 1, 1);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the offline page', () => {
  it('says so in English and German, with a link back to the page that failed', () => {
    const en = html(offlinePage(translator('en'), 'en', 'https://amiko.test/messages?with=a'));
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('Amiko can&#39;t reach the server');
    expect(en).toContain('<a href="https://amiko.test/messages?with=a">Try again</a>');
    const de = html(offlinePage(translator('de'), 'de', 'https://amiko.test/'));
    expect(de).toContain('<html lang="de">');
    expect(de).toContain('Amiko erreicht den Server nicht');
    expect(de).toContain('Erneut versuchen');
  });

  it('runs no script and loads nothing: its policy allows its one style only', () => {
    const page = html(offlinePage(translator('en'), 'en', 'https://amiko.test/'));
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page)![1]!;
    expect(csp).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'none'$/,
    );
    expect(page).not.toMatch(/<script|javascript:|\son\w+=/i);
  });

  it('escapes what it shows', () => {
    const page = html(offlinePage(translator('en'), 'en', 'https://amiko.test/?q="><script>'));
    expect(page).not.toContain('"><script>');
  });
});

describe('losing the server', () => {
  it('shows the offline page instead of the error, and returns by itself when the server answers', async () => {
    const { contents } = await startApp();
    failLoad(contents, 'https://amiko.test/messages');
    expect(contents.loaded).toHaveLength(2);
    expect(html(contents.loaded[1]!)).toContain('Amiko can&#39;t reach the server');

    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(fake.probed).toEqual(['https://amiko.test/healthz']);
    expect(contents.loaded).toHaveLength(2);

    fake.probe = () => Promise.resolve({ ok: true });
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(contents.loaded.at(-1)).toBe('https://amiko.test/messages');
    // Back online: no more checks.
    contents.emit('did-navigate', fakeEvent({}), 'https://amiko.test/messages');
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3);
    expect(fake.probed).toHaveLength(2);
  });

  it('checks at once when the computer wakes up', async () => {
    const { contents } = await startApp();
    failLoad(contents, 'https://amiko.test/');
    fake.probe = () => Promise.resolve({ ok: true });
    powerMonitor.emit('resume');
    await vi.waitFor(() => expect(contents.loaded.at(-1)).toBe('https://amiko.test/'));
  });

  it('stops waiting when the member\'s "Try again" got through', async () => {
    const { contents } = await startApp();
    failLoad(contents, 'https://amiko.test/');
    contents.emit('did-navigate', fakeEvent({}), 'https://amiko.test/');
    fake.probe = () => Promise.resolve({ ok: true });
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 2);
    expect(fake.probed).toEqual([]);
    expect(contents.loaded).toHaveLength(2);
  });

  it('ignores aborted loads and failures of frames inside the page', async () => {
    const { contents } = await startApp();
    failLoad(contents, 'https://amiko.test/', -3);
    failLoad(contents, 'https://js.stripe.com/v3/', ERR_CONNECTION_REFUSED, false);
    expect(contents.loaded).toEqual(['https://amiko.test/']);
  });
});
