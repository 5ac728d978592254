// Item 9: the app menu in EN and DE with the Edit menu's roles (copy and paste on macOS) and zoom with
// Ctrl/Cmd + and −; spell checking and the app's texts in the member's language.
import { describe, expect, it } from 'vitest';
import { translator } from '../src/main/i18n.ts';
import { appMenuTemplate } from '../src/main/menu.ts';
import { app, fake, session, type MenuTemplateItem } from './fake-electron.ts';
import { startApp } from './harness.ts';

const options = { development: false, checkForUpdates: null, openWebsite: () => {} };
const roles = (item: MenuTemplateItem | undefined) =>
  item?.submenu?.map((entry) => entry.role).filter(Boolean);
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the app menu', () => {
  it('has an Edit menu with the usual roles on every platform', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const template = appMenuTemplate(translator('en'), { ...options, platform });
      const edit = template.find((menu) => menu.label === 'Edit');
      expect(roles(edit as MenuTemplateItem)).toEqual(
        expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']),
      );
    }
    const mac = appMenuTemplate(translator('en'), { ...options, platform: 'darwin' });
    expect(mac[0]!.label).toBe('Amiko');
    expect(roles(mac.find((menu) => menu.label === 'Edit') as MenuTemplateItem)).toContain(
      'pasteAndMatchStyle',
    );
  });

  it('zooms with Ctrl/Cmd plus (and =), minus and 0', () => {
    const template = appMenuTemplate(translator('en'), {
      ...options,
      platform: 'linux',
    }) as MenuTemplateItem[];
    const view = template.find((menu) => menu.label === 'View')!.submenu!;
    const accelerators = view.filter((entry) => entry.role?.startsWith('zoom') || entry.role === 'resetZoom');
    expect(accelerators.map((entry) => [entry.role, entry.accelerator])).toEqual([
      ['resetZoom', 'CommandOrControl+0'],
      ['zoomIn', 'CommandOrControl+Plus'],
      ['zoomIn', 'CommandOrControl+='],
      ['zoomOut', 'CommandOrControl+-'],
    ]);
    expect(view.some((entry) => entry.role === 'toggleDevTools')).toBe(false);
  });

  it('speaks German', () => {
    const template = appMenuTemplate(translator('de'), {
      ...options,
      platform: 'win32',
    }) as MenuTemplateItem[];
    expect(template.map((menu) => menu.label)).toEqual([
      'Datei',
      'Bearbeiten',
      'Darstellung',
      'Fenster',
      'Hilfe',
    ]);
    const edit = template.find((menu) => menu.label === 'Bearbeiten')!.submenu!;
    expect(edit.filter((entry) => entry.label).map((entry) => entry.label)).toEqual([
      'Widerrufen',
      'Wiederholen',
      'Ausschneiden',
      'Kopieren',
      'Einfügen',
      'Löschen',
      'Alles auswählen',
    ]);
  });
});

describe("the member's language", () => {
  it("starts as the system's, menus and spell checking included", async () => {
    await startApp({}, undefined, () => {
      app.preferredLanguages = ['de-AT', 'en-US'];
    });
    expect((fake.applicationMenu!.template[0] as MenuTemplateItem).label).toBe('Datei');
    expect(session.defaultSession.spellCheckerLanguages).toEqual(['de-DE']);
  });

  it('follows the page: menus, tray and spell checking switch when the UI does', async () => {
    const { contents, tray } = await startApp();
    expect(tray.menu!.template[0]!.label).toBe('Open Amiko');
    expect(session.defaultSession.spellCheckerLanguages).toEqual(['en-US']);
    contents.pageLanguage = 'de';
    contents.emit('did-finish-load');
    await settle();
    expect(tray.menu!.template[0]!.label).toBe('Amiko öffnen');
    expect((fake.applicationMenu!.template[0] as MenuTemplateItem).label).toBe('Datei');
    expect(session.defaultSession.spellCheckerLanguages).toEqual(['de-DE']);
    // Anything but a language Amiko has is English.
    contents.pageLanguage = 'fr';
    contents.emit('did-navigate-in-page');
    await settle();
    expect(tray.menu!.template[0]!.label).toBe('Open Amiko');
  });
});
