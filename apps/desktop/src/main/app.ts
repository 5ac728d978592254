// The desktop app put together: one instance, one window on the member's Amiko server, the tray, the
// bridge's handlers, notifications, amiko:// links, menus in the member's language and updates. Each
// concern lives in its own file; this one only connects them.
import type { UiLanguage } from '@amiko/core';
import type { DesktopNotification } from '@amiko/desktop-bridge';
import { app, session, type BrowserWindow } from 'electron';
import { TO_PAGE } from '../shared/channels.ts';
import { showAppBadge } from './app-badge.ts';
import { deepLinkPath, linkInArguments, registerProtocol } from './deep-links.ts';
import { pickLanguage, translator, type Translate } from './i18n.ts';
import { registerBridge } from './ipc.ts';
import { applySpellChecking, followPageLanguage } from './language.ts';
import { setStartAtLogin, startedAtLogin, startsAtLogin } from './login-item.ts';
import { applyAppMenu } from './menu.ts';
import { applyNavigationRules, openExternally } from './navigation.ts';
import { activePause, createNotifier, pauseFor, type PauseChoice } from './notifications.ts';
import { watchServer } from './offline.ts';
import { applyPermissionRules } from './permissions.ts';
import { openSettings } from './settings.ts';
import { claimSingleInstance } from './single-instance.ts';
import { createTray, type AmikoTray } from './tray.ts';
import { startUpdates, type Updater, type Updates } from './updater.ts';
import { createMainWindow } from './window.ts';
import { initialPlacement, rememberPlacement } from './window-state.ts';

export interface DesktopOptions {
  serverUrl: URL;
  /** The built preload script. */
  preload: string;
  argv: readonly string[];
  /** electron-updater's updater in a packaged app; null in development. */
  updater: Updater | null;
  development: boolean;
  platform?: NodeJS.Platform;
  now?: () => number;
}

/** What the running app offers its callers (and tests). */
export interface DesktopApp {
  window: BrowserWindow;
  /** Brings the window to the front. */
  show(): void;
  /** Shows the window on an in-app path: a notification's conversation, an amiko:// link, a tray item. */
  openPath(path: string): void;
  /** Opens what an amiko:// link points to; false (and nothing happens) if the link is refused. */
  openLink(link: string): boolean;
  unreadCount(): number;
}

const APP_ID = 'org.amiko.desktop';

