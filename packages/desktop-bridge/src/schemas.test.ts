import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appPathSchema, desktopNotificationSchema, externalUrlSchema, unreadCountSchema } from './schemas.ts';

const origin = 'https://amiko.example';

// What URL parsers treat specially (slashes and look-alikes, escapes, dots, schemes, whitespace), mixed
// into arbitrary strings.
const URL_PARTS = [
  '/',
  '\\',
  '.',
  '%',
  '2',
  'e',
  'f',
  'F',
  'c',
  '5',
  ':',
  '@',
  '?',
  '#',
  ' ',
  '\t',
  '\n',
  '\u0000',
];
const LOOK_ALIKES = ['\u3002', '\uff0f', '\u2215', '\uff3c', 'é'];
const pathTail = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.array(fc.constantFrom(...URL_PARTS, ...LOOK_ALIKES), { maxLength: 30 }).map((parts) => parts.join('')),
);

describe('appPathSchema', () => {
  it('accepts the paths the shell sends the UI to', () => {
    for (const path of [
      '/',
      '/messages',
      '/messages?with=abc_-1',
      '/profile-view/x',
      '/auth-action?mode=a&code=b',
    ])
      expect(appPathSchema.safeParse(path).success, path).toBe(true);
  });

  it('refuses what could leave the origin or is no path', () => {
    for (const path of [
      '',
      'messages',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      '/a\nb',
    ])
      expect(appPathSchema.safeParse(path).success, JSON.stringify(path)).toBe(false);
  });

  it('never lets an accepted path resolve outside the origin', () => {
    fc.assert(
      fc.property(pathTail, (tail) => {
        const path = `/${tail}`;
        if (!appPathSchema.safeParse(path).success) return;
        expect(new URL(path, origin).origin).toBe(origin);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('the payload schemas', () => {
  it('take whole non-negative counts only', () => {
    expect(unreadCountSchema.safeParse(0).success).toBe(true);
    expect(unreadCountSchema.safeParse(120).success).toBe(true);
    for (const bad of [-1, 1.5, Number.NaN, Infinity, '3', null])
      expect(unreadCountSchema.safeParse(bad).success).toBe(false);
  });

  it('take a notification with a title, a body that may be empty and an in-app path', () => {
    expect(desktopNotificationSchema.safeParse({ title: 'New message from Bruno', body: '' }).success).toBe(
      true,
    );
    expect(
      desktopNotificationSchema.safeParse({ title: 'x', body: '', path: '//evil.example' }).success,
    ).toBe(false);
    expect(desktopNotificationSchema.safeParse({ title: '', body: 'hi' }).success).toBe(false);
  });

  it('open web and mail links only', () => {
    for (const url of ['https://example.com/a', 'http://example.com', 'mailto:hi@example.com'])
      expect(externalUrlSchema.safeParse(url).success, url).toBe(true);
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'amiko://messages/x',
      'nope',
    ])
      expect(externalUrlSchema.safeParse(url).success, url).toBe(false);
  });
});
