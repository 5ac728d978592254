import { clearBit, grownTo, insertBit, setBit } from './bits.ts';

// Birthdays in the directory index: per slot the birthday (as yyyymmdd), and per birth year present the
// members born in that year or before. Any age range is then two bitsets, `upTo(to) & ~upTo(from - 1)`
// (filter.ts); the exact edges are checked per member against the birthday.

export class BirthYears {
  /** Per slot, the birthday as yyyymmdd (0: none, or not listed). */
  #birthday: Int32Array = new Int32Array(0);
  /** Birth years present, ascending. */
  #years: number[] = [];
  /** Per year, the members born in it or before. */
  #bornBy = new Map<number, Int32Array>();
  #words = 0;

  get birthday(): Int32Array {
    return this.#birthday;
  }

  /** Members born in `year` or before: the bitset of the latest year present up to it (null if none). */
  upTo(year: number): Int32Array | null {
    let found: Int32Array | null = null;
    for (const y of this.#years) {
      if (y > year) break;
      found = this.#bornBy.get(y)!;
    }
    return found;
  }

  /**
   * Records a slot's birthday (0: none). `cumulative` false only while building: each year then holds its
   * own members, and `accumulate` adds the earlier years' once at the end.
   */
  add(slot: number, birthday: number, cumulative: boolean): void {
    if (birthday <= 0) return;
    this.#birthday[slot] = birthday;
    const year = Math.floor(birthday / 10_000);
    setBit(this.#bornByYear(year), slot);
    if (cumulative) {
      for (const later of this.#years) if (later > year) setBit(this.#bornBy.get(later)!, slot);
    }
  }

  /** After a build: each year also takes everyone born before it. */
  accumulate(): void {
    for (let i = 1; i < this.#years.length; i += 1) {
      const earlier = this.#bornBy.get(this.#years[i - 1]!)!;
      const bits = this.#bornBy.get(this.#years[i]!)!;
      for (let w = 0; w < bits.length; w += 1) bits[w]! |= earlier[w]!;
    }
  }

  clear(slot: number): void {
    for (const bits of this.#bornBy.values()) clearBit(bits, slot);
    this.#birthday[slot] = 0;
  }

  /** Makes room at `pos` (Slots.openSlot): every later slot moves up by one. */
  openSlot(pos: number, size: number): void {
    this.#birthday.copyWithin(pos + 1, pos, size);
    this.#birthday[pos] = 0;
    for (const bits of this.#bornBy.values()) insertBit(bits, pos, size >>> 5);
  }

  grow(capacity: number, words: number): void {
    this.#birthday = grownTo(this.#birthday, capacity);
    this.#words = words;
    for (const [year, bits] of this.#bornBy) this.#bornBy.set(year, grownTo(bits, words));
  }

  /** The "born in or before" bitset of a year, made on first use from the year before it. */
  #bornByYear(year: number): Int32Array {
    let bits = this.#bornBy.get(year);
    if (!bits) {
      const earlier = this.upTo(year);
      bits = earlier ? earlier.slice() : new Int32Array(this.#words);
      this.#bornBy.set(year, bits);
      this.#years = [...this.#bornBy.keys()].sort((a, b) => a - b);
    }
    return bits;
  }
}
