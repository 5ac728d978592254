// Item 3: the main process acts on a bridge message only from the top frame of Amiko's window showing the
// server, and only with a payload its schema accepts.
import { describe, expect, it } from 'vitest';
import { TO_MAIN } from '../src/shared/channels.ts';
import { app, fake, FakeWebContents } from './fake-electron.ts';
import { FakeWebFrame, startApp } from './harness.ts';

describe('bridge messages', () => {
  it('are handled from the server page in the window', async () => {
    const { fromPage } = await startApp();
    fromPage('setUnreadCount', 2);
    fromPage('notify', { title: 'New message from Bruno', body: '' });
    fromPage('openExternal', 'https://example.com/');
    expect(app.badgeCounts).toEqual([2]);
    expect(fake.notifications).toHaveLength(1);
    expect(fake.opened).toEqual(['https://example.com/']);
  });

  it('listen on the named channels only', async () => {
    await startApp();
    expect([...fake.ipcHandlers.keys()].sort()).toEqual(Object.values(TO_MAIN).sort());
  });

  it('are ignored from a frame inside the page, another origin, another window or a closed frame', async () => {
    const { fromFrame, contents, tray } = await startApp();
    const stripeFrame = new FakeWebFrame('https://js.stripe.com/v3/', contents.mainFrame);
    const sameOriginFrame = new FakeWebFrame('https://amiko.test/embedded', contents.mainFrame);
    const otherWindow = new FakeWebContents();
    otherWindow.mainFrame.url = 'https://amiko.test/';
    const senders = [
      { frame: stripeFrame, sender: contents },
      { frame: sameOriginFrame, sender: contents },
      { frame: null, sender: contents },
      { frame: otherWindow.mainFrame, sender: otherWindow },
    ];
    for (const { frame, sender } of senders) {
      fromFrame('setUnreadCount', 5, frame, sender);
      fromFrame('notify', { title: 'Spoofed', body: 'text' }, frame, sender);
      fromFrame('openExternal', 'https://phish.example/', frame, sender);
    }
    // The window's own top frame, but on the offline page or a foreign origin.
    for (const url of ['data:text/html,offline', 'https://evil.example/']) {
      contents.mainFrame.url = url;
      fromFrame('setUnreadCount', 5, contents.mainFrame);
      fromFrame('notify', { title: 'Spoofed', body: 'text' }, contents.mainFrame);
    }
    expect(app.badgeCounts).toEqual([]);
    expect(tray.tooltip).toBe('Amiko');
    expect(fake.notifications).toEqual([]);
    expect(fake.opened).toEqual([]);
  });

  it('are ignored with a payload the schema refuses', async () => {
    const { fromPage, tray } = await startApp();
    for (const count of [-1, 1.5, '3', null, Number.NaN, 1e12, { count: 1 }])
      fromPage('setUnreadCount', count);
    for (const notification of [
      null,
      'New message',
      { title: '', body: '' },
      { title: 'x'.repeat(201), body: '' },
      { title: 'Hi', body: 'x'.repeat(1001) },
      { title: 'Hi', body: '', path: '//evil.example/' },
      { title: 'Hi', body: '', path: 'https://evil.example/' },
      { title: 'Hi' },
    ])
      fromPage('notify', notification);
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 42, 'ms-settings:', 'x'.repeat(5000)])
      fromPage('openExternal', url);
    expect(app.badgeCounts).toEqual([]);
    expect(tray.tooltip).toBe('Amiko');
    expect(fake.notifications).toEqual([]);
    expect(fake.opened).toEqual([]);
  });
});
