// "Start at login": the system's own login items on macOS and Windows; on Linux, which Electron does not
// cover, an XDG autostart entry. Started at login, Amiko opens in the tray without a window.
import { app } from 'electron';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const HIDDEN_ARGUMENT = '--hidden';

function autostartFile(): string {
  return join(app.getPath('appData'), 'autostart', 'amiko.desktop');
}

function quoted(path: string): string {
  return `"${path.replace(/(["`$\\])/g, '\\$1')}"`;
}

export function startsAtLogin(platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'linux') return existsSync(autostartFile());
  return app.getLoginItemSettings({ args: [HIDDEN_ARGUMENT] }).openAtLogin;
}

export function setStartAtLogin(on: boolean, platform: NodeJS.Platform = process.platform): void {
  if (platform !== 'linux') {
    app.setLoginItemSettings({ openAtLogin: on, args: [HIDDEN_ARGUMENT] });
    return;
  }
  const file = autostartFile();
  if (!on) {
    rmSync(file, { force: true });
    return;
  }
  // An AppImage runs from a temporary mount: the entry must start the AppImage file itself.
  const executable = process.env.APPIMAGE ?? process.execPath;
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(
    file,
    [
      '[Desktop Entry]',
      'Type=Application',
      'Name=Amiko',
      `Exec=${quoted(executable)} ${HIDDEN_ARGUMENT}`,
      'X-GNOME-Autostart-enabled=true',
      '',
    ].join('\n'),
  );
}

/** Whether this launch was the system starting Amiko at login. */
export function startedAtLogin(
  argv: readonly string[],
  platform: NodeJS.Platform = process.platform,
): boolean {
  if (platform === 'darwin') return app.getLoginItemSettings().wasOpenedAtLogin === true;
  return argv.includes(HIDDEN_ARGUMENT);
}
