import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SESSION_COOKIE } from '@amiko/core';
import type { BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';
import { clientFor, memberWithSession } from '../support/messaging.ts';
import { startPushService, type PushService, type Subscription } from '../support/push-service.ts';
import { expect, test as base, useLanguage } from './fixtures.ts';
import { signedInMember } from './members.ts';

const DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

// Amiko as an installed app (issue 31): the web app manifest and iOS's tags, the service worker at /sw.js
// (the member area's shell offline, a new version offered rather than switched to), and Web Push as the
// worker receives it (delivered through CDP: headless Chromium reaches no real push service).

/**
 * A browser profile on disk, as an installed app has: Playwright's usual contexts are incognito, where
 * Chromium offers no install ("in-incognito") and no push subscription.
 */
const test = base.extend<{ page: Page; app: BrowserContext }>({
  app: async ({ playwright, launchOptions, baseURL }, use) => {
    const profile = mkdtempSync(join(tmpdir(), 'amiko-pwa-profile-'));
    const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
    await use(context);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  },
  page: async ({ app }, use) => {
    await use(app.pages()[0] ?? (await app.newPage()));
  },
});

/** What Chromium itself says stands between the page and an install (CDP Page.getInstallabilityErrors). */
async function installabilityErrors(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const { url, errors } = await cdp.send('Page.getAppManifest');
    return { errors: installabilityErrors.map((e) => e.errorId), manifestUrl: url, parseErrors: errors };
  } finally {
    await cdp.detach();
  }
}

test.describe('installable', () => {
  test('the member area and the public pages are installable, in the page’s language', async ({ page }) => {
    await page.goto('/messages');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const app = await installabilityErrors(page);
    expect(app.errors).toEqual([]);
    expect(app.parseErrors).toEqual([]);
    expect(app.manifestUrl).toMatch(/\/manifest\.webmanifest$/);
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      /apple-touch-icon\.png$/,
    );
    await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'Amiko');

    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({
      display: 'standalone',
      start_url: '/community',
      scope: '/',
      lang: 'en',
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const answer = await page.request.get(icon.src);
      expect(answer.headers()['content-type']).toBe('image/png');
    }
    expect((manifest.shortcuts as { url: string }[]).map((s) => s.url)).toEqual(['/messages', '/pods']);

    // The German home page links the German manifest, and so does the app in German.
    await page.goto('/?lng=de');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-de.webmanifest');
    const site = await installabilityErrors(page);
    expect(site.errors).toEqual([]);
    const german = (await (await page.request.get('/manifest-de.webmanifest')).json()) as Record<
      string,
      unknown
    >;
    expect(german).toMatchObject({
      lang: 'de',
      name: 'Amiko',
      shortcuts: [
        { name: 'Nachrichten', url: '/messages' },
        { name: 'Pods', url: '/pods' },
      ],
    });
    expect(german.description).toMatch(/gemeinsame Interessen/);
  });

  test('the app in German links the German manifest', async ({ page }) => {
    await useLanguage(page, 'de');
    await page.goto('/auth');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-de.webmanifest');
    expect((await installabilityErrors(page)).errors).toEqual([]);
  });
});

/** A member's photo as a camera gives it: a 600×400 JPEG. */
const jpeg = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#4a7bd0' } })
    .jpeg()
    .toBuffer();

/** Waits until the page is controlled by Amiko's service worker, and returns its registration's scope. */
async function controlledScope(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
}

