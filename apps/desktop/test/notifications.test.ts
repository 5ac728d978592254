// Item 6: a notification for each new message while the window is not in front, saying who wrote and,
// unless the member allowed it, not what; none while paused (the badge still counts); a click shows the
// window on the conversation through onNavigate.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { TO_PAGE } from '../src/shared/channels.ts';
import { pauseFor, TOMORROW_HOUR } from '../src/main/notifications.ts';
import { fake } from './fake-electron.ts';
import { freshFolders, startApp } from './harness.ts';

const FROM_BRUNO = { title: 'New message from Bruno', body: '', path: '/messages?with=bruno1' };

describe('message notifications', () => {
  it('say who wrote and nothing of the message when the member keeps text out (the default)', async () => {
    const { fromPage } = await startApp();
    fromPage('notify', FROM_BRUNO);
    expect(fake.notifications).toHaveLength(1);
    expect(fake.notifications[0]!.options).toEqual({ title: 'New message from Bruno', body: '' });
    expect(fake.notifications[0]!.shown).toBe(true);
  });

  it('carry the text the member chose to show', async () => {
    const { fromPage } = await startApp();
    fromPage('notify', { ...FROM_BRUNO, body: 'Shall we meet at the lake?' });
    expect(fake.notifications[0]!.options).toEqual({
      title: 'New message from Bruno',
      body: 'Shall we meet at the lake?',
    });
  });

  it('stay away while the window is in front', async () => {
    const { fromPage, window } = await startApp();
    window.show();
    window.focus();
    fromPage('notify', FROM_BRUNO);
    expect(fake.notifications).toHaveLength(0);
    window.focused = false;
    fromPage('notify', FROM_BRUNO);
    expect(fake.notifications).toHaveLength(1);
  });

  it('bring the window forward on the conversation when clicked', async () => {
    const { fromPage, window, contents } = await startApp();
    window.hide();
    fromPage('notify', FROM_BRUNO);
    fake.notifications[0]!.emit('click');
    expect(window.visible).toBe(true);
    expect(window.focused).toBe(true);
    expect(contents.sent).toEqual([{ channel: TO_PAGE.navigate, args: ['/messages?with=bruno1'] }]);
  });

  it('load the conversation when the page is not the server any more (offline page)', async () => {
    const { fromPage, contents } = await startApp();
    fromPage('notify', FROM_BRUNO);
    contents.url = 'data:text/html,offline';
    fake.notifications[0]!.emit('click');
    expect(contents.loaded.at(-1)).toBe('https://amiko.test/messages?with=bruno1');
    expect(contents.sent).toEqual([]);
  });
});

describe('pausing notifications', () => {
  type Item = {
    label?: string;
    type?: string;
    checked?: boolean;
    submenu?: Item[];
    click?: (item: { checked: boolean }) => void;
  };
  const pauseMenu = (items: Item[]) => items.find((item) => item.label === 'Pause notifications')!.submenu!;
  const choice = (items: Item[], label: string) => pauseMenu(items).find((item) => item.label === label)!;

  it('silences messages for an hour, keeps counting on the badge, and can be turned off', async () => {
    let now = new Date(2026, 4, 12, 14, 0).getTime();
    const { fromPage, tray } = await startApp({ now: () => now });
    const choices = () => pauseMenu(tray.menu!.template);
    const click = (label: string) => choice(tray.menu!.template, label).click!({ checked: true });
    // In the order: 1 hour, until tomorrow, off.
    expect(choices().map((item) => [item.type, item.label, item.checked])).toEqual([
      ['radio', '1 hour', false],
      ['radio', 'Until tomorrow', false],
      ['radio', 'Off', true],
    ]);

    click('1 hour');
    expect(choice(tray.menu!.template, '1 hour').checked).toBe(true);
    fromPage('notify', FROM_BRUNO);
    fromPage('setUnreadCount', 1);
    expect(fake.notifications).toHaveLength(0);
    expect(tray.tooltip).toMatch(/^Amiko — 1 unread\nNotifications paused until /);

    now += 61 * 60 * 1000;
    fromPage('notify', FROM_BRUNO);
    expect(fake.notifications).toHaveLength(1);

    click('Until tomorrow');
    fromPage('notify', FROM_BRUNO);
    expect(fake.notifications).toHaveLength(1);
    click('Off');
    fromPage('notify', FROM_BRUNO);
    expect(fake.notifications).toHaveLength(2);
  });

  it('"until tomorrow" ends at 8 the next morning', () => {
    const evening = new Date(2026, 11, 31, 22, 30);
    const pause = pauseFor('tomorrow', evening);
    expect(new Date(pause!.until)).toEqual(new Date(2027, 0, 1, TOMORROW_HOUR));
    expect(pauseFor('hour', evening)!.until - evening.getTime()).toBe(3_600_000);
    expect(pauseFor('off', evening)).toBeNull();
  });

  it('is remembered across restarts', async () => {
    const folders = freshFolders();
    const first = await startApp({}, folders);
    choice(first.tray.menu!.template, 'Until tomorrow').click!({ checked: true });
    await vi.waitFor(() => expect(existsSync(join(folders.userData, 'settings.json'))).toBe(true));

    const again = await startApp({}, folders);
    expect(pauseMenu(again.tray.menu!.template).map((item) => [item.label, item.checked])).toEqual([
      ['1 hour', false],
      ['Until tomorrow', true],
      ['Off', false],
    ]);
    again.fromPage('notify', FROM_BRUNO);
    expect(fake.notifications).toHaveLength(0);
  });
});
