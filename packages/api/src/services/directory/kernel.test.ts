import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countKernel, plainCount } from './kernel.ts';

// One memory laid out as the index lays it out: the table of bitset addresses, the interest bitsets, the
// candidates, the highest counts and the planes (eight 16-byte rows per vector).
function layout(interests: number[][], candidates: number[], viewer: number[]) {
  const words = candidates.length;
  const stride = words * 4;
  const table = 1024;
  const interestAt = (i: number) => table + i * stride;
  const candAt = interestAt(interests.length);
  const maxAt = candAt + stride;
  const planesAt = maxAt + stride;
  const memory = new WebAssembly.Memory({ initial: Math.ceil((planesAt + 8 * stride) / 65_536) + 1 });
  const mem = new Int32Array(memory.buffer);
  interests.forEach((bits, i) => mem.set(bits, interestAt(i) >>> 2));
  mem.set(candidates, candAt >>> 2);
  mem.set(
    viewer.map((i) => interestAt(i)),
    0,
  );
  const results = () => ({
    max: [...mem.subarray(maxAt >>> 2, (maxAt >>> 2) + words)],
    planes: [...mem.subarray(planesAt >>> 2, (planesAt >>> 2) + 8 * words)],
  });
  return { memory, args: [0, viewer.length, candAt, planesAt, maxAt] as const, vectors: words / 4, results };
}

describe('the directory count kernel', () => {
  it('counts exactly as the plain TypeScript count does, for any bitsets and viewer', () => {
    const word = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).chain((vectors) =>
          fc.record({
            interests: fc.array(fc.array(word, { minLength: vectors * 4, maxLength: vectors * 4 }), {
              minLength: 1,
              maxLength: 12,
            }),
            candidates: fc.array(word, { minLength: vectors * 4, maxLength: vectors * 4 }),
            from: fc.integer({ min: 0, max: vectors - 1 }),
          }),
        ),
        // Up to 90 interests, as the catalog has: counts that need every plane.
        fc.array(fc.nat(), { maxLength: 90, size: 'max' }),
        ({ interests, candidates, from }, picks) => {
          const viewer = picks.map((p) => p % interests.length);
          const wasm = layout(interests, candidates, viewer);
          const plain = layout(interests, candidates, viewer);
          countKernel(wasm.memory)(...wasm.args, from, wasm.vectors);
          plainCount(plain.memory)(...plain.args, from, plain.vectors);
          expect(plain.results()).toEqual(wasm.results());
        },
      ),
      { numRuns: 300 },
    );
  });
});
