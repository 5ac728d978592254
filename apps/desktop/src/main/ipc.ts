// The main process's end of the bridge. A message is acted on only when it comes from the top frame of
// Amiko's window while that frame shows the Amiko server (not a frame inside it, not the offline page, not
// another window), and only when its payload passes the bridge's schema; anything else is dropped.
import type { DesktopNotification } from '@amiko/desktop-bridge';
import {
  desktopNotificationSchema,
  externalUrlSchema,
  unreadCountSchema,
} from '@amiko/desktop-bridge/schemas';
import { ipcMain, type BrowserWindow, type IpcMainEvent } from 'electron';
import type { z } from 'zod';
import { TO_MAIN, type ToMainChannel } from '../shared/channels.ts';

export interface BridgeHandlers {
  setUnreadCount(count: number): void;
  notify(notification: DesktopNotification): void;
  openExternal(url: string): void;
}

function originOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).origin : null;
}

export function isTrustedSender(
  event: IpcMainEvent,
  window: BrowserWindow | null,
  serverOrigin: string,
): boolean {
  if (!window || window.isDestroyed() || event.sender !== window.webContents) return false;
  const frame = event.senderFrame;
  return frame !== null && frame.parent === null && originOf(frame.url) === serverOrigin;
}

export function registerBridge(
  handlers: BridgeHandlers,
  window: () => BrowserWindow | null,
  serverOrigin: string,
): void {
  function listen<T>(channel: ToMainChannel, schema: z.ZodType<T>, handle: (payload: T) => void) {
    ipcMain.on(channel, (event, payload: unknown) => {
      if (!isTrustedSender(event, window(), serverOrigin)) {
        console.warn(`[amiko] ignored ${channel} from ${event.senderFrame?.url ?? 'a closed frame'}`);
        return;
      }
      const parsed = schema.safeParse(payload);
      if (!parsed.success) {
        console.warn(`[amiko] ignored ${channel} with an invalid payload`);
        return;
      }
      handle(parsed.data);
    });
  }
  listen(TO_MAIN.setUnreadCount, unreadCountSchema, handlers.setUnreadCount);
  listen(TO_MAIN.notify, desktopNotificationSchema, handlers.notify);
  listen(TO_MAIN.openExternal, externalUrlSchema, handlers.openExternal);
}
