// The application menu, in the member's language. The Edit menu carries the usual roles, so copy, paste
// and their shortcuts work in text fields on macOS too (there they exist only through the menu); View
// has zoom with Ctrl/Cmd + and −.
import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { Translate } from './i18n.ts';

export interface MenuOptions {
  platform: NodeJS.Platform;
  /** Developer tools only in development. */
  development: boolean;
  checkForUpdates: (() => void) | null;
  openWebsite: () => void;
}

export function appMenuTemplate(t: Translate, options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const appMenu: MenuItemConstructorOptions = {
    label: 'Amiko',
    submenu: [
      { role: 'about', label: t('menu.about') },
      { type: 'separator' },
      { role: 'services', label: t('menu.services') },
      { type: 'separator' },
      { role: 'hide', label: t('menu.hide') },
      { role: 'hideOthers', label: t('menu.hideOthers') },
      { role: 'unhide', label: t('menu.showAll') },
      { type: 'separator' },
      { role: 'quit', label: t('menu.quit') },
    ],
  };
  const file: MenuItemConstructorOptions = {
    label: t('menu.file'),
    submenu: [
      mac ? { role: 'close', label: t('menu.closeWindow') } : { role: 'quit', label: t('menu.quit') },
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: t('menu.edit'),
    submenu: [
      { role: 'undo', label: t('menu.undo') },
      { role: 'redo', label: t('menu.redo') },
      { type: 'separator' },
      { role: 'cut', label: t('menu.cut') },
      { role: 'copy', label: t('menu.copy') },
      { role: 'paste', label: t('menu.paste') },
      ...(mac ? [{ role: 'pasteAndMatchStyle', label: t('menu.pasteAndMatchStyle') } as const] : []),
      { role: 'delete', label: t('menu.delete') },
      { type: 'separator' },
      { role: 'selectAll', label: t('menu.selectAll') },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: t('menu.view'),
    submenu: [
      { role: 'reload', label: t('menu.reload') },
      ...(options.development ? [{ role: 'toggleDevTools', label: t('menu.toggleDevTools') } as const] : []),
      { type: 'separator' },
      { role: 'resetZoom', label: t('menu.resetZoom'), accelerator: 'CommandOrControl+0' },
      { role: 'zoomIn', label: t('menu.zoomIn'), accelerator: 'CommandOrControl+Plus' },
      // "+" needs Shift on many keyboards; Ctrl/Cmd and "=" (the same key) zoom in as in browsers.
      { role: 'zoomIn', accelerator: 'CommandOrControl+=', visible: false, acceleratorWorksWhenHidden: true },
      { role: 'zoomOut', label: t('menu.zoomOut'), accelerator: 'CommandOrControl+-' },
      { type: 'separator' },
      { role: 'togglefullscreen', label: t('menu.toggleFullScreen') },
    ],
  };
  const windowMenu: MenuItemConstructorOptions = {
    label: t('menu.window'),
    submenu: [
      { role: 'minimize', label: t('menu.minimize') },
      { role: 'zoom', label: t('menu.zoom') },
      ...(mac ? [{ type: 'separator' } as const, { role: 'front', label: t('menu.front') } as const] : []),
    ],
  };
  const help: MenuItemConstructorOptions = {
    label: t('menu.help'),
    submenu: [
      { label: t('menu.website'), click: options.openWebsite },
      ...(options.checkForUpdates
        ? [{ label: t('menu.checkForUpdates'), click: options.checkForUpdates }]
        : []),
    ],
  };
  return [...(mac ? [appMenu] : []), file, edit, view, windowMenu, help];
}

export function applyAppMenu(t: Translate, options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(t, options)));
}
