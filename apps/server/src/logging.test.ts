import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactUrl, SECRET_QUERY_PARAMS } from './logging.ts';

// Failed queries (PostgreSQL's parameters and details) are checked on real databases: tests/api/logging.test.ts.

describe('log redaction', () => {
  it('keeps one-time codes and tokens out of logged URLs, and the rest of the URL as it was', () => {
    const secret = fc.stringMatching(/^[a-z2-9.]{8,60}$/);
    fc.assert(
      fc.property(secret, secret, (code, token) => {
        const url = `/auth-action?mode=resetPassword&code=${code}&lang=de`;
        expect(redactUrl(url)).toBe('/auth-action?mode=resetPassword&code=[redacted]&lang=de');
        expect(redactUrl(`/x?token=${token}#top`)).toBe('/x?token=[redacted]#top');
        expect(redactUrl(`/x?CODE=${code}`)).not.toContain(code);
      }),
    );
    expect(redactUrl('/community?zipcode=12345')).toBe('/community?zipcode=12345');
    expect(redactUrl('/trpc/auth.me?batch=1')).toBe('/trpc/auth.me?batch=1');
  });

  it('keeps the unsubscribe key out of logged URLs, and the member id in', () => {
    expect(redactUrl('/unsubscribe/messages?m=AbC_12-x&k=Secret_Key-123')).toBe(
      '/unsubscribe/messages?m=AbC_12-x&k=[redacted]',
    );
    expect(redactUrl('/x?kind=1&ok=2&k=')).toBe('/x?kind=1&ok=2&k=[redacted]');
  });

  it('redacts every parameter of SECRET_QUERY_PARAMS, however the URL spells or repeats it', () => {
    expect(SECRET_QUERY_PARAMS).toEqual(expect.arrayContaining(['code', 'token', 'k']));
    const value = fc.stringMatching(/^[A-Za-z0-9_.%-]{6,60}$/).filter((v) => !v.includes('redacted'));
    const spelling = fc.constantFrom(
      (name: string) => name,
      (name: string) => name.toUpperCase(),
      // The server decodes names: ?%6B=… is ?k=… to the route.
      (name: string) => [...name].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...SECRET_QUERY_PARAMS),
        spelling,
        value,
        value,
        (name, spell, first, second) => {
          const key = spell(name);
          const redacted = redactUrl(`/path?a=1&${key}=${first}&b=2&${key}=${second}`);
          expect(redacted).toBe(`/path?a=1&${key}=[redacted]&b=2&${key}=[redacted]`);
        },
      ),
    );
  });
});
