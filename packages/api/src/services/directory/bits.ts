// Bitsets over the directory's slots (bit s of a bitset = slot s has the value), as 32-bit words in
// Int32Arrays, and the small helpers every part of the index shares: setting and moving bits, the bits of
// a slot range within a word, a binary search over sorted slot lists, and growing a typed array.

export const wordsFor = (bits: number) => (bits + 31) >>> 5;

export const setBit = (words: Int32Array, slot: number) => {
  words[slot >>> 5]! |= 1 << (slot & 31);
};
export const clearBit = (words: Int32Array, slot: number) => {
  words[slot >>> 5]! &= ~(1 << (slot & 31));
};
export const hasBit = (words: Int32Array, slot: number) => (words[slot >>> 5]! & (1 << (slot & 31))) !== 0;

/** Shifts the bits at `pos` and above one place up, leaving bit `pos` clear; `lastWord` takes the top bit. */
export function insertBit(words: Int32Array, pos: number, lastWord: number): void {
  const w = pos >>> 5;
  for (let i = lastWord; i > w; i -= 1) words[i] = (words[i]! << 1) | (words[i - 1]! >>> 31);
  const low = (1 << (pos & 31)) - 1;
  const current = words[w]!;
  words[w] = (current & low) | ((current & ~low) << 1);
}

/** The bits of word `w` that stand for slots in [from, to). */
export function rangeMask(w: number, from: number, to: number): number {
  const base = w << 5;
  if (to <= base || from >= base + 32) return 0;
  const low = from <= base ? -1 : -1 << (from - base);
  const high = to >= base + 32 ? -1 : (1 << (to - base)) - 1;
  return low & high;
}

/** The first index of a sorted array whose value is not below `value`. */
export function lowerBound(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A copy of `array` with room for `length` elements (the new ones zero). */
export function grownTo<T extends Int32Array | Float32Array | Float64Array>(array: T, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array);
  return next;
}
