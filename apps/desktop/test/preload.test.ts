// Item 3: the preload exposes exactly one object, window.amikoDesktop, with exactly the bridge's four
// members, and each talks to the main process on its named channel.
import { beforeAll, describe, expect, it } from 'vitest';
import type { DesktopBridge } from '@amiko/desktop-bridge';
import { TO_MAIN, TO_PAGE } from '../src/shared/channels.ts';
import { fake } from './fake-electron.ts';

let bridge: DesktopBridge;

beforeAll(async () => {
  fake.reset();
  await import('../src/preload/index.ts');
  bridge = fake.exposed.get('amikoDesktop') as DesktopBridge;
});

describe('the preload', () => {
  it('exposes one object, amikoDesktop, with exactly setUnreadCount, notify, openExternal and onNavigate', () => {
    expect([...fake.exposed.keys()]).toEqual(['amikoDesktop']);
    expect(Object.keys(bridge).sort()).toEqual(['notify', 'onNavigate', 'openExternal', 'setUnreadCount']);
    for (const member of Object.values(bridge)) expect(typeof member).toBe('function');
  });

  it('sends each call on its channel', () => {
    bridge.setUnreadCount(3);
    bridge.notify({ title: 'New message from Bruno', body: '', path: '/messages?with=b' });
    bridge.openExternal('https://example.com/');
    expect(fake.rendererSent).toEqual([
      { channel: TO_MAIN.setUnreadCount, args: [3] },
      {
        channel: TO_MAIN.notify,
        args: [{ title: 'New message from Bruno', body: '', path: '/messages?with=b' }],
      },
      { channel: TO_MAIN.openExternal, args: ['https://example.com/'] },
    ]);
  });

  it('hands navigation to subscribers until they unsubscribe, and keeps one that came before any', () => {
    fake.sendToPage(TO_PAGE.navigate, '/messages?with=early');
    const seen: string[] = [];
    const unsubscribe = bridge.onNavigate((path) => seen.push(path));
    fake.sendToPage(TO_PAGE.navigate, '/profile-view/x');
    fake.sendToPage(TO_PAGE.navigate, 42);
    unsubscribe();
    fake.sendToPage(TO_PAGE.navigate, '/later');
    expect(seen).toEqual(['/messages?with=early', '/profile-view/x']);
  });
});
