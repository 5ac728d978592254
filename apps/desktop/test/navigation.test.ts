// Item 8: navigation stays on the server's origin, links that leave it open in the system's browser,
// javascript: and file: go nowhere, pages open no windows, and only notifications may be granted.
import { describe, expect, it } from 'vitest';
import { decideNavigation } from '../src/main/navigation.ts';
import { allowsPermission } from '../src/main/permissions.ts';
import { fake, fakeEvent, session } from './fake-electron.ts';
import { SERVER, startApp } from './harness.ts';

const INSIDE = [
  'https://amiko.test/',
  'https://amiko.test/messages?with=x',
  'https://amiko.test/auth-action?mode=a&code=b',
];
const OUTSIDE = [
  'https://stripe.com/legal',
  'http://example.com/',
  'https://amiko.test.evil.example/',
  'http://amiko.test/',
];
const REFUSED = [
  'javascript:alert(document.cookie)',
  'file:///etc/passwd',
  'file:///C:/Windows/System32/calc.exe',
  'data:text/html,<script>alert(1)</script>',
  'smb://attacker/share',
  'amiko://messages/x',
  'chrome://settings',
  'not a url',
];

describe('decideNavigation', () => {
  it('keeps the window on the server, sends web and mail links out, refuses the rest', () => {
    for (const url of INSIDE) expect(decideNavigation(url, SERVER), url).toBe('stay');
    for (const url of [...OUTSIDE, 'mailto:hello@amiko.test'])
      expect(decideNavigation(url, SERVER), url).toBe('external');
    for (const url of REFUSED) expect(decideNavigation(url, SERVER), url).toBe('refuse');
  });
});

describe('the window', () => {
  it('navigates within the origin', async () => {
    const { contents } = await startApp();
    for (const url of INSIDE) {
      const event = fakeEvent({ url, isMainFrame: true });
      contents.emit('will-navigate', event);
      expect(event.defaultPrevented, url).toBe(false);
    }
    expect(fake.opened).toEqual([]);
  });

  it('opens outside links in the system browser instead of navigating', async () => {
    const { contents } = await startApp();
    for (const url of OUTSIDE) {
      const event = fakeEvent({ url, isMainFrame: true });
      contents.emit('will-navigate', event);
      expect(event.defaultPrevented, url).toBe(true);
    }
    expect(fake.opened).toEqual(OUTSIDE);
  });

  it('refuses javascript:, file: and other schemes without opening anything', async () => {
    const { contents } = await startApp();
    for (const url of REFUSED) {
      const event = fakeEvent({ url, isMainFrame: true });
      contents.emit('will-navigate', event);
      expect(event.defaultPrevented, url).toBe(true);
    }
    expect(fake.opened).toEqual([]);
  });

  it('refuses redirects of the page that leave the origin, but not those of frames inside it', async () => {
    const { contents } = await startApp();
    const away = fakeEvent({ url: 'https://evil.example/', isMainFrame: true });
    const home = fakeEvent({ url: 'https://amiko.test/auth', isMainFrame: true });
    const frame = fakeEvent({ url: 'https://js.stripe.com/v3/frame', isMainFrame: false });
    for (const event of [away, home, frame]) contents.emit('will-redirect', event);
    expect([away.defaultPrevented, home.defaultPrevented, frame.defaultPrevented]).toEqual([
      true,
      false,
      false,
    ]);
    expect(fake.opened).toEqual([]);
  });

  it('never opens a window: web links go to the browser, the rest nowhere', async () => {
    const { contents } = await startApp();
    const open = contents.windowOpenHandler!;
    for (const url of [...INSIDE, ...OUTSIDE, ...REFUSED])
      expect(open({ url }), url).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual([...INSIDE, ...OUTSIDE]);
  });

  it('refuses <webview>', async () => {
    const { contents } = await startApp();
    const event = fakeEvent({});
    contents.emit('will-attach-webview', event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('opens links the page hands the bridge only when they are web or mail links', async () => {
    const { fromPage } = await startApp();
    for (const url of [
      'https://example.com/a',
      'mailto:hi@example.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ])
      fromPage('openExternal', url);
    expect(fake.opened).toEqual(['https://example.com/a', 'mailto:hi@example.com']);
  });
});

describe('permissions', () => {
  it('grants notifications to the server and nothing else to anyone', async () => {
    await startApp();
    const request = (permission: string, url: string) => {
      let granted: boolean | undefined;
      session.defaultSession.permissionRequestHandler!(null, permission, (value) => (granted = value), {
        requestingUrl: url,
      });
      return granted;
    };
    expect(request('notifications', 'https://amiko.test/messages')).toBe(true);
    expect(request('notifications', 'https://evil.example/')).toBe(false);
    for (const permission of ['media', 'geolocation', 'clipboard-read', 'openExternal', 'hid', 'fullscreen'])
      expect(request(permission, 'https://amiko.test/'), permission).toBe(false);
    const check = session.defaultSession.permissionCheckHandler!;
    expect(check(null, 'notifications', 'https://amiko.test')).toBe(true);
    expect(check(null, 'media', 'https://amiko.test')).toBe(false);
    expect(check(null, 'notifications', 'https://js.stripe.com')).toBe(false);
    expect(allowsPermission('notifications', 'null', SERVER)).toBe(false);
  });
});