/** Every URL the service worker has cached. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

test.describe('service worker', () => {
  // A server of their own: these tests cut it off, or change the build it serves.
  let own: AmikoProcess | null = null;
  let build: string | null = null;
  test.afterEach(async () => {
    await own?.stop();
    own = null;
    if (build) rmSync(build, { recursive: true, force: true });
    build = null;
  });

  test('registers at scope "/" and an installed Amiko opens offline to the offline screen', async ({
    app,
    page,
  }) => {
    own = await spawnAmiko();
    await signedInMember(own, app, { name: 'Ana' });
    await page.goto(`${own.url}/messages`);
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    expect(await controlledScope(page)).toBe(`${own.url}/`);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${own.url}/sw.js`);

    // Another member's profile, with the photo he uploaded: the page under the worker loads it, and the
    // worker leaves it to the network.
    const ben = await memberWithSession(own.db(), { name: 'Ben Okafor' });
    const photo = new FormData();
    photo.append('photo', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'ben.jpg');
    const uploaded = await clientFor(own.url, ben.token).http.fetch('/uploads', {
      method: 'POST',
      body: photo,
    });
    expect(uploaded.status).toBe(200);
    const photoLoaded = page.waitForResponse(
      (response) => new URL(response.url()).pathname.startsWith('/uploads/') && response.status() === 200,
    );
    await page.goto(`${own.url}/profile-view/${ben.id}`);
    await expect(page.getByRole('heading', { name: 'Ben Okafor' })).toBeVisible();
    const bensPhoto = await photoLoaded;
    expect(bensPhoto.fromServiceWorker()).toBe(false);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.goto(`${own.url}/messages`);
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

    // The member's pages asked the API and showed Ben's photo: none of it is cached, only the shell and code.
    const cached = await cachedUrls(page);
    expect(cached).toContain('/messages');
    expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((url) => url.startsWith('/uploads/'))).toEqual([]);
    for (const url of cached) expect(url).toMatch(/^\/(messages|assets\/.+|favicon\.svg|icons\/.+)$/);

    // The network gone (the server stopped): the member area opens from the cache, and says so.
    await own.stop();
    own = null;
    await page.reload();
    await expect(page.getByTestId('offline-screen')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(page.url()).toMatch(/\/messages$/);
  });

  test('the offline screen is in German for a German member', async ({ app, page }) => {
    own = await spawnAmiko();
    await signedInMember(own, app, { name: 'Bea', language: 'de' });
    await useLanguage(page, 'de');
    await page.goto(`${own.url}/messages`);
    await controlledScope(page);
    await app.setOffline(true);
    await page.reload().catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'Du bist offline' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
    // Back online, "try again" brings the page back.
    await app.setOffline(false);
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByRole('heading', { name: 'Nachrichten', level: 1 })).toBeVisible();
  });

  test('a new version is offered with "Reload to update", never switched to under the member', async ({
    app,
    page,
  }) => {
    // A copy of the build, so that a new version can be put in its place without touching the shared one.
    build = mkdtempSync(join(tmpdir(), 'amiko-pwa-build-'));
    cpSync(realpathSync(DIST), build, { recursive: true });
    own = await spawnAmiko({ env: { WEB_DIST: build } });
    await signedInMember(own, app, { name: 'Cleo' });
    await page.goto(`${own.url}/messages`);
    await controlledScope(page);
    await expect(page.getByTestId('update-notice')).toHaveCount(0);

    const worker = join(build, 'sw.js');
    const next = readFileSync(worker, 'utf8').replace(
      /const VERSION = '([0-9a-f]+)';/,
      "const VERSION = '$1-next';",
    );
    writeFileSync(worker, next);
    rmSync(`${worker}.br`, { force: true });
    rmSync(`${worker}.gz`, { force: true });

    // The browser finds the new worker on the next page load; the page stays on the version it has.
    await page.reload();
    await expect(page.getByTestId('update-notice')).toBeVisible();
    await expect(page.getByTestId('update-notice')).toContainText('A new version of Amiko is ready.');
    const versionOf = (state: 'active' | 'waiting') =>
      page.evaluate(async (which) => {
        const registration = await navigator.serviceWorker.ready;
        const script = registration[which]?.scriptURL;
        return script ? which : null;
      }, state);
    expect(await versionOf('waiting')).toBe('waiting');

    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Reload to update' }).click(),
    ]);
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    await expect(page.getByTestId('update-notice')).toHaveCount(0);
    expect(await versionOf('waiting')).toBeNull();
    const versions = await Promise.all(app.serviceWorkers().map((sw) => sw.evaluate(() => VERSION)));
    expect(versions.some((v) => v.endsWith('-next'))).toBe(true);
  });
});

/**
 * Chromium subscribes only at Google's push service (FCM), out of reach here: PushManager hands the page a
 * subscription at the push service on 127.0.0.1 instead (what a browser's PushSubscription.toJSON() gives,
 * its keys the "browser's" that the test's push service decrypts with). Everything else is Chromium's own:
 * the permission, the service worker, the push event (CDP), the notification.
 */
