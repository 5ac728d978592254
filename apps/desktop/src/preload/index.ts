// The preload: runs sandboxed in the window's pages before they load and exposes exactly one object,
// window.amikoDesktop (packages/desktop-bridge). It forwards to the main process over the named channels
// and holds no logic the main process relies on: main checks every message itself (src/main/ipc.ts).
import { BRIDGE_GLOBAL, type DesktopBridge } from '@amiko/desktop-bridge';
import { contextBridge, ipcRenderer } from 'electron';
import { TO_MAIN, TO_PAGE } from '../shared/channels.ts';

const listeners = new Set<(path: string) => void>();
// A path that arrived before the UI subscribed (a notification clicked while the page was loading).
let pending: string | null = null;

ipcRenderer.on(TO_PAGE.navigate, (_event, path: unknown) => {
  if (typeof path !== 'string') return;
  if (listeners.size === 0) {
    pending = path;
    return;
  }
  for (const listener of listeners) listener(path);
});

const bridge: DesktopBridge = {
  setUnreadCount: (count) => ipcRenderer.send(TO_MAIN.setUnreadCount, count),
  notify: (notification) => ipcRenderer.send(TO_MAIN.notify, notification),
  openExternal: (url) => ipcRenderer.send(TO_MAIN.openExternal, url),
  onNavigate(callback) {
    listeners.add(callback);
    if (pending !== null) {
      const path = pending;
      pending = null;
      callback(path);
    }
    return () => void listeners.delete(callback);
  },
};

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, bridge);
