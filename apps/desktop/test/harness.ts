// Starts the whole desktop app (src/main/app.ts) against the fake `electron` module, the way Electron
// would: a temporary userData folder, the window's first page loaded from the test server's address.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TO_MAIN } from '../src/shared/channels.ts';
import { startDesktop, type DesktopOptions } from '../src/main/app.ts';
import { app, fake, FakeWebFrame, type FakeWebContents } from './fake-electron.ts';

export const SERVER = 'https://amiko.test';

/** A fresh userData and appData folder, as Electron gives each user. */
export function freshFolders(): { userData: string; appData: string } {
  const root = mkdtempSync(join(tmpdir(), 'amiko-desktop-'));
  const folders = { userData: join(root, 'userData'), appData: join(root, 'appData') };
  mkdirSync(folders.userData);
  mkdirSync(folders.appData);
  return folders;
}

/** `setUp` plays the system's part before the app starts (displays, login items, ...). */
export async function startApp(
  options: Partial<DesktopOptions> = {},
  folders = freshFolders(),
  setUp?: () => void,
) {
  fake.reset();
  Object.assign(app, folders);
  setUp?.();
  const desktop = await startDesktop({
    serverUrl: new URL(SERVER),
    preload: '/app/out/preload/index.cjs',
    argv: [],
    updater: null,
    development: false,
    platform: 'linux',
    ...options,
  });
  const window = fake.windows[0];
  const tray = fake.trays[0];
  if (!desktop || !window || !tray) throw new Error('the app did not open its window and tray');
  const contents = window.webContents;
  return {
    desktop,
    window,
    contents,
    tray,
    /** The Amiko page in the window's top frame calls the bridge. */
    fromPage(channel: keyof typeof TO_MAIN, payload: unknown) {
      fake.sendToMain(TO_MAIN[channel], payload, { sender: contents, frame: contents.mainFrame });
    },
    /** Anything else sends on a bridge channel: a frame inside the page, another page, another window. */
    fromFrame(
      channel: keyof typeof TO_MAIN,
      payload: unknown,
      frame: FakeWebFrame | null,
      sender: FakeWebContents = contents,
    ) {
      fake.sendToMain(TO_MAIN[channel], payload, { sender, frame });
    },
  };
}

export { FakeWebFrame };
