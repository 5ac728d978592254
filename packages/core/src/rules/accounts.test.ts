import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INTERESTS_MIN, STORY_MIN_LENGTH } from '../constants.ts';
import { EMAIL_PATTERN } from '../schemas/common.ts';
import { destinationAfterSignIn } from './after-sign-in.ts';
import { isPlausibleEmail, isWeakPassword, weakPasswordReason } from './credentials.ts';

describe('isPlausibleEmail', () => {
  it('accepts ordinary addresses', () => {
    for (const email of ['ana@example.com', 'a.b+c@mail.example.de', 'x_y%z@sub-domain.co.uk']) {
      expect(isPlausibleEmail(email)).toBe(true);
    }
  });

  it('refuses addresses the SPEC pattern lets through but no mail server accepts', () => {
    for (const email of [
      'a..b@example.com',
      '.ab@example.com',
      'ab.@example.com',
      'ab@x..de',
      'ab@-x.de',
      'ab@x-.de',
    ]) {
      expect(EMAIL_PATTERN.test(email), email).toBe(true);
      expect(isPlausibleEmail(email), email).toBe(false);
    }
  });

  it('never accepts what the SPEC pattern refuses', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (!EMAIL_PATTERN.test(s)) expect(isPlausibleEmail(s)).toBe(false);
      }),
    );
  });
});

describe('isWeakPassword', () => {
  it('refuses well-known passwords and ones built from the member’s name or address', () => {
    expect(isWeakPassword('Password1!', {})).toBe(true);
    expect(isWeakPassword('Gabriele-2024', { name: 'Gabriele' })).toBe(true);
    expect(isWeakPassword('Xx-maxmuster-9', { email: 'maxmuster@example.com' })).toBe(true);
  });

  it('accepts other strong passwords, and ignores very short name parts', () => {
    expect(isWeakPassword('Tangerine-Otter-42', { name: 'Bo', email: 'bo@example.com' })).toBe(false);
  });

  it('says why: a well-known password, or one made of the member’s name or address (issue 18.7)', () => {
    expect(weakPasswordReason('Password1!', { name: 'Gabriele' })).toBe('common');
    expect(weakPasswordReason('Gabriele-2024', { name: 'Gabriele' })).toBe('personal');
    expect(weakPasswordReason('Xx-maxmuster-9', { email: 'maxmuster@example.com' })).toBe('personal');
    expect(weakPasswordReason('Tangerine-Otter-42', { email: 'maxmuster@example.com' })).toBeNull();
  });
});

describe('destinationAfterSignIn', () => {
  const done = {
    emailVerified: true,
    hasPhoto: true,
    interestCount: INTERESTS_MIN,
    storyLength: STORY_MIN_LENGTH,
  };

  it('sends unverified members to /verify-email, whatever they wanted', () => {
    expect(destinationAfterSignIn({ ...done, emailVerified: false }, '/messages')).toBe('/verify-email');
  });

  it('sends members still onboarding to their next step', () => {
    expect(destinationAfterSignIn({ ...done, hasPhoto: false })).toBe('/interests-list');
    expect(destinationAfterSignIn({ ...done, storyLength: 10 })).toBe('/user-story');
  });

  it('returns others to the protected page they wanted, else to /community', () => {
    expect(destinationAfterSignIn(done, '/settings/account')).toBe('/settings/account');
    expect(destinationAfterSignIn(done)).toBe('/community');
    // Only protected pages of our own: no other sites, no public pages, no protocol-relative links.
    expect(destinationAfterSignIn(done, '//evil.example/profile')).toBe('/community');
    expect(destinationAfterSignIn(done, 'https://evil.example/profile')).toBe('/community');
    expect(destinationAfterSignIn(done, '/pricing')).toBe('/community');
  });
});
