// The tray icon: Amiko's mark with the unread badge drawn on it, a tooltip with the count, and the menu
// (Open Amiko, Messages, Pause notifications, Start at login, Quit).
import { Menu, Tray, nativeImage, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import { badgeLabel, drawTrayIcon } from './badge.ts';
import type { Translate } from './i18n.ts';
import type { Pause, PauseChoice } from './notifications.ts';
import { encodePng } from './png.ts';

/** The icon is drawn at 32 pixels: 16 points at twice the density on macOS and Windows. */
const ICON_PIXELS = 32;

export interface TrayState {
  unread: number;
  pause: Pause;
  startAtLogin: boolean;
}

export interface TrayActions {
  open(): void;
  messages(): void;
  pause(choice: PauseChoice): void;
  startAtLogin(on: boolean): void;
  quit(): void;
}

export function trayImage(unread: number, platform: NodeJS.Platform): NativeImage {
  return nativeImage.createFromBuffer(encodePng(drawTrayIcon(ICON_PIXELS, unread)), {
    // Linux tray hosts pick their own size from the pixels they get.
    scaleFactor: platform === 'linux' ? 1 : 2,
  });
}

function time(until: number, language: string): string {
  return new Date(until).toLocaleString(language, { weekday: 'short', hour: 'numeric', minute: '2-digit' });
}

export function trayTooltip(t: Translate, language: string, state: TrayState): string {
  const count = state.unread > 0 ? t('tray.tooltipUnread', { count: state.unread }) : t('tray.tooltip');
  return state.pause
    ? `${count}\n${t('tray.tooltipPaused', { time: time(state.pause.until, language) })}`
    : count;
}

export function trayMenu(t: Translate, state: TrayState, actions: TrayActions): MenuItemConstructorOptions[] {
  const current: PauseChoice = state.pause?.choice ?? 'off';
  const pauseItem = (choice: PauseChoice, label: string): MenuItemConstructorOptions => ({
    label,
    type: 'radio',
    checked: current === choice,
    click: () => actions.pause(choice),
  });
  return [
    { label: t('tray.open'), click: actions.open },
    { label: t('tray.messages'), click: actions.messages },
    { type: 'separator' },
    {
      label: t('tray.pause'),
      // In the order: the pauses first, then back on.
      submenu: [
        pauseItem('hour', t('tray.pauseHour')),
        pauseItem('tomorrow', t('tray.pauseTomorrow')),
        pauseItem('off', t('tray.pauseOff')),
      ],
    },
    {
      label: t('tray.startAtLogin'),
      type: 'checkbox',
      checked: state.startAtLogin,
      click: (item) => actions.startAtLogin(item.checked),
    },
    { type: 'separator' },
    { label: t('tray.quit'), click: actions.quit },
  ];
}

export interface AmikoTray {
  /** Redraws what changed: the badge only when its label changes, the tooltip and menu always. */
  update(state: TrayState, t: Translate, language: string): void;
}

export function createTray(
  state: TrayState,
  t: Translate,
  language: string,
  actions: TrayActions,
  platform: NodeJS.Platform = process.platform,
): AmikoTray {
  const tray = new Tray(trayImage(state.unread, platform));
  let drawn = badgeLabel(state.unread);
  // Windows and Linux open the window on a click; macOS shows the menu, as menu bar items do.
  if (platform !== 'darwin') tray.on('click', actions.open);
  const controller: AmikoTray = {
    update(next, nextT, nextLanguage) {
      const label = badgeLabel(next.unread);
      if (label !== drawn) {
        tray.setImage(trayImage(next.unread, platform));
        drawn = label;
      }
      tray.setToolTip(trayTooltip(nextT, nextLanguage, next));
      tray.setContextMenu(Menu.buildFromTemplate(trayMenu(nextT, next, actions)));
    },
  };
  controller.update(state, t, language);
  return controller;
}
