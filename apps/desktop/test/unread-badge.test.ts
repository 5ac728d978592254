// Item 4 and 5 of the desktop issue: the count the UI reports becomes the tray badge, the tooltip and the
// app badge ("9+" above nine), and the badge picture in the README is drawn by the same code.
import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { badgeLabel, drawOverlayIcon, drawTrayIcon, type RgbaImage } from '../src/main/badge.ts';
import { encodePng } from '../src/main/png.ts';
import { app } from './fake-electron.ts';
import { startApp } from './harness.ts';

const COUNTS = [0, 1, 9, 10, 120];

/** Pixels clearly of the badge's red. */
function redPixels(image: RgbaImage): number {
  let red = 0;
  for (let i = 0; i < image.data.length; i += 4)
    if (
      image.data[i + 3]! > 200 &&
      image.data[i]! > 200 &&
      image.data[i + 1]! < 80 &&
      image.data[i + 2]! < 80
    )
      red++;
  return red;
}

describe('the badge label', () => {
  it('is empty for none, the number up to nine, then 9+', () => {
    expect(COUNTS.map(badgeLabel)).toEqual(['', '1', '9', '9+', '9+']);
  });
});

describe('the tray icon and tooltip', () => {
  for (const count of COUNTS) {
    it(`show ${count} unread`, async () => {
      const { fromPage, tray } = await startApp();
      fromPage('setUnreadCount', count);

      expect(tray.tooltip).toBe(count === 0 ? 'Amiko' : `Amiko — ${count} unread`);
      expect(tray.image.png.equals(encodePng(drawTrayIcon(32, count)))).toBe(true);
      const drawn = drawTrayIcon(32, count);
      if (count === 0) expect(redPixels(drawn)).toBe(0);
      else expect(redPixels(drawn)).toBeGreaterThan(30);
    });
  }

  it('draws 10 and 120 the same ("9+"), and differently from 9', () => {
    const png = (count: number) => encodePng(drawTrayIcon(32, count));
    expect(png(10).equals(png(120))).toBe(true);
    expect(png(9).equals(png(10))).toBe(false);
    expect(png(1).equals(png(9))).toBe(false);
  });

  it('redraws the icon only when the label changes, and follows the count back to zero', async () => {
    const { fromPage, tray } = await startApp();
    for (const count of [3, 3, 12, 40, 0]) fromPage('setUnreadCount', count);
    // The first image, then 3, 9+ (12 and 40 share it) and none.
    expect(tray.images).toHaveLength(4);
    expect(tray.tooltip).toBe('Amiko');
  });

  it('speaks German when the page does', async () => {
    const { fromPage, tray, contents, window } = await startApp();
    contents.pageLanguage = 'de';
    window.focus();
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    fromPage('setUnreadCount', 2);
    expect(tray.tooltip).toBe('Amiko — 2 ungelesen');
  });
});

describe('the app badge', () => {
  it('is the launcher count on Linux', async () => {
    const { fromPage } = await startApp({ platform: 'linux' });
    for (const count of COUNTS) fromPage('setUnreadCount', count);
    expect(app.badgeCounts).toEqual(COUNTS);
  });

  it('is the dock label on macOS, 9+ above nine', async () => {
    const { fromPage } = await startApp({ platform: 'darwin' });
    for (const count of COUNTS) fromPage('setUnreadCount', count);
    expect(app.dock.badges).toEqual(['', '1', '9', '9+', '9+']);
  });

  it('is an overlay on the taskbar button on Windows, removed at zero', async () => {
    const { fromPage, window } = await startApp({ platform: 'win32' });
    for (const count of COUNTS) fromPage('setUnreadCount', count);
    expect(window.overlays.map((overlay) => overlay.description)).toEqual([
      '',
      '1 unread',
      '9 unread',
      '10 unread',
      '120 unread',
    ]);
    expect(window.overlays[0]!.image).toBeNull();
    expect(window.overlays[4]!.image!.png.equals(encodePng(drawOverlayIcon(32, 120)!))).toBe(true);
    expect(app.userModelId).toBe('org.amiko.desktop');
  });
});

describe('the picture in the README', () => {
  it('is drawn by the tray badge code: the icon at 0, 1, 9, 10 and 120 unread', () => {
    const size = 96;
    const gap = 24;
    const width = COUNTS.length * size + (COUNTS.length + 1) * gap;
    const height = size + 2 * gap;
    // A light panel like a system tray's, with each icon composited onto it.
    const strip: RgbaImage = { width, height, data: new Uint8Array(width * height * 4) };
    for (let i = 0; i < strip.data.length; i += 4) strip.data.set([0xf1, 0xf3, 0xf5, 0xff], i);
    COUNTS.forEach((count, n) => {
      const icon = drawTrayIcon(size, count);
      const left = gap + n * (size + gap);
      for (let y = 0; y < size; y++)
        for (let x = 0; x < size; x++) {
          const from = (y * size + x) * 4;
          const to = ((gap + y) * width + left + x) * 4;
          const alpha = icon.data[from + 3]! / 255;
          for (let c = 0; c < 3; c++)
            strip.data[to + c] = Math.round(icon.data[from + c]! * alpha + strip.data[to + c]! * (1 - alpha));
        }
    });
    const png = encodePng(strip);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    mkdirSync(new URL('../../../docs/screenshots/', import.meta.url), { recursive: true });
    writeFileSync(new URL('../../../docs/screenshots/desktop-tray-badge.png', import.meta.url), png);
  });
});
