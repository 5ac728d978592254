// The main process's entry (built by electron-vite into out/main/index.js).
import { app } from 'electron';
import electronUpdater from 'electron-updater';
import { join } from 'node:path';
import { startDesktop } from './app.ts';
import { serverUrlFrom } from './config.ts';

void startDesktop({
  serverUrl: serverUrlFrom(import.meta.env.AMIKO_SERVER_URL),
  preload: join(import.meta.dirname, '../preload/index.cjs'),
  argv: process.argv,
  updater: app.isPackaged ? electronUpdater.autoUpdater : null,
  development: !app.isPackaged,
}).catch((error: unknown) => {
  console.error('[amiko] the desktop app could not start', error);
  app.exit(1);
});
