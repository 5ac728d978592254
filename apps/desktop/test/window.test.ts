// Items 5, 8 and 9: the window's secure defaults, its place remembered per display, closing it keeps
// Amiko in the tray (saying so the first time), Quit quits; the tray menu; start at login.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { choosePlacement, DEFAULT_SIZE, MIN_SIZE } from '../src/main/window-state.ts';
import { secureWebPreferences } from '../src/main/window.ts';
import { app, fake, type MenuTemplateItem } from './fake-electron.ts';
import { freshFolders, startApp } from './harness.ts';

const item = (items: MenuTemplateItem[], label: string) => items.find((entry) => entry.label === label)!;

describe('the window factory', () => {
  it('creates the window with every security setting spelled out', async () => {
    const { window } = await startApp();
    expect(window.options.webPreferences).toEqual({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: true,
    });
    expect(secureWebPreferences('/p.cjs')).not.toHaveProperty('enableBlinkFeatures');
    expect(app.sandboxEnabled).toBe(true);
    expect(window.options).toMatchObject({
      minWidth: MIN_SIZE.width,
      minHeight: MIN_SIZE.height,
      show: false,
    });
  });

  it('has no remote module: not a dependency anywhere in the workspace, not enabled, not imported', async () => {
    const root = new URL('../../../', import.meta.url);
    const manifest = JSON.parse(readFileSync(new URL('apps/desktop/package.json', root), 'utf8'));
    const dependencies = [
      'dependencies',
      'devDependencies',
      'optionalDependencies',
      'peerDependencies',
    ].flatMap((field) => Object.keys(manifest[field] ?? {}));
    expect(dependencies).not.toContain('@electron/remote');
    expect(readFileSync(new URL('pnpm-lock.yaml', root), 'utf8')).not.toContain('@electron/remote');
    const { window } = await startApp();
    expect(window.options.webPreferences).not.toHaveProperty('enableRemoteModule');
    for (const file of readdirSync(new URL('apps/desktop/src/', root), {
      recursive: true,
      encoding: 'utf8',
    })) {
      if (!file.endsWith('.ts')) continue;
      const source = readFileSync(new URL(`apps/desktop/src/${file}`, root), 'utf8');
      expect(source, file).not.toMatch(
        /@electron\/remote|enableRemoteModule|\bremote\b[^\n]*from 'electron'/,
      );
    }
  });

  it('loads the server and shows itself once painted', async () => {
    const { window, contents } = await startApp();
    expect(contents.loaded).toEqual(['https://amiko.test/']);
    expect(window.visible).toBe(false);
    window.emit('ready-to-show');
    expect(window.visible).toBe(true);
  });

  it('stays hidden in the tray when the system started it at login', async () => {
    const { window } = await startApp({ argv: ['/opt/Amiko/amiko', '--hidden'] });
    window.emit('ready-to-show');
    expect(window.visible).toBe(false);
  });
});

describe('the window place', () => {
  const displays = [
    { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } },
    { id: 2, workArea: { x: 1920, y: 0, width: 1280, height: 1024 } },
  ];

  it('opens centred on the primary display the first time', () => {
    expect(choosePlacement({}, null, displays, displays[0]!)).toEqual({
      bounds: { x: 360, y: 130, width: DEFAULT_SIZE.width, height: DEFAULT_SIZE.height },
      maximized: false,
    });
  });

  it('returns to its place on the display it was last on, per display', () => {
    const saved = {
      '1': { x: 100, y: 100, width: 1000, height: 700, maximized: false },
      '2': { x: 2000, y: 50, width: 900, height: 800, maximized: true },
    };
    expect(choosePlacement(saved, '2', displays, displays[0]!)).toEqual({
      bounds: { x: 2000, y: 50, width: 900, height: 800 },
      maximized: true,
    });
    expect(choosePlacement(saved, '1', displays, displays[0]!).bounds.x).toBe(100);
    // Display 2 unplugged: its place is not used; display 1's is.
    expect(choosePlacement(saved, '2', [displays[0]!], displays[0]!).bounds).toEqual({
      x: 100,
      y: 100,
      width: 1000,
      height: 700,
    });
  });

  it('is pulled back inside a display that became smaller', () => {
    const saved = { '1': { x: 1500, y: 900, width: 2500, height: 300, maximized: false } };
    const bounds = choosePlacement(saved, '1', [displays[0]!], displays[0]!).bounds;
    expect(bounds).toEqual({ x: 0, y: 520, width: 1920, height: MIN_SIZE.height });
  });

  it('is remembered when the window moves, and used at the next start', async () => {
    const folders = freshFolders();
    const secondDisplay = () =>
      fake.displays.push({ id: 7, workArea: { x: 1920, y: 0, width: 1600, height: 900 } });
    const first = await startApp({}, folders, secondDisplay);
    first.window.bounds = { x: 2000, y: 40, width: 1000, height: 700 };
    first.window.maximized = true;
    first.window.emit('maximize');
    await vi.waitFor(() => {
      const saved = JSON.parse(readFileSync(join(folders.userData, 'settings.json'), 'utf8'));
      expect(saved.windowBounds['7']).toEqual({ x: 2000, y: 40, width: 1000, height: 700, maximized: true });
    });

    const again = await startApp({}, folders, secondDisplay);
    expect(again.window.options).toMatchObject({ x: 2000, y: 40, width: 1000, height: 700 });
    expect(again.window.maximized).toBe(true);
    // With that display unplugged the window opens on the primary one instead.
    const unplugged = await startApp({}, folders);
    expect(unplugged.window.options).toMatchObject({ x: 360, y: 130, width: DEFAULT_SIZE.width });
    expect(unplugged.window.maximized).toBe(false);
  });
});

