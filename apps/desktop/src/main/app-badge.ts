// The count outside the tray: the dock badge on macOS (a text, so it can say "9+"), the launcher badge on
// Linux desktops that show one (Unity's launcher API: GNOME docks, KDE), and a badge over the taskbar
// button on Windows, which has no app badge of its own.
import { app, nativeImage, type BrowserWindow } from 'electron';
import { badgeLabel, drawOverlayIcon } from './badge.ts';
import type { Translate } from './i18n.ts';
import { encodePng } from './png.ts';

/** Windows draws overlays at 16 points; 32 pixels keep them sharp at twice the density. */
const OVERLAY_PIXELS = 32;

export function showAppBadge(
  count: number,
  window: BrowserWindow | null,
  t: Translate,
  platform: NodeJS.Platform = process.platform,
): void {
  const label = badgeLabel(count);
  if (platform === 'darwin') {
    app.dock?.setBadge(label);
  } else if (platform === 'win32') {
    if (!window || window.isDestroyed()) return;
    const overlay = drawOverlayIcon(OVERLAY_PIXELS, count);
    window.setOverlayIcon(
      overlay ? nativeImage.createFromBuffer(encodePng(overlay), { scaleFactor: 2 }) : null,
      overlay ? t('badge.description', { count }) : '',
    );
  } else {
    app.setBadgeCount(count);
  }
}
