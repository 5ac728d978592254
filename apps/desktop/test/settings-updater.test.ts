// The settings file (never a failed start over a bad file) and item 10's updates: checked at start and
// every six hours, downloaded and installed only after the member was asked.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translator } from '../src/main/i18n.ts';
import { DEFAULT_SETTINGS, openSettings } from '../src/main/settings.ts';
import { startUpdates, UPDATE_INTERVAL_MS } from '../src/main/updater.ts';
import { app, fake, type MenuTemplateItem } from './fake-electron.ts';
import { freshFolders, startApp } from './harness.ts';

describe('the settings file', () => {
  it('starts with the defaults, and keeps what was changed', async () => {
    const { userData } = freshFolders();
    const settings = openSettings(userData);
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
    settings.update({ closeNoticeShown: true, pause: { choice: 'hour', until: 123 } });
    await settings.flush();
    expect(openSettings(userData).get()).toEqual({
      ...DEFAULT_SETTINGS,
      closeNoticeShown: true,
      pause: { choice: 'hour', until: 123 },
    });
  });

  it('falls back to the defaults for a broken file, and field by field for wrong values', () => {
    const { userData } = freshFolders();
    writeFileSync(join(userData, 'settings.json'), '{ not json');
    expect(openSettings(userData).get()).toEqual(DEFAULT_SETTINGS);
    writeFileSync(
      join(userData, 'settings.json'),
      JSON.stringify({ closeNoticeShown: true, pause: 'soon', windowBounds: 7 }),
    );
    expect(openSettings(userData).get()).toEqual({ ...DEFAULT_SETTINGS, closeNoticeShown: true });
  });
});

class FakeUpdater extends EventEmitter {
  autoDownload = true;
  autoInstallOnAppQuit = false;
  checks = 0;
  downloads = 0;
  installs = 0;
  checkForUpdates() {
    this.checks++;
    return Promise.resolve(null);
  }
  downloadUpdate() {
    this.downloads++;
    return Promise.resolve([]);
  }
  quitAndInstall() {
    this.installs++;
  }
}

describe('updates', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('are looked for at start and every six hours, and not downloaded unasked', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fake.reset();
    const updater = new FakeUpdater();
    const updates = startUpdates(
      updater,
      () => translator('en'),
      () => {},
    );
    expect(updater.autoDownload).toBe(false);
    expect(updater.checks).toBe(1);
    vi.advanceTimersByTime(UPDATE_INTERVAL_MS - 1);
    expect(updater.checks).toBe(1);
    vi.advanceTimersByTime(1);
    expect(updater.checks).toBe(2);
    updates.stop();
  });

  it('ask before downloading, and before restarting to install', async () => {
    fake.reset();
    const updater = new FakeUpdater();
    let quitting = false;
    const updates = startUpdates(
      updater,
      () => translator('en'),
      () => (quitting = true),
    );
    fake.dialogAnswers.push(0, 0);
    updater.emit('update-available', { version: '1.2.0' });
    await settle();
    expect(fake.dialogs[0]).toMatchObject({
      message: 'Amiko 1.2.0 is available. Download it now?',
      buttons: ['Download', 'Later'],
    });
    expect(updater.downloads).toBe(1);
    updater.emit('update-downloaded', { version: '1.2.0' });
    await settle();
    expect(fake.dialogs[1]!.buttons).toEqual(['Restart now', 'Later']);
    expect(quitting).toBe(true);
    expect(updater.installs).toBe(1);
    updates.stop();
  });

  it('put off by the member, are not asked about again until the member checks', async () => {
    fake.reset();
    const updater = new FakeUpdater();
    const updates = startUpdates(
      updater,
      () => translator('de'),
      () => {},
    );
    fake.dialogAnswers.push(1);
    updater.emit('update-available', { version: '1.2.0' });
    await settle();
    expect(fake.dialogs[0]!.buttons).toEqual(['Herunterladen', 'Später']);
    expect(updater.downloads).toBe(0);
    updater.emit('update-available', { version: '1.2.0' });
    await settle();
    expect(fake.dialogs).toHaveLength(1);
    updates.checkNow();
    updater.emit('update-available', { version: '1.2.0' });
    await settle();
    expect(fake.dialogs).toHaveLength(2);
    updates.checkNow();
    updater.emit('update-not-available', { version: '1.1.0' });
    await settle();
    expect(fake.dialogs[2]!.message).toBe('Du hast die neueste Version von Amiko.');
    updates.stop();
  });
});

describe('an update downloaded and put off', () => {
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('is not offered again by the six-hourly checks; the member’s own check asks about restarting again', async () => {
    fake.reset();
    const updater = new FakeUpdater();
    const updates = startUpdates(
      updater,
      () => translator('en'),
      () => {},
    );
    fake.dialogAnswers.push(0, 1); // Download, then Later
    updater.emit('update-available', { version: '1.2.0' });
    await settle();
    updater.emit('update-downloaded', { version: '1.2.0' });
    await settle();
    expect(fake.dialogs.map((dialog) => dialog.buttons)).toEqual([
      ['Download', 'Later'],
      ['Restart now', 'Later'],
    ]);
    expect(updater.installs).toBe(0);
    // Installed at the next quit: it is there, not to be downloaded or asked about again.
    expect(updater.autoInstallOnAppQuit).toBe(true);

    // Two six-hourly checks find the same version: nothing asked, nothing downloaded again.
    for (let i = 0; i < 2; i++) {
      updater.emit('update-available', { version: '1.2.0' });
      await settle();
    }
    expect(fake.dialogs).toHaveLength(2);
    expect(updater.downloads).toBe(1);

    // Help → Check for Updates…: the restart question again, not the download.
    fake.dialogAnswers.push(0);
    updates.checkNow();
    updater.emit('update-available', { version: '1.2.0' });
    await settle();
    expect(fake.dialogs[2]!.message).toBe(fake.dialogs[1]!.message);
    expect(updater.installs).toBe(1);
    expect(updater.downloads).toBe(1);
    updates.stop();
  });

  it('does not keep a newer version from being offered', async () => {
    fake.reset();
    const updater = new FakeUpdater();
    const updates = startUpdates(
      updater,
      () => translator('en'),
      () => {},
    );
    fake.dialogAnswers.push(0, 1, 1);
    updater.emit('update-available', { version: '1.2.0' });
    await settle();
    updater.emit('update-downloaded', { version: '1.2.0' });
    await settle();
    updater.emit('update-available', { version: '1.3.0' });
    await settle();
    expect(fake.dialogs[2]).toMatchObject({ message: 'Amiko 1.3.0 is available. Download it now?' });
    updates.stop();
  });
});

describe('the packaged app', () => {
  it('looks for updates at start and offers a check in the Help menu; development builds do neither', async () => {
    const updater = new FakeUpdater();
    await startApp({ updater }, undefined, () => {
      app.isPackaged = true;
    });
    expect(updater.checks).toBe(1);
    const help = (fake.applicationMenu!.template as MenuTemplateItem[]).find(
      (menu) => menu.label === 'Help',
    )!;
    expect(help.submenu!.map((entry) => entry.label)).toEqual(['Amiko on the Web', 'Check for Updates…']);

    const unpackaged = new FakeUpdater();
    await startApp({ updater: unpackaged });
    expect(unpackaged.checks).toBe(0);
    const devHelp = (fake.applicationMenu!.template as MenuTemplateItem[]).find(
      (menu) => menu.label === 'Help',
    )!;
    expect(devHelp.submenu!.map((entry) => entry.label)).toEqual(['Amiko on the Web']);
  });
});
