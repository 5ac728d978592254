// The contract between the UI (packages/ui) and the desktop shell (apps/desktop): what the preload script
// exposes as `window.amikoDesktop`. The schemas the main process checks every message against are in
// ./schemas (`@amiko/desktop-bridge/schemas`), apart, so the preload and the UI stay free of zod. Like the
// socket event contract, it belongs to neither side, so it lives in a package of its own that depends on
// nothing of ours.

/** The one object the preload exposes to the page, as `window.amikoDesktop`. */
export interface DesktopBridge {
  /** The number of conversations with unread messages: the tray badge, the app badge and the tooltip. */
  setUnreadCount(count: number): void;
  /** A system notification; clicking it shows the window and navigates to `path` through onNavigate. */
  notify(notification: DesktopNotification): void;
  /** Opens an http(s) or mailto link in the system's browser or mail program. */
  openExternal(url: string): void;
  /** The host asks the UI to show an in-app path (notification click, amiko:// link, tray menu). */
  onNavigate(callback: (path: string) => void): () => void;
}

export interface DesktopNotification {
  /** Who wrote, e.g. "New message from Bruno". */
  title: string;
  /** The message text, or empty when the member keeps it out of notifications (the default). */
  body: string;
  /** The in-app path a click opens. */
  path?: string;
}

/** The name of the bridge on `window`. */
export const BRIDGE_GLOBAL = 'amikoDesktop';
