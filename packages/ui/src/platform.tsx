import { createContext, useContext, type ReactNode } from 'react';

/**
 * Everything the UI asks of its host. The browser implements it here; the desktop shell passes its own
 * (tray badge, system notifications, links opened in the system browser).
 */
export interface Platform {
  kind: 'browser' | 'desktop';
  /** Where the API lives; '' means the same origin as the page. */
  apiBaseUrl: string;
  /** The number of unread conversations, for a badge (desktop tray) or the tab title (browser). */
  setUnreadCount(count: number): void;
  /** A notification about something new while Amiko is in the background. */
  notify(notification: { title: string; body: string; path?: string }): void;
  /** Opens a link outside Amiko. */
  openExternal(url: string): void;
}

const BASE_TITLE = 'Amiko';

export const browserPlatform: Platform = {
  kind: 'browser',
  apiBaseUrl: '',
  setUnreadCount(count) {
    document.title = count > 0 ? `(${count}) ${BASE_TITLE}` : BASE_TITLE;
  },
  notify({ title, body }) {
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.hidden) {
      new Notification(title, { body });
    }
  },
  openExternal(url) {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
};

const PlatformContext = createContext<Platform>(browserPlatform);

export function PlatformProvider({ platform, children }: { platform: Platform; children: ReactNode }) {
  return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>;
}

export function usePlatform(): Platform {
  return useContext(PlatformContext);
}
