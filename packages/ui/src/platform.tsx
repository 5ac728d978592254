import type { DesktopBridge } from '@amiko/desktop-bridge';
import { createContext, useContext, type ReactNode } from 'react';
import type { PushHost } from './push.ts';

declare global {
  interface Window {
    /** The desktop app's bridge (apps/desktop's preload); absent in a browser. */
    amikoDesktop?: DesktopBridge;
  }
}

/** Whether the host may show notifications: the desktop app always, a browser once the member allowed it. */
export type NotificationAccess = 'granted' | 'denied' | 'default' | 'unsupported';

/**
 * Everything the UI asks of its host, and the one thing the host asks of the UI (onNavigate). The browser
 * implements it here; in the desktop app the UI talks to the shell through window.amikoDesktop.
 */
export interface Platform {
  kind: 'browser' | 'desktop';
  /** Where the API lives; '' means the same origin as the page. */
  apiBaseUrl: string;
  /** The number of conversations with unread messages, for a badge (desktop tray) or the tab title (browser). */
  setUnreadCount(count: number): void;
  /** A notification about something new while Amiko is in the background; a click opens `path`. */
  notify(notification: { title: string; body: string; path?: string }): void;
  /** Opens a link outside Amiko. */
  openExternal(url: string): void;
  /** The host sends the UI to a path (a notification clicked, an amiko:// link); returns the unsubscribe. */
  onNavigate(callback: (path: string) => void): () => void;
  notificationAccess(): NotificationAccess;
  /** Asks the member for permission to notify: only ever on their click (Settings → Notifications). */
  requestNotificationAccess(): Promise<NotificationAccess>;
  /**
   * This device's Web Push subscription (push.ts): a browser with a service worker and the Push API; null
   * in the desktop app, which notifies through its bridge, and in a browser without them.
   */
  push: PushHost | null;
}

const BASE_TITLE = 'Amiko';
const browserNavigation = new Set<(path: string) => void>();

// The tab title: the page's own ("Messages — Amiko"), with the browser's unread count in front ("(2) …").
let pageTitle = BASE_TITLE;
let unreadInTitle = 0;
function showTitle() {
  document.title = unreadInTitle > 0 ? `(${unreadInTitle}) ${pageTitle}` : pageTitle;
}

/** Sets the page's title (Layout, on every route); in a browser the unread count stays in front of it. */
export function setPageTitle(title: string) {
  pageTitle = title;
  showTitle();
}

/** Sends the browser's UI to a path: a notification clicked, here or (service-worker.ts) in the service worker. */
export function navigateBrowser(path: string): void {
  for (const navigate of browserNavigation) navigate(path);
}

export const browserPlatform: Platform = {
  kind: 'browser',
  apiBaseUrl: '',
  setUnreadCount(count) {
    unreadInTitle = count;
    showTitle();
  },
  notify({ title, body, path }) {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const notification = new Notification(title, { body });
    notification.onclick = () => {
      window.focus();
      notification.close();
      if (path) navigateBrowser(path);
    };
  },
  openExternal(url) {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  onNavigate(callback) {
    browserNavigation.add(callback);
    return () => void browserNavigation.delete(callback);
  },
  notificationAccess: () => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission),
  async requestNotificationAccess() {
    if (typeof Notification === 'undefined') return 'unsupported';
    return Notification.requestPermission();
  },
  push:
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window
      ? {
          // Loaded on use (Settings → Notifications): the public site's pages share this module.
          subscribe: async (key) => (await import('./push.ts')).browserPush.subscribe(key),
          unsubscribe: async () => (await import('./push.ts')).browserPush.unsubscribe(),
          describe: async () => (await import('./push.ts')).browserPush.describe(),
        }
      : null,
};

/** The UI inside the desktop app: badges, notifications and links go to the shell through its bridge. */
export function desktopPlatform(bridge: DesktopBridge): Platform {
  return {
    kind: 'desktop',
    apiBaseUrl: '',
    setUnreadCount: (count) => bridge.setUnreadCount(count),
    notify: (notification) => bridge.notify(notification),
    openExternal: (url) => bridge.openExternal(url),
    onNavigate: (callback) => bridge.onNavigate(callback),
    notificationAccess: () => 'granted',
    requestNotificationAccess: () => Promise.resolve('granted'),
    push: null,
  };
}

/** The platform the UI runs on: the desktop app's when its bridge is there, else the browser's. */
export function hostPlatform(): Platform {
  return window.amikoDesktop ? desktopPlatform(window.amikoDesktop) : browserPlatform;
}

const PlatformContext = createContext<Platform>(browserPlatform);

export function PlatformProvider({ platform, children }: { platform: Platform; children: ReactNode }) {
  return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>;
}

export function usePlatform(): Platform {
  return useContext(PlatformContext);
}