async function pushTo(context: BrowserContext, subscription: Subscription, publicKey: string) {
  await context.addInitScript(
    ({ endpoint, keys, publicKey }) => {
      const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
        c.charCodeAt(0),
      ).buffer;
      // Kept across page loads, as the browser keeps a subscription.
      const stored = () =>
        JSON.parse(localStorage.getItem('test-push') ?? '{"subscribed":0,"unsubscribed":0,"on":false}') as {
          subscribed: number;
          unsubscribed: number;
          on: boolean;
        };
      const store = (change: Partial<ReturnType<typeof stored>>) =>
        localStorage.setItem('test-push', JSON.stringify({ ...stored(), ...change }));
      const subscription = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          store({ unsubscribed: stored().unsubscribed + 1, on: false });
          return true;
        },
      } as unknown as PushSubscription;
      PushManager.prototype.subscribe = async () => {
        if (Notification.permission !== 'granted')
          throw new DOMException('Permission denied', 'NotAllowedError');
        store({ subscribed: stored().subscribed + 1, on: true });
        return subscription;
      };
      PushManager.prototype.getSubscription = async () => (stored().on ? subscription : null);
    },
    { ...subscription, publicKey },
  );
}

/** What a service worker's global scope has beyond the DOM's types. */
interface WorkerScope extends EventTarget {
  registration: ServiceWorkerRegistration;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<{ url: string; focused: boolean }[]>;
  };
}

/** The notifications Amiko's service worker shows. */
async function notifications(context: BrowserContext, origin: string) {
  const worker = context.serviceWorkers().find((sw) => sw.url() === `${origin}/sw.js`);
  if (!worker) return null;
  return worker
    .evaluate(async () =>
      (await (globalThis as unknown as WorkerScope).registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      })),
    )
    .catch(() => null);
}

/** The windows Amiko's service worker sees (Clients.matchAll): their paths and whether one is focused. */
async function amikoWindows(context: BrowserContext, origin: string) {
  const worker = context.serviceWorkers().find((sw) => sw.url() === `${origin}/sw.js`);
  if (!worker) return null;
  return worker
    .evaluate(async () =>
      (
        await (globalThis as unknown as WorkerScope).clients.matchAll({
          type: 'window',
          includeUncontrolled: true,
        })
      ).map((client) => ({ path: new URL(client.url).pathname, focused: client.focused })),
    )
    .catch(() => null);
}

/** Delivers a push to Amiko's service worker as the browser's push service would (CDP). */
async function deliverPush(page: Page, origin: string, payload: unknown) {
  const cdp = await page.context().newCDPSession(page);
  try {
    // The registration, and then its worker activated: CDP reports them one after the other, and a push
    // delivered between the two reports is dropped without an error.
    let ours: string | undefined;
    const activated = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        ours ??= registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)?.registrationId;
      });
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        if (versions.some((v) => v.registrationId === ours && v.status === 'activated')) resolve(ours!);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await activated;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify(payload),
    });
  } finally {
    await cdp.detach();
  }
}

/**
 * Hands a push to the worker and waits for its notification (by tag). If none shows within 10 s, the push
 * is handed over once more: on a loaded machine CDP's delivery was lost in 2 of ~40 runs, even after the
 * worker reported itself activated, with nothing in the worker's log; a second loss fails the test, as a
 * worker that never shows the notification does.
 */
async function deliverUntilShown(page: Page, origin: string, payload: { tag: string }) {
  const shown = async () => (await notifications(page.context(), origin))?.some((n) => n.tag === payload.tag);
  await deliverPush(page, origin, payload);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await shown()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await deliverPush(page, origin, payload);
}

/**
 * The desktop's notification server (org.freedesktop.Notifications, on a session bus of the test's own), the
 * way Chromium on Linux shows a site's notifications. Through it the test clicks a notification as a member
 * does: Chromium then dispatches the worker's notificationclick itself, the only click that lets a worker
 * open a window (a notificationclick made in the worker is "not allowed to open a window"). Debian's
 * dbus-daemon, python3-dbus and python3-gi play the server.
 */
