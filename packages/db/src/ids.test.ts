import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newId, newTimeOrderedId } from './ids.ts';

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

describe('newTimeOrderedId', () => {
  it('sorts by the millisecond it was made in, byte by byte (as SQLite and the C collation compare)', () => {
    const limit = Date.UTC(3000, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: limit }), fc.integer({ min: 0, max: limit }), (a, b) => {
        fc.pre(a !== b);
        const [earlier, later] = a < b ? [a, b] : [b, a];
        const [first, second] = [newTimeOrderedId(earlier), newTimeOrderedId(later)];
        expect(Buffer.compare(Buffer.from(first), Buffer.from(second))).toBe(-1);
      }),
    );
  });

  it('gives 22 url-safe characters, 84 of their bits random: never the same twice within one millisecond', () => {
    const now = Date.now();
    const ids = Array.from({ length: 2_000 }, () => newTimeOrderedId(now));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(id.slice(0, 8)).toBe(ids[0]!.slice(0, 8));
    }
    // Each of the 14 random characters takes each of its 64 values about as often as the others.
    for (let position = 8; position < 22; position++) {
      const counts = new Map<string, number>();
      for (const id of ids) counts.set(id[position]!, (counts.get(id[position]!) ?? 0) + 1);
      expect(counts.size).toBe(64);
      for (const count of counts.values()) expect(count).toBeLessThan((ids.length / 64) * 2);
    }
  });
});
