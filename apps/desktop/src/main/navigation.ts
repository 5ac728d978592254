// Where the window may go. The window shows one thing: the member's Amiko server. Top-level navigation and
// redirects stay on its origin; a web or mail link that leaves it opens in the system's browser or mail
// program; anything else (javascript:, file:, data:, other schemes) goes nowhere. Pages never open
// Electron windows.
import type { WebContents } from 'electron';
import { shell } from 'electron';
import { externalUrlSchema } from '@amiko/desktop-bridge/schemas';

export type NavigationDecision = 'stay' | 'external' | 'refuse';

export function decideNavigation(url: string, serverOrigin: string): NavigationDecision {
  if (!URL.canParse(url)) return 'refuse';
  const target = new URL(url);
  const web = target.protocol === 'https:' || target.protocol === 'http:';
  if (web && target.origin === serverOrigin) return 'stay';
  return externalUrlSchema.safeParse(url).success ? 'external' : 'refuse';
}

/** Opens a link outside Amiko, if it is one that may leave: web and mail only. */
export function openExternally(url: string): boolean {
  if (!externalUrlSchema.safeParse(url).success) return false;
  void shell.openExternal(url);
  return true;
}

export function applyNavigationRules(contents: WebContents, serverOrigin: string): void {
  contents.on('will-navigate', (event) => {
    const decision = decideNavigation(event.url, serverOrigin);
    if (decision === 'stay') return;
    event.preventDefault();
    if (decision === 'external') openExternally(event.url);
  });
  // A redirect (a server answering 30x) is refused unless it stays on the origin: it cannot hop the window
  // to another site. Only the top frame: payment forms live in frames of their own.
  contents.on('will-redirect', (event) => {
    if (event.isMainFrame && decideNavigation(event.url, serverOrigin) !== 'stay') event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (decideNavigation(url, serverOrigin) !== 'refuse') openExternally(url);
    return { action: 'deny' };
  });
  // No <webview>: nothing of Amiko uses one, and each would be a browser without these rules.
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
