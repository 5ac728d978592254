// The `electron` module as the desktop tests see it (vitest.config.ts aliases "electron" to this file):
// Electron's binary cannot run here, so its API is replaced at the module boundary, and only there, by
// objects that record what the app did (windows, tray images and tooltips, badges, notifications, menus,
// protocol and IPC registrations) and let a test play the system's part (emit events, send IPC).
import { EventEmitter } from 'node:events';

/** An Electron event: a test checks whether the app prevented its default. */
export interface FakeEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}
export function fakeEvent<T extends object>(fields: T): T & FakeEvent {
  const event = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class FakeNativeImage {
  readonly png: Buffer;
  readonly scaleFactor: number;
  constructor(png: Buffer, scaleFactor: number) {
    this.png = png;
    this.scaleFactor = scaleFactor;
  }
}

export const nativeImage = {
  createFromBuffer(buffer: Buffer, options?: { scaleFactor?: number }): FakeNativeImage {
    return new FakeNativeImage(buffer, options?.scaleFactor ?? 1);
  },
};

export class FakeWebFrame {
  url: string;
  readonly parent: FakeWebFrame | null;
  constructor(url: string, parent: FakeWebFrame | null = null) {
    this.url = url;
    this.parent = parent;
  }
}

export class FakeWebContents extends EventEmitter {
  url = '';
  loading = false;
  readonly mainFrame = new FakeWebFrame('');
  /** Every URL the app loaded, in order. */
  readonly loaded: string[] = [];
  /** Every message the app sent to the page. */
  readonly sent: { channel: string; args: unknown[] }[] = [];
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null;
  /** What the page's <html lang> says. */
  pageLanguage = 'en';

  loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    this.url = url;
    this.mainFrame.url = url;
    return Promise.resolve();
  }
  getURL(): string {
    return this.url;
  }
  isLoading(): boolean {
    return this.loading;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = handler;
  }
  executeJavaScriptInIsolatedWorld(_worldId: number, scripts: { code: string }[]): Promise<unknown> {
    return Promise.resolve(
      scripts[0]?.code === 'document.documentElement.lang' ? this.pageLanguage : undefined,
    );
  }
}

export class BrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  visible = false;
  focused = false;
  minimized = false;
  maximized = false;
  destroyed = false;
  bounds: Rectangle;
  readonly overlays: { image: FakeNativeImage | null; description: string }[] = [];
  readonly options: Partial<Rectangle> & Record<string, unknown>;

  constructor(options: Partial<Rectangle> & Record<string, unknown>) {
    super();
    this.options = options;
    this.bounds = {
      x: options.x ?? 0,
      y: options.y ?? 0,
      width: options.width ?? 800,
      height: options.height ?? 600,
    };
    fake.windows.push(this);
  }
  show() {
    this.visible = true;
  }
  hide() {
    this.visible = false;
    this.focused = false;
  }
  focus() {
    this.focused = true;
    this.emit('focus');
  }
  restore() {
    this.minimized = false;
  }
  maximize() {
    this.maximized = true;
  }
  isMinimized() {
    return this.minimized;
  }
  isMaximized() {
    return this.maximized;
  }
  isFullScreen() {
    return false;
  }
  isVisible() {
    return this.visible;
  }
  isFocused() {
    return this.focused;
  }
  isDestroyed() {
    return this.destroyed;
  }
  getNormalBounds(): Rectangle {
    return { ...this.bounds };
  }
  setOverlayIcon(image: FakeNativeImage | null, description: string) {
    this.overlays.push({ image, description });
  }
  /** The member (or the system) closes the window; the app may prevent it. */
  close() {
    const event = fakeEvent({});
    this.emit('close', event);
    if (event.defaultPrevented) return;
    this.destroyed = true;
    this.emit('closed');
  }
}

export interface MenuTemplateItem {
  label?: string;
  role?: string;
  type?: string;
  checked?: boolean;
  visible?: boolean;
  accelerator?: string;
  submenu?: MenuTemplateItem[];
  click?: (item: { checked: boolean }) => void;
}

