// When the Amiko server cannot be reached, the window shows Amiko's own page instead of Chromium's error
// page: translated, with a link to try again, and it returns to where the member was by itself as soon
// as the server answers again (checked every few seconds, and at once when the computer wakes up).
import { createHash } from 'node:crypto';
import { net, powerMonitor, type BrowserWindow } from 'electron';
import type { Translate } from './i18n.ts';

export const PROBE_INTERVAL_MS = 5_000;
/** Chromium's net::ERR_ABORTED: a load replaced by another one, not a failure. */
const ERR_ABORTED = -3;

const STYLE = `
html { color-scheme: light dark; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; font: 16px/1.5 system-ui, sans-serif;
  background: Canvas; color: CanvasText; }
main { max-width: 28rem; padding: 2rem; text-align: center; }
h1 { font-size: 1.4rem; margin: 1rem 0 0.5rem; }
p { margin: 0 0 1.5rem; opacity: 0.8; }
a { display: inline-block; padding: 0.6rem 1.2rem; border-radius: 0.5rem; background: #3b5bdb; color: #fff;
  text-decoration: none; font-weight: 600; }
a:focus-visible { outline: 3px solid #fd7e14; outline-offset: 2px; }
`;

const MARK =
  '<svg aria-hidden="true" width="64" height="64" viewBox="0 0 32 32"><circle cx="12" cy="16" r="9" fill="#3b5bdb"/>' +
  '<circle cx="20" cy="16" r="9" fill="#fd7e14" fill-opacity="0.85"/></svg>';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page as a data: URL. Its policy allows its one inline style and nothing else: no script, no
 * requests; the link is plain navigation to the server, which the navigation rules allow.
 */
export function offlinePage(t: Translate, language: string, retryUrl: string): string {
  const styleHash = createHash('sha256').update(STYLE).digest('base64');
  const csp = `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'`;
  const html = `<!doctype html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('offline.pageTitle'))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${MARK}
<h1>${escapeHtml(t('offline.title'))}</h1>
<p>${escapeHtml(t('offline.text'))}</p>
<a href="${escapeHtml(retryUrl)}">${escapeHtml(t('offline.retry'))}</a>
</main>
</body>
</html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}

export interface OfflineWatch {
  /** Whether the offline page is showing. */
  readonly offline: boolean;
  stop(): void;
}

export function watchServer(
  window: BrowserWindow,
  serverUrl: URL,
  texts: () => { t: Translate; language: string },
  probe: (url: string) => Promise<{ ok: boolean }> = (url) => net.fetch(url, { cache: 'no-store' }),
): OfflineWatch {
  const contents = window.webContents;
  let retryUrl: string | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;

  async function check() {
    if (retryUrl === null) return;
    const answered = await probe(new URL('/healthz', serverUrl).href).then(
      (response) => response.ok,
      () => false,
    );
    if (!answered || retryUrl === null || window.isDestroyed()) return;
    const url = retryUrl;
    retryUrl = null;
    clearInterval(timer);
    void contents.loadURL(url);
  }

  contents.on('did-fail-load', (_event, errorCode, _description, failedUrl, isMainFrame) => {
    if (!isMainFrame || errorCode === ERR_ABORTED) return;
    // Back to the page that failed, if it was the server's; otherwise to the server's start page.
    const onServer = URL.canParse(failedUrl) && new URL(failedUrl).origin === serverUrl.origin;
    retryUrl = onServer ? failedUrl : serverUrl.href;
    const { t, language } = texts();
    void contents.loadURL(offlinePage(t, language, retryUrl));
    clearInterval(timer);
    timer = setInterval(() => void check(), PROBE_INTERVAL_MS);
  });
  // Back on the server (the member's "Try again", or a link): nothing left to wait for.
  contents.on('did-navigate', (_event, url) => {
    if (URL.canParse(url) && new URL(url).origin === serverUrl.origin) {
      retryUrl = null;
      clearInterval(timer);
    }
  });
  const onResume = () => void check();
  powerMonitor.on('resume', onResume);

  return {
    get offline() {
      return retryUrl !== null;
    },
    stop() {
      clearInterval(timer);
      powerMonitor.off('resume', onResume);
    },
  };
}
