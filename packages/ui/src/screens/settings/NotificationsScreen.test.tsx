import type { NotificationSettings } from '@amiko/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NotificationAccess, Platform } from '../../platform.tsx';
import { renderWithApp, testPlatform } from '../../test/render.tsx';
import NotificationsScreen from './NotificationsScreen.tsx';

function renderScreen(language: 'en' | 'de' = 'en') {
  let stored: NotificationSettings = { showMessageText: false, emailAboutMessages: 'instant' };
  const view = renderWithApp(<NotificationsScreen />, {
    language,
    api: {
      account: {
        notifications: () => stored,
        setNotifications: (change) => (stored = { ...stored, ...change }),
      },
    },
  });
  return { ...view, stored: () => stored };
}

describe('Settings → Notifications: Email me about new messages', () => {
  it('offers right away, a daily summary and never, and saves the choice', async () => {
    const { user, calls, stored } = renderScreen();
    const group = await screen.findByRole('radiogroup', { name: 'Email me about new messages' });
    expect(group).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Right away' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: 'A daily summary' }));
    await waitFor(() => expect(stored().emailAboutMessages).toBe('daily'));
    expect(calls.find((c) => c.path === 'account.setNotifications')?.input).toEqual({
      emailAboutMessages: 'daily',
    });
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'A daily summary' })).toHaveProperty('checked', true),
    );
    await user.click(screen.getByRole('radio', { name: 'Never' }));
    await waitFor(() => expect(stored().emailAboutMessages).toBe('never'));
  });

  it('speaks German', async () => {
    renderScreen('de');
    expect(await screen.findByRole('radiogroup', { name: 'E-Mail bei neuen Nachrichten' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Eine tägliche Zusammenfassung' })).toBeTruthy();
  });
});

describe('Settings → Notifications: Show message text in notifications', () => {
  it('is off by default, says why, and saves the member’s choice both ways', async () => {
    const { user, calls, stored } = renderScreen();
    const toggle = await screen.findByRole('switch', { name: /^Show message text in notifications/ });
    expect(toggle).toHaveProperty('checked', false);
    expect(
      screen.getByText(
        'Off: a notification says only who wrote, so nobody glancing at your screen reads your messages.',
      ),
    ).toBeTruthy();
    await user.click(toggle);
    await waitFor(() => expect(stored().showMessageText).toBe(true));
    expect(calls.find((c) => c.path === 'account.setNotifications')?.input).toEqual({
      showMessageText: true,
    });
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    await user.click(toggle);
    await waitFor(() => expect(stored().showMessageText).toBe(false));
    await waitFor(() => expect(toggle).toHaveProperty('checked', false));
  });

  it('speaks German', async () => {
    const { user, stored } = renderScreen('de');
    const toggle = await screen.findByRole('switch', {
      name: /^Nachrichtentext in Benachrichtigungen zeigen/,
    });
    expect(toggle).toHaveProperty('checked', false);
    expect(
      screen.getByText(
        'Aus: Eine Benachrichtigung sagt nur, wer geschrieben hat, damit niemand mit einem Blick auf deinen Bildschirm deine Nachrichten liest.',
      ),
    ).toBeTruthy();
    await user.click(toggle);
    await waitFor(() => expect(stored().showMessageText).toBe(true));
  });
});

describe('Settings → Notifications: Notify me on this device (issue 31)', () => {
  const PUBLIC_KEY = `B${'x'.repeat(86)}`;
  type Device = { id: string; device: string; createdAt: string; thisDevice: boolean };

  /** A browser that can push, and the server's list of the member's devices behind the test API. */
  function renderPush(
    options: { language?: 'en' | 'de'; subscribeFails?: boolean; kind?: 'browser' | 'desktop' } = {},
  ) {
    let devices: Device[] = [
      { id: 'd1', device: 'Firefox on Linux', createdAt: new Date().toISOString(), thisDevice: false },
    ];
    let permission: NotificationAccess = 'default';
    const host = { asked: 0, subscribedWith: [] as string[], unsubscribed: 0 };
    const platform: Platform = {
      ...testPlatform(),
      kind: options.kind ?? 'browser',
      notificationAccess: () => permission,
      requestNotificationAccess: async () => {
        host.asked += 1;
        permission = 'granted';
        return permission;
      },
      push:
        options.kind === 'desktop'
          ? null
          : {
              subscribe: async (publicKey) => {
                if (options.subscribeFails) throw new Error('Registration failed - push service error');
                host.subscribedWith.push(publicKey);
                return {
                  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
                  keys: { p256dh: 'p', auth: 'a' },
                };
              },
              unsubscribe: async () => void (host.unsubscribed += 1),
              describe: async () => ({ browser: 'Chrome', system: 'Android' }),
            },
    };
    const list = () => ({ publicKey: PUBLIC_KEY, devices });
    const view = renderWithApp(<NotificationsScreen />, {
      language: options.language ?? 'en',
      platform,
      api: {
        account: { notifications: () => ({ showMessageText: false, emailAboutMessages: 'instant' }) },
        push: {
          devices: list,
          subscribe: (input) => {
            devices = [
              ...devices,
              { id: 'd2', device: input.device, createdAt: new Date().toISOString(), thisDevice: true },
            ];
            return list();
          },
          remove: ({ id }) => {
            devices = devices.filter((device) => device.id !== id);
            return list();
          },
        },
      },
    });
    return { ...view, host };
  }

  it('asks the browser only on the click, subscribes this device, lists it as this device, and removes it', async () => {
    const { user, calls, host } = renderPush();
    const access = await screen.findByTestId('notification-access');
    expect(access.textContent).toBe('Your browser asks you before Amiko may show notifications.');
    expect(await screen.findByText('Firefox on Linux')).toBeTruthy();
    expect(screen.getByText('You hear about new messages even when Amiko is closed.')).toBeTruthy();
    expect(host.asked).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Notify me on this device' }));
    await waitFor(() =>
      expect(access.textContent).toBe('This device gets notifications, even when Amiko is closed.'),
    );
    expect(host).toMatchObject({ asked: 1, subscribedWith: [PUBLIC_KEY] });
    expect(calls.find((c) => c.path === 'push.subscribe')?.input).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'p', auth: 'a' },
      device: 'Chrome on Android',
    });
    const rows = screen.getAllByTestId('push-device');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Firefox on LinuxRemove',
      'Chrome on AndroidThis deviceRemove',
    ]);
    expect(screen.queryByRole('button', { name: 'Notify me on this device' })).toBeNull();

    // Removing this device ends the browser's subscription too; the button is offered again.
    await user.click(screen.getByRole('button', { name: 'Remove Chrome on Android' }));
    await waitFor(() => expect(screen.getAllByTestId('push-device')).toHaveLength(1));
    expect(host.unsubscribed).toBe(1);
    expect(access.textContent).toBe('Notifications are on in this browser.');
    expect(screen.getByRole('button', { name: 'Notify me on this device' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove Firefox on Linux' }));
    expect(
      await screen.findByText(
        'No device gets notifications yet. Choose “Notify me on this device” on each phone or computer where you want them.',
      ),
    ).toBeTruthy();
    expect(host.unsubscribed).toBe(1);
  });

  it('says so when the browser cannot subscribe, and notifications still show while Amiko is open', async () => {
    const { user, calls } = renderPush({ subscribeFails: true });
    await user.click(await screen.findByRole('button', { name: 'Notify me on this device' }));
    expect(
      await screen.findByText(
        'This browser could not be signed up for notifications while Amiko is closed. While Amiko is open, it still notifies you.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('notification-access').textContent).toBe(
      'Notifications are on in this browser.',
    );
    expect(calls.some((c) => c.path === 'push.subscribe')).toBe(false);
  });

  it('speaks German', async () => {
    const { user } = renderPush({ language: 'de' });
    await user.click(await screen.findByRole('button', { name: 'Auf diesem Gerät benachrichtigen' }));
    expect(await screen.findByText('Chrome auf Android')).toBeTruthy();
    expect(screen.getByText('Dieses Gerät')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chrome auf Android entfernen' })).toBeTruthy();
    expect(screen.getByTestId('notification-access').textContent).toBe(
      'Dieses Gerät bekommt Benachrichtigungen, auch wenn Amiko geschlossen ist.',
    );
  });

  it('in the desktop app: no push of its own, but the member’s other devices can be removed', async () => {
    const { user, calls } = renderPush({ kind: 'desktop' });
    expect(await screen.findByText('Firefox on Linux')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Notify me on this device' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove Firefox on Linux' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'push.remove')).toBe(true));
  });
});
