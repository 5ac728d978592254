import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashSecret, issueToken, parseToken, secretMatches } from './secret.ts';

describe('session and one-time tokens', () => {
  it('issues "<id>.<secret>" tokens whose stored hash matches only their own secret', () => {
    const a = issueToken();
    const b = issueToken();
    const parsedA = parseToken(a.token);
    expect(parsedA?.id).toBe(a.id);
    expect(secretMatches(parsedA!.secret, a.secretHash)).toBe(true);
    expect(secretMatches(parseToken(b.token)!.secret, a.secretHash)).toBe(false);
    expect(a.token).not.toBe(b.token);
  });

  it('stores a hash that does not contain the secret', () => {
    const { token, secretHash } = issueToken();
    const { secret } = parseToken(token)!;
    expect(secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(secretHash).not.toContain(secret);
    expect(hashSecret(secret)).toBe(secretHash);
  });

  it('rejects anything that is not a well-formed token', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const parsed = parseToken(s);
        if (parsed) expect(`${parsed.id}.${parsed.secret}`).toBe(s);
      }),
    );
    expect(parseToken('')).toBeNull();
    expect(parseToken('a.b.c')).toBeNull();
    expect(parseToken(`${'a'.repeat(24)}.${'1'.repeat(24)}`)).toBeNull();
  });

  it('treats a malformed stored hash as no match', () => {
    expect(secretMatches('x', 'not-hex')).toBe(false);
  });
});
