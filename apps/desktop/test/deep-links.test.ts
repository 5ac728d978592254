// Item 7: one instance (a second launch focuses the first), the amiko:// scheme registered, its three
// forms routed through onNavigate, anything else refused.
import { describe, expect, it } from 'vitest';
import { startDesktop } from '../src/main/app.ts';
import { deepLinkPath, linkInArguments } from '../src/main/deep-links.ts';
import { TO_PAGE } from '../src/shared/channels.ts';
import { app, fake, fakeEvent } from './fake-electron.ts';
import { startApp } from './harness.ts';

describe('amiko:// links', () => {
  it('open a conversation, a profile and the verification and reset page', () => {
    expect(deepLinkPath('amiko://messages/bRuNo_-1')).toBe('/messages?with=bRuNo_-1');
    expect(deepLinkPath('amiko://profile-view/abc123')).toBe('/profile-view/abc123');
    expect(deepLinkPath('amiko://auth-action?mode=verifyEmail&code=Zx9_-')).toBe(
      '/auth-action?mode=verifyEmail&code=Zx9_-',
    );
    expect(deepLinkPath('amiko://auth-action/?mode=resetPassword&code=a%20b&extra=1')).toBe(
      '/auth-action?mode=resetPassword&code=a+b',
    );
  });

  it('refuse everything else', () => {
    for (const link of [
      'amiko://settings/account',
      'amiko://messages/',
      'amiko://messages/a/b',
      'amiko://messages/..%2F..%2Fsettings',
      'amiko://messages/abc?with=other',
      'amiko://profile-view/<script>',
      'amiko://auth-action?mode=verifyEmail',
      'amiko://auth-action/other?mode=a&code=b',
      'amiko://user:pw@messages/abc',
      'amiko://messages:99/abc',
      'https://amiko.test/messages?with=abc',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'amiko:messages/abc',
      'not a link',
    ])
      expect(deepLinkPath(link), link).toBeNull();
  });

  it("are found among a launch's arguments", () => {
    expect(linkInArguments(['/opt/Amiko/amiko', '--flag', 'amiko://messages/x'])).toBe('amiko://messages/x');
    expect(linkInArguments(['/opt/Amiko/amiko'])).toBeNull();
  });

  it('are registered with the system', async () => {
    await startApp();
    expect(app.protocolClients.map((client) => client.protocol)).toEqual(['amiko']);
  });

  it('reach the UI through onNavigate when it is up', async () => {
    const { desktop, contents, window } = await startApp();
    window.hide();
    expect(desktop.openLink('amiko://profile-view/abc123')).toBe(true);
    expect(contents.sent).toEqual([{ channel: TO_PAGE.navigate, args: ['/profile-view/abc123'] }]);
    expect(window.visible).toBe(true);
  });

  it('arrive on macOS as open-url events', async () => {
    const { contents } = await startApp({ platform: 'darwin' });
    const event = fakeEvent({});
    app.emit('open-url', event, 'amiko://messages/anna');
    expect(event.defaultPrevented).toBe(true);
    expect(contents.sent).toEqual([{ channel: TO_PAGE.navigate, args: ['/messages?with=anna'] }]);
  });

  it('that launched the app open the window on their path', async () => {
    const { contents, window } = await startApp({ argv: ['/opt/Amiko/amiko', 'amiko://messages/anna'] });
    expect(contents.loaded).toEqual(['https://amiko.test/messages?with=anna']);
    expect(window.visible).toBe(true);
  });

  it('that are refused change nothing', async () => {
    const { desktop, contents } = await startApp({ argv: ['/opt/Amiko/amiko', 'amiko://evil.example/x'] });
    expect(contents.loaded).toEqual(['https://amiko.test/']);
    expect(desktop.openLink('amiko://settings/delete-account')).toBe(false);
    expect(contents.sent).toEqual([]);
    expect(contents.loaded).toEqual(['https://amiko.test/']);
  });
});

describe('a single instance', () => {
  it('a second launch focuses the first window', async () => {
    const { window } = await startApp();
    window.hide();
    window.minimized = true;
    app.emit('second-instance', fakeEvent({}), ['/opt/Amiko/amiko'], '/home/anna');
    expect(window.minimized).toBe(false);
    expect(window.visible).toBe(true);
    expect(window.focused).toBe(true);
  });

  it('a second launch with a link opens it in the first', async () => {
    const { contents } = await startApp();
    app.emit('second-instance', fakeEvent({}), ['/opt/Amiko/amiko', 'amiko://messages/anna'], '/home/anna');
    expect(contents.sent).toEqual([{ channel: TO_PAGE.navigate, args: ['/messages?with=anna'] }]);
  });

  it('the second instance itself quits without a window', async () => {
    fake.reset();
    app.hasLock = false;
    const second = await startDesktop({
      serverUrl: new URL('https://amiko.test'),
      preload: '/p.cjs',
      argv: ['amiko://messages/anna'],
      updater: null,
      development: false,
    });
    expect(second).toBeNull();
    expect(app.quitCalls).toBe(1);
    expect(fake.windows).toHaveLength(0);
  });
});
