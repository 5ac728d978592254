import type { BrowserContext, Page } from '@playwright/test';
import type { DesktopNotification } from '@amiko/desktop-bridge';
import { expectAccessible } from './accessibility.ts';
import { expect, test } from './fixtures.ts';
import { signedInMember } from './members.ts';

// The UI inside the desktop app and in a browser, in Chromium against a real server, two members. Electron
// cannot run here, so the desktop app's part is played by a recording window.amikoDesktop injected before
// the app loads, as the preload would expose it; its other side (tray, notifications) is tested in
// apps/desktop/test. Ben's window is in the background (document.hasFocus() is false), as when Amiko sits in
// the tray or another window is in front.

interface Recorded {
  unread: number[];
  notifications: DesktopNotification[];
  shown: { title: string; body: string | undefined }[];
  asked: number;
}

declare global {
  interface Window {
    recorded: Recorded;
    /** Calls what the UI registered with the bridge's onNavigate, as the shell would. */
    navigateFromHost: (path: string) => void;
  }
}

async function inBackground(context: BrowserContext) {
  await context.addInitScript(() => {
    Document.prototype.hasFocus = () => false;
  });
}

/** Ben's page in the desktop app: the recording bridge is there before the first script runs. */
async function desktopPage(context: BrowserContext): Promise<Page> {
  await inBackground(context);
  await context.addInitScript(() => {
    const recorded: Recorded = { unread: [], notifications: [], shown: [], asked: 0 };
    const listeners = new Set<(path: string) => void>();
    window.recorded = recorded;
    window.navigateFromHost = (path) => {
      for (const listener of listeners) listener(path);
    };
    window.amikoDesktop = Object.freeze({
      setUnreadCount: (count: number) => void recorded.unread.push(count),
      notify: (notification: DesktopNotification) => void recorded.notifications.push(notification),
      openExternal: () => {},
      onNavigate(callback: (path: string) => void) {
        listeners.add(callback);
        return () => void listeners.delete(callback);
      },
    });
  });
  return context.newPage();
}

/** Ben's page in a browser: the Notification API recorded (and when permission is asked for). */
async function browserPage(context: BrowserContext): Promise<Page> {
  await inBackground(context);
  await context.addInitScript(() => {
    const recorded: Recorded = { unread: [], notifications: [], shown: [], asked: 0 };
    window.recorded = recorded;
    const Real = window.Notification;
    class Recording extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        recorded.shown.push({ title, body: options?.body });
      }
      static override requestPermission(): Promise<NotificationPermission> {
        recorded.asked++;
        return Real.requestPermission();
      }
    }
    window.Notification = Recording;
  });
  return context.newPage();
}

async function send(page: Page, text: string) {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: text })).toBeVisible();
}

const recorded = (page: Page) => page.evaluate(() => structuredClone(window.recorded));

/** The service worker registrations of the page's origin (their scopes), and whether one controls the page. */
const serviceWorkers = (page: Page) =>
  page.evaluate(async () => ({
    registrations: (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope),
    controlled: navigator.serviceWorker.controller !== null,
  }));

