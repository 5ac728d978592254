// Where the window opens: the place it had on the display it was last on, if that display is still
// connected; else its place on another connected display; else centred on the primary display. A place
// that no longer fits its display (resolution changed) is pulled back inside it.
import type { BrowserWindow, Display, Rectangle } from 'electron';
import { screen } from 'electron';
import type { SavedBounds, SettingsStore } from './settings.ts';

export const DEFAULT_SIZE = { width: 1200, height: 820 };
export const MIN_SIZE = { width: 420, height: 560 };
const SAVE_DELAY_MS = 500;

export interface WindowPlacement {
  bounds: Rectangle;
  maximized: boolean;
}

function fit(bounds: Rectangle, area: Rectangle): Rectangle {
  const width = Math.max(MIN_SIZE.width, Math.min(bounds.width, area.width));
  const height = Math.max(MIN_SIZE.height, Math.min(bounds.height, area.height));
  const x = Math.min(Math.max(bounds.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(bounds.y, area.y), area.y + area.height - height);
  return { x, y, width, height };
}

export function choosePlacement(
  saved: Record<string, SavedBounds>,
  lastDisplay: string | null,
  displays: readonly Pick<Display, 'id' | 'workArea'>[],
  primary: Pick<Display, 'id' | 'workArea'>,
): WindowPlacement {
  const candidates = [
    ...displays.filter((display) => String(display.id) === lastDisplay),
    ...displays.filter((display) => String(display.id) !== lastDisplay),
  ];
  for (const display of candidates) {
    const place = saved[String(display.id)];
    if (place) return { bounds: fit(place, display.workArea), maximized: place.maximized };
  }
  const area = primary.workArea;
  const width = Math.min(DEFAULT_SIZE.width, area.width);
  const height = Math.min(DEFAULT_SIZE.height, area.height);
  return {
    bounds: {
      x: area.x + Math.round((area.width - width) / 2),
      y: area.y + Math.round((area.height - height) / 2),
      width,
      height,
    },
    maximized: false,
  };
}

export function initialPlacement(settings: SettingsStore): WindowPlacement {
  const { windowBounds, lastDisplay } = settings.get();
  return choosePlacement(windowBounds, lastDisplay, screen.getAllDisplays(), screen.getPrimaryDisplay());
}

/** Remembers the window's place on the display it is on whenever it moves, resizes or closes. */
export function rememberPlacement(window: BrowserWindow, settings: SettingsStore): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    if (window.isDestroyed() || window.isMinimized() || window.isFullScreen()) return;
    const bounds = window.getNormalBounds();
    const display = String(screen.getDisplayMatching(bounds).id);
    settings.update({
      lastDisplay: display,
      windowBounds: {
        ...settings.get().windowBounds,
        [display]: { ...bounds, maximized: window.isMaximized() },
      },
    });
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('maximize', save);
  window.on('unmaximize', save);
  window.on('close', save);
}