describe('closing and quitting', () => {
  it('closing the window keeps Amiko in the tray, with a notice the first time only', async () => {
    const { window } = await startApp();
    window.show();
    window.close();
    expect(window.destroyed).toBe(false);
    expect(window.visible).toBe(false);
    expect(fake.notifications.map((n) => n.options)).toEqual([
      {
        title: 'Amiko is still running',
        body: 'Amiko stays in the tray so you see new messages. Choose Quit in its menu to close it.',
      },
    ]);
    window.show();
    window.close();
    expect(fake.notifications).toHaveLength(1);
  });

  it('Quit in the tray quits, and the window closes for real', async () => {
    const { window, tray } = await startApp();
    item(tray.menu!.template, 'Quit').click!({ checked: false });
    expect(app.quitCalls).toBe(1);
    window.close();
    expect(window.destroyed).toBe(true);
  });
});

describe('the tray', () => {
  it('has Open Amiko, Messages, Pause notifications, Start at login and Quit', async () => {
    const { tray } = await startApp();
    expect(tray.menu!.template.filter((entry) => entry.label).map((entry) => entry.label)).toEqual([
      'Open Amiko',
      'Messages',
      'Pause notifications',
      'Start at login',
      'Quit',
    ]);
  });

  it('opens the window, or the messages, from its menu and on a click', async () => {
    const { tray, window, contents } = await startApp();
    item(tray.menu!.template, 'Open Amiko').click!({ checked: false });
    expect(window.visible).toBe(true);
    window.hide();
    tray.emit('click');
    expect(window.visible).toBe(true);
    item(tray.menu!.template, 'Messages').click!({ checked: false });
    expect(contents.sent.at(-1)).toEqual({ channel: 'amiko:navigate', args: ['/messages'] });
  });

  it('turns start at login on and off: the system login item on macOS and Windows', async () => {
    const { tray } = await startApp({ platform: 'win32' });
    expect(item(tray.menu!.template, 'Start at login').checked).toBe(false);
    item(tray.menu!.template, 'Start at login').click!({ checked: true });
    expect(app.loginItem.openAtLogin).toBe(true);
    expect(item(tray.menu!.template, 'Start at login').checked).toBe(true);
    item(tray.menu!.template, 'Start at login').click!({ checked: false });
    expect(app.loginItem.openAtLogin).toBe(false);
  });

  it('turns start at login on and off: an autostart entry on Linux', async () => {
    const { tray } = await startApp({ platform: 'linux' });
    const entry = join(app.appData, 'autostart', 'amiko.desktop');
    item(tray.menu!.template, 'Start at login').click!({ checked: true });
    expect(readFileSync(entry, 'utf8')).toContain(`Exec="${process.execPath}" --hidden`);
    expect(item(tray.menu!.template, 'Start at login').checked).toBe(true);
    item(tray.menu!.template, 'Start at login').click!({ checked: false });
    expect(existsSync(entry)).toBe(false);
  });
});
