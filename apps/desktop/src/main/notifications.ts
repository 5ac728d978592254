// System notifications: one for each new message the UI reports while the window is not in front, none
// while the member paused them (the badge still counts), and a click that brings the window forward on
// the conversation. What a notification says is decided by the UI before it crosses the bridge: the
// sender's name always, the message text only when the member turned "Show message text in
// notifications" on, so by default the text never reaches the system's notification centre.
import type { DesktopNotification } from '@amiko/desktop-bridge';
import { Notification } from 'electron';

export type PauseChoice = 'off' | 'hour' | 'tomorrow';
export type Pause = { choice: Exclude<PauseChoice, 'off'>; until: number } | null;

/** "Until tomorrow" means until 8 in the morning, local time. */
export const TOMORROW_HOUR = 8;

export function pauseFor(choice: PauseChoice, now: Date): Pause {
  if (choice === 'off') return null;
  if (choice === 'hour') return { choice, until: now.getTime() + 60 * 60 * 1000 };
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, TOMORROW_HOUR);
  return { choice, until: tomorrow.getTime() };
}

export function activePause(pause: Pause, now: number): Pause {
  return pause && pause.until > now ? pause : null;
}

export interface Notifier {
  /** Shows a message notification unless paused or the window is in front; says whether it did. */
  message(notification: DesktopNotification): boolean;
  /** A notice about Amiko itself (not a message): shown even while message notifications are paused. */
  notice(title: string, body: string): void;
}

export function createNotifier(deps: {
  isPaused: () => boolean;
  windowInFront: () => boolean;
  onClick: (path: string | undefined) => void;
}): Notifier {
  // Notifications that can still be clicked; without a reference they may be collected, and their click
  // handler with them.
  const open = new Set<Notification>();
  function show(options: { title: string; body: string }, path: string | undefined) {
    const notification = new Notification({ title: options.title, body: options.body });
    open.add(notification);
    notification.on('click', () => {
      open.delete(notification);
      deps.onClick(path);
    });
    notification.on('close', () => open.delete(notification));
    notification.show();
  }
  return {
    message(notification) {
      if (!Notification.isSupported() || deps.isPaused() || deps.windowInFront()) return false;
      show(notification, notification.path);
      return true;
    },
    notice(title, body) {
      if (Notification.isSupported()) show({ title, body }, undefined);
    },
  };
}