test.describe('the desktop app', () => {
  test('badge and notifications through the bridge, without the message text; a click opens the conversation', async ({
    browser,
    amiko,
  }) => {
    const contextA = await browser.newContext();
    const contextB = await browser.newContext();
    const ana = await signedInMember(amiko, contextA, { name: 'Ana' });
    const ben = await signedInMember(amiko, contextB, { name: 'Ben' });
    const a = await contextA.newPage();
    const b = await desktopPage(contextB);

    await b.goto('/community');
    await expect(b.getByTestId('unread-dot')).toHaveAttribute('data-unread', 'false');

    await a.goto(`/messages?with=${ben.id}`);
    await send(a, 'Shall we meet at the lake on Sunday?');

    // The count is the server's (0 as soon as the page knows it: the tray may hold a number from before a
    // reload), the notification says who wrote and nothing of what.
    await expect.poll(async () => (await recorded(b)).unread).toEqual([0, 1]);
    await expect
      .poll(async () => (await recorded(b)).notifications)
      .toEqual([{ title: 'New message from Ana', body: '', path: `/messages?with=${ana.id}` }]);
    // The count in the tab title is the browser's; in the app the tray shows it, the title only names the page.
    expect(await b.title()).toBe('Community — Amiko');
    // The app loaded long since (its load event has passed, a message came in), and registered no service
    // worker: the desktop app has its own notifications and no push (the browser's page below registers one).
    await b.waitForFunction(() => document.readyState === 'complete');
    expect(await serviceWorkers(b)).toEqual({ registrations: [], controlled: false });

    // The member clicks the notification: the shell calls onNavigate, the UI opens the conversation and
    // reading it brings the count to zero.
    await b.evaluate((path) => window.navigateFromHost(path), `/messages?with=${ana.id}`);
    await expect(b).toHaveURL(new RegExp(`/messages\\?with=${ana.id}$`));
    await expect(b.getByTestId('message').filter({ hasText: 'Shall we meet at the lake' })).toBeVisible();
    await expect.poll(async () => (await recorded(b)).unread).toEqual([0, 1, 0]);

    // Settings → Notifications: the app needs no browser permission; the text setting is off until the
    // member turns it on, and then notifications carry the text.
    // (A page load of its own: the bridge's record starts again.)
    await b.goto('/settings/notifications');
    await expect(b.getByText('The Amiko app shows notifications.', { exact: false })).toBeVisible();
    await expect(b.getByTestId('turn-on-notifications')).toHaveCount(0);
    await expect(b.getByRole('button', { name: 'Notify me on this device' })).toHaveCount(0);
    const showText = b.getByRole('switch', { name: 'Show message text in notifications' });
    await expect(showText).not.toBeChecked();
    await expectAccessible(b, { label: 'settings/notifications (desktop)' });
    await showText.click();
    await expect(b.getByText('Your notification settings have been saved.')).toBeVisible();
    await expect(showText).toBeChecked();

    await send(a, 'See you at ten.');
    await expect
      .poll(async () => (await recorded(b)).notifications)
      .toEqual([
        { title: 'New message from Ana', body: 'See you at ten.', path: `/messages?with=${ana.id}` },
      ]);
    await expect.poll(async () => (await recorded(b)).unread).toEqual([0, 1]);

    await contextA.close();
    await contextB.close();
  });
});

test.describe('the browser', () => {
  test('the count in front of the page’s tab title ("(1) Community — Amiko"); notifications only after the member turns them on, without the text', async ({
    browser,
    amiko,
  }) => {
    const contextA = await browser.newContext();
    const contextB = await browser.newContext();
    const ana = await signedInMember(amiko, contextA, { name: 'Ana' });
    const ben = await signedInMember(amiko, contextB, { name: 'Ben' });
    const a = await contextA.newPage();
    const b = await browserPage(contextB);

    await b.goto('/community');
    await expect(b.getByTestId('unread-dot')).toHaveAttribute('data-unread', 'false');
    await a.goto(`/messages?with=${ben.id}`);
    await send(a, 'Hello Ben!');

    await expect(b).toHaveTitle('(1) Community — Amiko');
    // The browser's page registers Amiko's service worker (which the desktop app does not).
    await expect
      .poll(async () => (await serviceWorkers(b)).registrations)
      .toEqual([`${new URL(b.url()).origin}/`]);
    // Nobody asked the member: no permission prompt, no notification.
    expect(await recorded(b)).toMatchObject({ asked: 0, shown: [] });

    // Settings → Notifications: the member turns browser notifications on with a click.
    await b.goto('/settings/notifications');
    const access = b.getByTestId('notification-access');
    await expect(access).toHaveText('Your browser asks you before Amiko may show notifications.');
    await expectAccessible(b, { label: 'settings/notifications (browser)' });
    await contextB.grantPermissions(['notifications']);
    await b.getByTestId('turn-on-notifications').click();
    await expect(access).toHaveText('Notifications are on in this browser.');
    expect((await recorded(b)).asked).toBe(1);

    await send(a, 'Are you there?');
    await expect
      .poll(async () => (await recorded(b)).shown)
      .toEqual([{ title: 'New message from Ana', body: '' }]);

    // Reading the conversation empties the title again.
    await b.goto(`/messages?with=${ana.id}`);
    await expect(b.getByTestId('message').filter({ hasText: 'Are you there?' })).toBeVisible();
    await expect(b).toHaveTitle('Messages — Amiko');

    await contextA.close();
    await contextB.close();
  });
});
