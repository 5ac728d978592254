// Updates through electron-updater from the generic feed in electron-builder.yml (publish): checked at
// start and every six hours, and never installed without the member knowing: Amiko asks before it
// downloads, and once downloaded asks to restart now or says it installs on the next quit.
import { dialog } from 'electron';
import type { UpdateDownloadedEvent, UpdateInfo } from 'electron-updater';
import type { Translate } from './i18n.ts';

export const UPDATE_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** What Amiko uses of electron-updater's autoUpdater. */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  checkForUpdates(): Promise<unknown>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(): void;
  on(event: 'update-available' | 'update-not-available', listener: (info: UpdateInfo) => void): unknown;
  on(event: 'update-downloaded', listener: (event: UpdateDownloadedEvent) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface Updates {
  /** A check the member asked for: says so when there is nothing new. */
  checkNow(): void;
  stop(): void;
}

async function ask(title: string, message: string, buttons: [yes: string, no: string]): Promise<boolean> {
  const { response } = await dialog.showMessageBox({
    type: 'info',
    title,
    message,
    buttons,
    defaultId: 0,
    cancelId: 1,
  });
  return response === 0;
}

export function startUpdates(
  updater: Updater,
  texts: () => Translate,
  beforeInstall: () => void,
  intervalMs = UPDATE_INTERVAL_MS,
): Updates {
  updater.autoDownload = false;
  // Only ever true for an update the member chose to download and was told about.
  updater.autoInstallOnAppQuit = true;
  let askedByMember = false;
  // The version the member put off: the six-hourly checks don't ask about it again.
  let postponed: string | null = null;
  // The version downloaded and waiting to be installed (at the next quit, if not by a restart now): a check
  // finds it "available" again, but it is here; only the member's own check asks again about restarting.
  let downloaded: string | null = null;

  const offerRestart = async (version: string) => {
    const t = texts();
    const restart = await ask(t('updates.readyTitle'), t('updates.ready', { version }), [
      t('updates.restart'),
      t('updates.later'),
    ]);
    if (restart) {
      beforeInstall();
      updater.quitAndInstall();
    }
  };

  updater.on('update-available', async (info) => {
    const byMember = askedByMember;
    askedByMember = false;
    if (info.version === downloaded) {
      if (byMember) await offerRestart(info.version);
      return;
    }
    if (info.version === postponed && !byMember) return;
    const t = texts();
    const download = await ask(
      t('updates.availableTitle'),
      t('updates.available', { version: info.version }),
      [t('updates.download'), t('updates.later')],
    );
    if (download)
      void updater.downloadUpdate().catch((error: unknown) => console.error('[amiko] update', error));
    else postponed = info.version;
  });
  updater.on('update-downloaded', async (event) => {
    downloaded = event.version;
    await offerRestart(event.version);
  });
  updater.on('update-not-available', () => {
    if (!askedByMember) return;
    askedByMember = false;
    const t = texts();
    void dialog.showMessageBox({
      type: 'info',
      title: t('updates.noneTitle'),
      message: t('updates.none'),
      buttons: [t('updates.ok')],
    });
  });
  updater.on('error', (error) => {
    askedByMember = false;
    console.error('[amiko] update check failed', error);
  });

  const check = (byMember: boolean) => {
    askedByMember = byMember;
    updater.checkForUpdates().catch((error: unknown) => console.error('[amiko] update check failed', error));
  };
  check(false);
  const timer = setInterval(() => check(false), intervalMs);
  return { checkNow: () => check(true), stop: () => clearInterval(timer) };
}