/** Starts the app; resolves null in a second instance, which hands over to the first and quits. */
export async function startDesktop(options: DesktopOptions): Promise<DesktopApp | null> {
  const { serverUrl } = options;
  const platform = options.platform ?? process.platform;
  const now = options.now ?? Date.now;
  const origin = serverUrl.origin;

  // A path asked for before the window exists (an amiko:// link that launched the app).
  let pendingPath: string | null = null;
  let desktop: DesktopApp | null = null;
  const openLinkOrLater = (link: string): boolean => {
    const path = deepLinkPath(link);
    if (path === null) {
      console.warn('[amiko] refused a link that is not one of the amiko:// forms');
      return false;
    }
    if (desktop) desktop.openPath(path);
    else pendingPath = path;
    return true;
  };

  if (
    !claimSingleInstance((argv) => {
      const link = linkInArguments(argv);
      if (!(link && openLinkOrLater(link))) desktop?.show();
    })
  ) {
    app.quit();
    return null;
  }
  app.enableSandbox();
  if (platform === 'win32') app.setAppUserModelId(APP_ID);
  registerProtocol();
  // macOS hands links over as an event, possibly before the app is ready.
  app.on('open-url', (event, link) => {
    event.preventDefault();
    openLinkOrLater(link);
  });
  const launchLink = linkInArguments(options.argv);
  if (launchLink) openLinkOrLater(launchLink);

  await app.whenReady();

  const settings = openSettings(app.getPath('userData'));
  let language: UiLanguage = pickLanguage(app.getPreferredSystemLanguages());
  let t: Translate = translator(language);
  let unread = 0;
  let quitting = false;
  let updates: Updates | null = null;

  applyPermissionRules(session.defaultSession, origin);
  applySpellChecking(session.defaultSession, language);

  const window = createMainWindow(options.preload, initialPlacement(settings));
  rememberPlacement(window, settings);
  applyNavigationRules(window.webContents, origin);
  watchServer(window, serverUrl, () => ({ t, language }));

  function showWindow() {
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  }

  function openPath(path: string | null) {
    showWindow();
    if (path === null) return;
    const contents = window.webContents;
    const current = URL.canParse(contents.getURL()) ? new URL(contents.getURL()).origin : null;
    // The UI routes in place when it is up; otherwise (offline page, still loading) the path is loaded.
    if (current === origin && !contents.isLoading()) contents.send(TO_PAGE.navigate, path);
    else void contents.loadURL(new URL(path, serverUrl).href);
  }

  const notifier = createNotifier({
    isPaused: () => activePause(settings.get().pause, now()) !== null,
    windowInFront: () => window.isVisible() && window.isFocused(),
    onClick: (path) => openPath(path ?? null),
  });

  function trayState() {
    return { unread, pause: activePause(settings.get().pause, now()), startAtLogin: startsAtLogin(platform) };
  }
  // The tray menu shows "Off" again when a pause ends.
  let pauseEnds: ReturnType<typeof setTimeout> | undefined;
  function schedulePauseEnd() {
    clearTimeout(pauseEnds);
    const pause = activePause(settings.get().pause, now());
    if (pause) pauseEnds = setTimeout(() => refresh(), Math.min(pause.until - now() + 1_000, 2 ** 31 - 1));
  }
  let tray: AmikoTray | null = null;
  const trayActions = {
    open: () => openPath(null),
    messages: () => openPath('/messages'),
    pause(choice: PauseChoice) {
      settings.update({ pause: pauseFor(choice, new Date(now())) });
      schedulePauseEnd();
      refresh();
    },
    startAtLogin(on: boolean) {
      setStartAtLogin(on, platform);
      refresh();
    },
    quit: () => app.quit(),
  };

  function applyMenu() {
    applyAppMenu(t, {
      platform,
      development: options.development,
      checkForUpdates: updates ? () => updates?.checkNow() : null,
      openWebsite: () => openExternally(serverUrl.href),
    });
  }
  function refresh() {
    tray?.update(trayState(), t, language);
  }

  registerBridge(
    {
      setUnreadCount(count) {
        unread = count;
        refresh();
        showAppBadge(count, window, t, platform);
      },
      notify: (notification: DesktopNotification) => notifier.message(notification),
      openExternal: (url) => openExternally(url),
    },
    () => window,
    origin,
  );

  followPageLanguage(window, language, (next) => {
    language = next;
    t = translator(next);
    applyMenu();
    refresh();
    applySpellChecking(session.defaultSession, next);
  });

  // Closing the window keeps Amiko in the tray; Quit (tray, menu, system) quits.
  app.on('before-quit', () => {
    quitting = true;
  });
  window.on('close', (event) => {
    if (quitting) return;
    event.preventDefault();
    window.hide();
    if (!settings.get().closeNoticeShown) {
      settings.update({ closeNoticeShown: true });
      notifier.notice(t('closeNotice.title'), t('closeNotice.body'));
    }
  });
  app.on('activate', () => openPath(null));
  app.on('will-quit', () => void settings.flush());

  tray = createTray(trayState(), t, language, trayActions, platform);
  schedulePauseEnd();
  if (options.updater && app.isPackaged) {
    updates = startUpdates(
      options.updater,
      () => t,
      () => {
        quitting = true;
      },
    );
  }
  applyMenu();

  const hidden = startedAtLogin(options.argv, platform);
  window.once('ready-to-show', () => {
    if (!hidden) window.show();
  });
  // From here on links go to the running app (desktop below) instead of waiting in pendingPath.
  void window.webContents.loadURL(new URL(pendingPath ?? '/', serverUrl).href);
  if (pendingPath) window.show();

  desktop = {
    window,
    show: showWindow,
    openPath: (path) => openPath(path),
    openLink: (link) => openLinkOrLater(link),
    unreadCount: () => unread,
  };
  return desktop;
}
