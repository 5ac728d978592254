// The window factory: every page Amiko's window shows runs with Electron's secure defaults spelled out,
// so a change of default in a later Electron cannot loosen them unnoticed.
import { BrowserWindow, type WebPreferences } from 'electron';
import { MIN_SIZE, type WindowPlacement } from './window-state.ts';

export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    // The page and the preload live in separate JavaScript worlds; the page sees only the bridge.
    contextIsolation: true,
    // Renderers run in Chromium's sandbox, without Node.
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    // Same-origin policy and mixed-content blocking as in a browser.
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
  };
}

export function createMainWindow(preload: string, placement: WindowPlacement): BrowserWindow {
  const window = new BrowserWindow({
    ...placement.bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Amiko',
    // Shown when its first page has painted, or not at all when Amiko starts at login.
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(preload),
  });
  if (placement.maximized) window.maximize();
  return window;
}
