import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';

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
});
