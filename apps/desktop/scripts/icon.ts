// Draws the app icon (build/icon.png, 1024 pixels) with the tray's drawing code, so the app, the tray and
// the favicon show the same mark. electron-builder makes the .ico and .icns from it; `pnpm desktop:dist`
// runs this first.
import { mkdirSync, writeFileSync } from 'node:fs';
import { drawTrayIcon } from '../src/main/badge.ts';
import { encodePng } from '../src/main/png.ts';

const ICON_PIXELS = 1024;
const target = new URL('../build/icon.png', import.meta.url);
mkdirSync(new URL('.', target), { recursive: true });
writeFileSync(target, encodePng(drawTrayIcon(ICON_PIXELS, 0)));
