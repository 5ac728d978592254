import { clearBit, grownTo, insertBit, setBit } from './bits.ts';

// Cities in the directory index. The city filter matches part of the name, so cities are a dictionary
// (lowercased name → id) with the set of slots of each; a city with many members also gets a bitset, so
// the filter ORs whole words for it instead of walking its set.

/** A city gets its own bitset from this many members on. */
const BIG_CITY = 1024;

export class Cities {
  /** Per slot, the city's id (-1: none). */
  #city: Int32Array = new Int32Array(0);
  /** Distinct cities (lowercased) → id. */
  #ids = new Map<string, number>();
  /** Members per city id. */
  #members: Set<number>[] = [];
  /** The big cities' bitsets, by id. */
  #bits = new Map<number, Int32Array>();
  /** The members of the small matching cities, gathered for one search. */
  #mask: Int32Array = new Int32Array(0);
  #words = 0;

  /**
   * The bitsets of the members whose city's name contains `part` (lowercased and trimmed): one per big
   * city, and one more for all the small ones together. Empty when no city matches. Valid until the
   * next call (the small cities share one scratch bitset).
   */
  matching(part: string): Int32Array[] {
    const group: Int32Array[] = [];
    const small = this.#mask;
    let anySmall = false;
    for (const [name, id] of this.#ids) {
      if (!name.includes(part) || this.#members[id]!.size === 0) continue;
      const bits = this.#bits.get(id);
      if (bits) {
        group.push(bits);
        continue;
      }
      if (!anySmall) small.fill(0);
      anySmall = true;
      for (const slot of this.#members[id]!) setBit(small, slot);
    }
    if (anySmall) group.push(small);
    return group;
  }

  /** Records a slot's city ('' for none; the slot has none yet). */
  add(slot: number, name: string): void {
    if (!name) return;
    let id = this.#ids.get(name);
    if (id === undefined) {
      id = this.#members.length;
      this.#ids.set(name, id);
      this.#members.push(new Set());
    }
    this.#city[slot] = id;
    const members = this.#members[id]!;
    members.add(slot);
    const bits = this.#bits.get(id);
    if (bits) setBit(bits, slot);
    else if (members.size >= BIG_CITY) {
      const made = new Int32Array(this.#words);
      for (const s of members) setBit(made, s);
      this.#bits.set(id, made);
    }
  }

  clear(slot: number): void {
    for (const bits of this.#bits.values()) clearBit(bits, slot);
    const city = this.#city[slot]!;
    if (city >= 0) this.#members[city]!.delete(slot);
    this.#city[slot] = -1;
  }

  /** Makes room at `pos` (Slots.openSlot): every later slot moves up by one. */
  openSlot(pos: number, size: number): void {
    this.#city.copyWithin(pos + 1, pos, size);
    this.#city[pos] = -1;
    for (const bits of this.#bits.values()) insertBit(bits, pos, size >>> 5);
    for (const members of this.#members) {
      const moved = [...members].filter((s) => s >= pos);
      for (const s of moved) members.delete(s);
      for (const s of moved) members.add(s + 1);
    }
  }

  grow(capacity: number, words: number): void {
    const city = new Int32Array(capacity).fill(-1);
    city.set(this.#city);
    this.#city = city;
    this.#words = words;
    this.#mask = new Int32Array(words);
    for (const [id, bits] of this.#bits) this.#bits.set(id, grownTo(bits, words));
  }
}