export class Menu {
  readonly template: MenuTemplateItem[];
  constructor(template: MenuTemplateItem[]) {
    this.template = template;
  }
  static buildFromTemplate(template: MenuTemplateItem[]): Menu {
    return new Menu(template);
  }
  static setApplicationMenu(menu: Menu | null) {
    fake.applicationMenu = menu;
  }
}

export class Tray extends EventEmitter {
  readonly images: FakeNativeImage[];
  readonly tooltips: string[] = [];
  menu: Menu | null = null;
  constructor(image: FakeNativeImage) {
    super();
    this.images = [image];
    fake.trays.push(this);
  }
  setImage(image: FakeNativeImage) {
    this.images.push(image);
  }
  setToolTip(text: string) {
    this.tooltips.push(text);
  }
  setContextMenu(menu: Menu) {
    this.menu = menu;
  }
  get image(): FakeNativeImage {
    return this.images.at(-1)!;
  }
  get tooltip(): string | undefined {
    return this.tooltips.at(-1);
  }
}

export class Notification extends EventEmitter {
  shown = false;
  readonly options: { title: string; body: string };
  constructor(options: { title: string; body: string }) {
    super();
    this.options = options;
    fake.notifications.push(this);
  }
  static isSupported() {
    return true;
  }
  show() {
    this.shown = true;
  }
}

class FakeApp extends EventEmitter {
  hasLock = true;
  quitCalls = 0;
  isPackaged = false;
  sandboxEnabled = false;
  userModelId: string | null = null;
  preferredLanguages = ['en-US'];
  userData = '';
  appData = '';
  readonly badgeCounts: number[] = [];
  readonly protocolClients: { protocol: string; path?: string; args?: string[] }[] = [];
  readonly loginItem = { openAtLogin: false, wasOpenedAtLogin: false };
  readonly dock = {
    badges: [] as string[],
    setBadge(label: string) {
      this.badges.push(label);
    },
  };
  requestSingleInstanceLock() {
    return this.hasLock;
  }
  quit() {
    this.quitCalls++;
    this.emit('before-quit', fakeEvent({}));
  }
  exit() {}
  whenReady() {
    return Promise.resolve();
  }
  enableSandbox() {
    this.sandboxEnabled = true;
  }
  setAppUserModelId(id: string) {
    this.userModelId = id;
  }
  getPath(name: 'userData' | 'appData') {
    return name === 'userData' ? this.userData : this.appData;
  }
  getPreferredSystemLanguages() {
    return this.preferredLanguages;
  }
  setBadgeCount(count: number) {
    this.badgeCounts.push(count);
    return true;
  }
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]) {
    this.protocolClients.push({ protocol, path, args });
    return true;
  }
  getLoginItemSettings() {
    return { ...this.loginItem };
  }
  setLoginItemSettings(settings: { openAtLogin: boolean }) {
    this.loginItem.openAtLogin = settings.openAtLogin;
  }
}

type IpcHandler = (
  event: { sender: FakeWebContents; senderFrame: FakeWebFrame | null },
  payload: unknown,
) => void;

type PermissionRequestHandler = (
  contents: FakeWebContents | null,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string },
) => void;

const fakeSession = {
  availableSpellCheckerLanguages: ['en-US', 'de-DE', 'fr'],
  spellCheckerLanguages: [] as string[],
  permissionRequestHandler: null as PermissionRequestHandler | null,
  permissionCheckHandler: null as ((contents: null, permission: string, origin: string) => boolean) | null,
  setPermissionRequestHandler(handler: PermissionRequestHandler) {
    this.permissionRequestHandler = handler;
  },
  setPermissionCheckHandler(handler: (contents: null, permission: string, origin: string) => boolean) {
    this.permissionCheckHandler = handler;
  },
  setSpellCheckerLanguages(languages: string[]) {
    this.spellCheckerLanguages = languages;
  },
};