interface NotificationServer {
  /** DBUS_SESSION_BUS_ADDRESS for the browser. */
  address: string;
  /** What the desktop was asked to show, in order, with the server's ids (a replacement keeps its id). */
  shown: { id: number; title: string; body: string }[];
  /** The ids Chromium asked to close (the worker closes a notification once clicked). */
  closed: number[];
  /** The member clicks the notification (its "default" action). */
  click(id: number): void;
  stop(): Promise<void>;
}

const NOTIFICATION_SERVER = `
import json, sys, dbus, dbus.service, dbus.mainloop.glib
from gi.repository import GLib
dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
name = dbus.service.BusName('org.freedesktop.Notifications', bus)
def say(**line): print(json.dumps(line), flush=True)
class Server(dbus.service.Object):
    count = 0
    @dbus.service.method('org.freedesktop.Notifications', in_signature='', out_signature='as')
    def GetCapabilities(self): return ['actions', 'body']
    @dbus.service.method('org.freedesktop.Notifications', in_signature='', out_signature='ssss')
    def GetServerInformation(self): return ('amiko-test', 'amiko', '1', '1.2')
    @dbus.service.method('org.freedesktop.Notifications', in_signature='susssasa{sv}i', out_signature='u')
    def Notify(self, app, replaces, icon, title, body, actions, hints, timeout):
        # As the specification asks, a replacement keeps the id it replaces (Chromium replaces a
        # notification with the same tag so): a new id would leave a click on the old one unanswered.
        if not replaces: Server.count += 1
        id = int(replaces) or Server.count
        say(shown=id, title=str(title), body=str(body))
        return id
    @dbus.service.method('org.freedesktop.Notifications', in_signature='u', out_signature='')
    def CloseNotification(self, id): say(closed=int(id))
    @dbus.service.signal('org.freedesktop.Notifications', signature='us')
    def ActionInvoked(self, id, action): pass
    @dbus.service.signal('org.freedesktop.Notifications', signature='uu')
    def NotificationClosed(self, id, reason): pass
server = Server(bus, '/org/freedesktop/Notifications')
def command(source, condition):
    line = sys.stdin.readline()
    if not line: GLib.MainLoop().quit(); sys.exit(0)
    server.ActionInvoked(int(line.split()[1]), 'default')
    return True
GLib.io_add_watch(sys.stdin, GLib.IO_IN, command)
say(ready=True)
GLib.MainLoop().run()
`;

/** The first line a child process writes that `pick` takes, or its output so far when it ends first. */
function lineOf<T>(child: ChildProcess, pick: (line: string) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      output += `${line}\n`;
      const picked = pick(line);
      if (picked !== undefined) resolve(picked);
    });
    child.once('exit', (code) => reject(new Error(`${child.spawnfile} exited with ${code}:\n${output}`)));
  });
}

async function startNotificationServer(): Promise<NotificationServer> {
  const bus = spawn('dbus-daemon', ['--session', '--nofork', '--nopidfile', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stopped = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill();
    });
  try {
    const address = await lineOf(bus, (line) => (line.startsWith('unix:') ? line : undefined));
    const server = spawn('/usr/bin/python3', ['-c', NOTIFICATION_SERVER], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: address },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const shown: NotificationServer['shown'] = [];
    const closed: number[] = [];
    await lineOf(server, (line) => {
      const said = JSON.parse(line) as {
        ready?: true;
        shown?: number;
        closed?: number;
        title?: string;
        body?: string;
      };
      if (said.shown !== undefined) shown.push({ id: said.shown, title: said.title!, body: said.body! });
      if (said.closed !== undefined) closed.push(said.closed);
      return said.ready;
    });
    return {
      address,
      shown,
      closed,
      click: (id) => void server.stdin!.write(`click ${id}\n`),
      stop: async () => {
        await stopped(server);
        await stopped(bus);
      },
    };
  } catch (error) {
    await stopped(bus);
    throw error;
  }
}

/**
 * Clicks the notification the desktop shows last and returns the window the click opens; without one in
 * 30 s, fails with what the desktop was asked to show and to close.
 */
