import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it('gives 128 random bits as 22 url-safe characters, never the same twice across refills of its pool', () => {
    const ids = Array.from({ length: 2_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    }
    // Every bit position takes both values about as often: no byte of the pool is left unfilled.
    const bits = ids.map((id) =>
      [...Buffer.from(id, 'base64url')].flatMap((byte) => [...byte.toString(2).padStart(8, '0')]),
    );
    for (let i = 0; i < 128; i++) {
      const ones = bits.filter((of) => of[i] === '1').length / ids.length;
      expect(Math.abs(ones - 0.5)).toBeLessThan(0.1);
    }
  });
});
