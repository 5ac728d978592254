// What the desktop app remembers on this computer, in settings.json in Electron's userData folder: window
// places per display, paused notifications, whether the close-to-tray notice was shown. Read once at
// start; every change is written at once, atomically (temporary file, then rename), so a crash never
// leaves half a file. A missing or unreadable file means the defaults, never a failed start.
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

const boundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
});
export type SavedBounds = z.infer<typeof boundsSchema>;

const settingsSchema = z.object({
  /** The window's last place on each display, by display id. */
  windowBounds: z.record(z.string(), boundsSchema).catch({}),
  /** The display the window was last on. */
  lastDisplay: z.string().nullable().catch(null),
  /** Notifications are paused until `until` (ms since the epoch), as chosen in the tray; null: not paused. */
  pause: z
    .object({ choice: z.enum(['hour', 'tomorrow']), until: z.number() })
    .nullable()
    .catch(null),
  closeNoticeShown: z.boolean().catch(false),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  windowBounds: {},
  lastDisplay: null,
  pause: null,
  closeNoticeShown: false,
};

export interface SettingsStore {
  get(): Settings;
  update(change: Partial<Settings>): void;
  /** Resolves when everything updated so far is on disk. */
  flush(): Promise<void>;
}

function read(file: string): Settings {
  try {
    const parsed = settingsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : { ...DEFAULT_SETTINGS };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function openSettings(directory: string): SettingsStore {
  const file = join(directory, 'settings.json');
  let current = read(file);
  // Writes run one after another, each with the settings as they are when it starts.
  let writing: Promise<void> = Promise.resolve();
  return {
    get: () => current,
    update(change) {
      current = { ...current, ...change };
      writing = writing.then(async () => {
        const temporary = `${file}.tmp`;
        try {
          await writeFile(temporary, JSON.stringify(current, null, 2));
          await rename(temporary, file);
        } catch (error) {
          console.error('[amiko] could not save the desktop settings', error);
        }
      });
    },
    flush: () => writing,
  };
}
