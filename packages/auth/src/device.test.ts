import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { issueDeviceCookie, trustedDevice } from './device.ts';

const owner = { id: 'Qm3x-member_id0000000A', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' };

describe('device cookies', () => {
  it('are trusted for the member they were issued to, each with its own nonce', () => {
    const a = issueDeviceCookie(owner)!;
    const b = issueDeviceCookie(owner)!;
    expect(a).toMatch(/^Qm3x-member_id0000000A\.[a-z2-9]{24}\.[0-9a-f]{64}$/);
    expect(trustedDevice(a, owner)).toBe(a.split('.')[1]);
    expect(trustedDevice(b, owner)).not.toBe(trustedDevice(a, owner));
  });

  it('are not trusted for another member, after a password change, or altered', () => {
    const cookie = issueDeviceCookie(owner)!;
    const [id, nonce, mac] = cookie.split('.') as [string, string, string];
    expect(trustedDevice(cookie, { ...owner, id: 'another-member-id00000' })).toBeNull();
    expect(trustedDevice(`another-member-id00000.${nonce}.${mac}`, owner)).toBeNull();
    expect(trustedDevice(cookie, { ...owner, passwordHash: `${owner.passwordHash}x` })).toBeNull();
    expect(trustedDevice(cookie, { ...owner, passwordHash: null })).toBeNull();
    const otherNonce = `${nonce.slice(0, -1)}${nonce.endsWith('a') ? 'b' : 'a'}`;
    expect(trustedDevice(`${id}.${otherNonce}.${mac}`, owner)).toBeNull();
    expect(trustedDevice(null, owner)).toBeNull();
    expect(issueDeviceCookie({ ...owner, passwordHash: null })).toBeNull();
  });

  it('trust nothing but a signed cookie', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.stringMatching(/^[a-z2-9]{24}$/),
        fc.stringMatching(/^[0-9a-f]{64}$/),
        (junk, nonce, mac) => {
          expect(trustedDevice(junk, owner)).toBeNull();
          expect(trustedDevice(`${owner.id}.${nonce}.${mac}`, owner)).toBeNull();
        },
      ),
    );
  });
});