async function clickForWindow(app: BrowserContext, desktop: NotificationServer): Promise<Page> {
  const opened = app.waitForEvent('page', { timeout: 30_000 });
  const clicked = desktop.shown.at(-1)!.id;
  desktop.click(clicked);
  return opened.catch((error: Error) => {
    const seen = JSON.stringify({ shown: desktop.shown, closed: desktop.closed, clicked });
    throw new Error(`${error.message}; the desktop saw ${seen}`);
  });
}

test.describe('web push', () => {
  let own: AmikoProcess | null = null;
  let service: PushService | null = null;
  // The last test's own browser, its profile and the desktop's notification server.
  let browser: BrowserContext | null = null;
  let profile: string | null = null;
  let desktop: NotificationServer | null = null;
  test.afterEach(async () => {
    await browser?.close();
    browser = null;
    if (profile) rmSync(profile, { recursive: true, force: true });
    profile = null;
    await desktop?.stop();
    desktop = null;
    await own?.stop();
    own = null;
    await service?.stop();
    service = null;
  });

  test('"Notify me on this device", then a push while every Amiko window is closed names the sender without the text, and its click opens the conversation', async ({
    app,
    page,
  }) => {
    test.setTimeout(180_000);
    own = await spawnAmiko();
    service = await startPushService();
    // The quick start's keys, made once beside the database (apps/server/src/vapid.ts).
    const dataDir = dirname(own.database.url.replace(/^file:/, ''));
    const ben = await signedInMember(own, app, { name: 'Ben Okafor' });
    const ana = await memberWithSession(own.db(), { name: 'Ana Lima' });
    await page.goto(`${own.url}/settings/notifications`);
    await controlledScope(page);
    const { publicKey } = JSON.parse(readFileSync(join(dataDir, 'vapid-keys.json'), 'utf8')) as {
      publicKey: string;
    };
    const subscription = service.subscribe(publicKey, 'bens-laptop');
    await pushTo(app, subscription, publicKey);
    await page.reload();

    const access = page.getByTestId('notification-access');
    // Generous waits: the machine the tests share may be slow to load a page.
    const slow = { timeout: 30_000 };
    await expect(access).toHaveText('Your browser asks you before Amiko may show notifications.', slow);
    await expect(page.getByTestId('push-devices')).toContainText('No device gets notifications yet.', slow);
    await app.grantPermissions(['notifications'], { origin: own.url });
    await page.getByRole('button', { name: 'Notify me on this device' }).click();
    await expect(access).toHaveText('This device gets notifications, even when Amiko is closed.', slow);
    await expect(page.getByTestId('push-device')).toHaveText(/^Chrome on Linux\s*This device\s*Remove$/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('test-push')!) as unknown)).toEqual({
      subscribed: 1,
      unsubscribed: 0,
      on: true,
    });

    // Every Amiko window closed (the tab shows another site's page): Ana writes, the server pushes.
    await page.goto('about:blank');
    await expect.poll(() => amikoWindows(app, own!.url), slow).toEqual([]);
    await clientFor(own.url, ana.token).trpc.messages.send.mutate({
      to: ben.id,
      clientId: randomUUID(),
      body: 'Shall we go hiking on Sunday?',
    });
    const [push] = await service.waitFor(1);
    expect(push!.device).toBe('bens-laptop');
    expect(push!.payload).toMatchObject({ title: 'New message from Ana', body: '' });

    // The push service hands it to the browser: the worker shows it, without the message's text.
    await deliverUntilShown(page, own.url, push!.payload as { tag: string });
    await expect
      .poll(() => notifications(app, own!.url), slow)
      .toEqual([
        {
          title: 'New message from Ana',
          body: '',
          tag: (push!.payload as { tag: string }).tag,
          data: { path: `/messages?with=${ana.id}` },
        },
      ]);

    // A click on it with a window of Amiko open takes that window to the conversation. (Chromium has no
    // way to click a notification from a test: the worker gets the click as the browser would send it.)
    await page.goto(`${own.url}/messages`);
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible(slow);
    const worker = app.serviceWorkers().find((sw) => sw.url() === `${own!.url}/sw.js`)!;
    await worker.evaluate(async () => {
      const scope = globalThis as unknown as WorkerScope;
      const [shown] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown! }));
    });
    await expect(page).toHaveURL(`${own.url}/messages?with=${ana.id}`, slow);
    await expect(
      page.getByTestId('message').filter({ hasText: 'Shall we go hiking on Sunday?' }),
    ).toBeVisible(slow);
    await expect.poll(() => notifications(app, own!.url)).toEqual([]);

    // With a window of Amiko in front, the worker shows nothing: the window tells the member itself.
    expect(await amikoWindows(app, own.url)).toEqual([{ path: '/messages', focused: true }]);
    const another = { ...(push!.payload as object), tag: 'conversation:another' };
    await deliverPush(page, own.url, another);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await notifications(app, own.url)).toEqual([]);
    // The same push with the window gone is shown: it was the window in front that held it back.
    await page.goto('about:blank');
    await expect.poll(() => amikoWindows(app, own!.url), slow).toEqual([]);
    await deliverUntilShown(page, own.url, another);
    await expect
      .poll(async () => (await notifications(app, own!.url))?.map((n) => n.tag), slow)
      .toEqual(['conversation:another']);

    // Removing this device ends the browser's subscription too.
    await page.goto(`${own.url}/settings/notifications`);
    await page.getByRole('button', { name: 'Remove Chrome on Linux' }).click();
    await expect(page.getByTestId('push-devices')).toContainText('No device gets notifications yet.', slow);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('test-push')!) as unknown)).toEqual({
      subscribed: 1,
      unsubscribed: 1,
      on: false,
    });
  });

  test('with every Amiko window closed, a click on the notification opens the conversation in a new window', async ({
    playwright,
    launchOptions,
  }) => {
    test.setTimeout(120_000);
    own = await spawnAmiko();
    desktop = await startNotificationServer();
    profile = mkdtempSync(join(tmpdir(), 'amiko-pwa-profile-'));
    const app = await playwright.chromium.launchPersistentContext(profile, {
      ...launchOptions,
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: desktop.address },
    });
    browser = app;
    const slow = { timeout: 30_000 };
    const ben = await signedInMember(own, app, { name: 'Ben Okafor' });
    // The session cookie kept as the server's sign-in sets it, with an expiry: without one (as signInContext
    // adds it) the browser forgets it once its last window closes.
    const session = (await app.cookies(own.url)).find((cookie) => cookie.name === SESSION_COOKIE)!;
    await app.addCookies([{ ...session, expires: Math.floor(Date.now() / 1000) + 24 * 60 * 60 }]);
    const ana = await memberWithSession(own.db(), { name: 'Ana Lima' });
    await app.grantPermissions(['notifications'], { origin: own.url });
    const page = app.pages()[0] ?? (await app.newPage());
    await page.goto(`${own.url}/messages`);
    await controlledScope(page);

    // Ana writes while Ben's tab shows another site; the push the server sends (tests/api/push.test.ts)
    // reaches the worker, which has the desktop show it, without the text.
    await page.goto('about:blank');
    await expect.poll(() => amikoWindows(app, own!.url), slow).toEqual([]);
    const { message } = await clientFor(own.url, ana.token).trpc.messages.send.mutate({
      to: ben.id,
      clientId: randomUUID(),
      body: 'Shall we go hiking on Sunday?',
    });
    const push = {
      title: 'New message from Ana',
      body: '',
      path: `/messages?with=${ana.id}`,
      tag: `conversation:${message.conversationId}`,
    };
    await deliverUntilShown(page, own.url, push);
    // (Chromium writes the site under the title; the message's text is nowhere.)
    await expect
      .poll(() => desktop!.shown.at(-1), slow)
      .toEqual({ id: expect.any(Number), title: push.title, body: new URL(own.url).host });

    // Every window closed: the browser runs on without one, as in the background on a phone or a desktop.
    await page.close();
    expect(app.pages()).toEqual([]);

    // One click on the notification: a new window, at the conversation.
    const conversation = await clickForWindow(app, desktop);
    await expect(conversation).toHaveURL(`${own.url}/messages?with=${ana.id}`, slow);
    await expect(
      conversation.getByTestId('message').filter({ hasText: 'Shall we go hiking on Sunday?' }),
    ).toBeVisible(slow);
    expect(app.pages()).toEqual([conversation]);
    await expect.poll(() => notifications(app, own!.url), slow).toEqual([]);
  });
});

declare const VERSION: string;