function freshState() {
  return {
    windows: [] as BrowserWindow[],
    trays: [] as Tray[],
    notifications: [] as Notification[],
    applicationMenu: null as Menu | null,
    ipcHandlers: new Map<string, IpcHandler>(),
    opened: [] as string[],
    dialogs: [] as { title?: string; message: string; buttons?: string[] }[],
    /** The buttons the member will press in the next dialogs, by index; 0 when empty. */
    dialogAnswers: [] as number[],
    /** What the server answers to the offline page's checks. */
    probe: (_url: string): Promise<{ ok: boolean }> => Promise.reject(new Error('offline')),
    probed: [] as string[],
    displays: [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] as {
      id: number;
      workArea: Rectangle;
    }[],
    exposed: new Map<string, unknown>(),
    rendererListeners: new Map<string, ((event: object, ...args: unknown[]) => void)[]>(),
    rendererSent: [] as { channel: string; args: unknown[] }[],
  };
}

export const app = new FakeApp();
export const powerMonitor = new EventEmitter();

/** What the app did, and the system's side of the conversation. */
export const fake = {
  ...freshState(),
  reset() {
    Object.assign(this, freshState());
    for (const emitter of [app, powerMonitor]) emitter.removeAllListeners();
    Object.assign(app, {
      hasLock: true,
      quitCalls: 0,
      isPackaged: false,
      sandboxEnabled: false,
      userModelId: null,
      preferredLanguages: ['en-US'],
    });
    app.badgeCounts.length = 0;
    app.protocolClients.length = 0;
    app.dock.badges.length = 0;
    Object.assign(app.loginItem, { openAtLogin: false, wasOpenedAtLogin: false });
    Object.assign(fakeSession, {
      spellCheckerLanguages: [],
      permissionRequestHandler: null,
      permissionCheckHandler: null,
    });
  },
  /** The page (or something pretending to be it) sends a bridge message to the main process. */
  sendToMain(
    channel: string,
    payload: unknown,
    from: { sender: FakeWebContents; frame: FakeWebFrame | null },
  ) {
    this.ipcHandlers.get(channel)?.({ sender: from.sender, senderFrame: from.frame }, payload);
  },
  /** The main process's message to the page, as the preload receives it. */
  sendToPage(channel: string, ...args: unknown[]) {
    for (const listener of this.rendererListeners.get(channel) ?? []) listener({}, ...args);
  },
};

export const ipcMain = {
  on(channel: string, handler: IpcHandler) {
    fake.ipcHandlers.set(channel, handler);
  },
};

export const ipcRenderer = {
  on(channel: string, listener: (event: object, ...args: unknown[]) => void) {
    fake.rendererListeners.set(channel, [...(fake.rendererListeners.get(channel) ?? []), listener]);
  },
  send(channel: string, ...args: unknown[]) {
    fake.rendererSent.push({ channel, args });
  },
};

export const contextBridge = {
  exposeInMainWorld(key: string, api: unknown) {
    fake.exposed.set(key, api);
  },
};

export const shell = {
  openExternal(url: string) {
    fake.opened.push(url);
    return Promise.resolve();
  },
};

export const session = { defaultSession: fakeSession };

export const screen = {
  getAllDisplays: () => fake.displays,
  getPrimaryDisplay: () => fake.displays[0]!,
  getDisplayMatching(rect: Rectangle) {
    const cx = rect.x + rect.width / 2;
    const cy = rect.y + rect.height / 2;
    const inside = (area: Rectangle) =>
      cx >= area.x && cx < area.x + area.width && cy >= area.y && cy < area.y + area.height;
    return fake.displays.find((display) => inside(display.workArea)) ?? fake.displays[0]!;
  },
};

export const dialog = {
  showMessageBox(options: { title?: string; message: string; buttons?: string[] }) {
    fake.dialogs.push(options);
    return Promise.resolve({ response: fake.dialogAnswers.shift() ?? 0, checkboxChecked: false });
  },
};

export const net = {
  fetch(url: string) {
    fake.probed.push(url);
    return fake.probe(url);
  },
};
