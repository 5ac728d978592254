// @vitest-environment jsdom
import '../../test/dom.ts';
import type { NotificationSettings } from '@amiko/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
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
