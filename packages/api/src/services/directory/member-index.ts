import { INTERESTS } from '@amiko/core';
import { hasBit } from './bits.ts';
import { INTEREST_POS } from './encode.ts';
import { compileFilter } from './filter.ts';
import { nearby } from './order-nearby.ts';
import { newest } from './order-newest.ts';
import { recentlyActive } from './order-recently-active.ts';
import { sharedInterests } from './order-shared-interests.ts';
import type { Locate } from './places.ts';
import { MemberRows } from './rows.ts';
import { Slots } from './slots.ts';
import type { DirectoryEntry, DirectoryHit, DirectorySearch } from './types.ts';

export type { DirectoryCursor, DirectoryEntry, DirectoryHit, DirectorySearch } from './types.ts';

// The community directory's own index (docs/decisions.md, "The directory index"), as the rest of the
// server sees it: build it, keep it up to date, search it. No database, no clock here. Its parts, each in
// its own file beside this one:
//   types.ts                  what goes in (DirectoryEntry) and comes out (hits, the cursor)
//   encode.ts, rows.ts        a member row reduced to bits and numbers; the start-up read kept compactly
//   slots.ts                  the storage: a slot per member in joining order, a bitset per attribute
//                             value, the upsert; birthdays, cities, places and last activity in
//                             birth-years.ts, cities.ts, places.ts, activity-minutes.ts
//   search-memory.ts          the counting kernel's memory (kernel.ts) and the scratch of one search
//   filter.ts                 the filters as ANDs and ORs over the bitsets, and the per-member checks
//   order-*.ts                the orders: newest, shared interests (bit-sliced counts), recently active,
//                             nearby (places nearest first)
// A search compiles the filters, then the requested order walks the slots and stops as soon as the page
// is full. A new order is an order-<name>.ts that search() dispatches to; a new filter is a clause in
// filter.ts, over bitsets of slots.ts or over a structure of its own kept by Slots (as cities.ts is).

/**
 * Collects the rows of the start-up read compactly (rows.ts), then builds the index in one go, sorted
 * once instead of inserted one by one.
 */
export class DirectoryIndexBuilder extends MemberRows {
  /** `locate` finds a place's coordinates (the gazetteer's; tests give their own places). */
  build(locate?: Locate): DirectoryIndex {
    return DirectoryIndex.fromBuilder(this, locate);
  }
}

export class DirectoryIndex {
  #slots: Slots;

  constructor(capacity = 1024, locate?: Locate) {
    this.#slots = new Slots(capacity, locate);
  }

  get size(): number {
    return this.#slots.size;
  }

  /** How many members the directory would list, for tests and logs. */
  listedCount(): number {
    return this.#slots.listedCount();
  }

  has(id: string): boolean {
    return this.#slots.slotOf(id) !== undefined;
  }

  /** Whether the member shows their activity (Settings → Privacy), and so may see others'. */
  showsActivity(id: string): boolean {
    return this.#slots.showsActivity(id);
  }

  /** The member's place (a GeoNames id the gazetteer knows), or null. */
  placeOf(id: string): number | null {
    const slot = this.#slots.slotOf(id);
    return slot === undefined ? null : this.#slots.places.placeIdOf(slot);
  }

  /** The member's interests as the index holds them (catalog order). */
  interestsOf(id: string): string[] {
    const slot = this.#slots.slotOf(id);
    if (slot === undefined) return [];
    return INTERESTS.filter((_, i) => hasBit(this.#slots.interests[i]!, slot));
  }

  /** An index of the given members (tests and small data; the server uses DirectoryIndexBuilder). */
  static of(entries: Iterable<DirectoryEntry>, locate?: Locate): DirectoryIndex {
    const builder = new DirectoryIndexBuilder();
    for (const entry of entries) builder.add(entry);
    return builder.build(locate);
  }

  static fromBuilder(rows: MemberRows, locate?: Locate): DirectoryIndex {
    const index = new DirectoryIndex(rows.ids.length + 1, locate);
    index.#slots.load(rows);
    return index;
  }

  /**
   * Adds or updates a member. Rows are applied in the order given (the database's, read after read); a row
   * version already applied (same updatedAt) changes nothing.
   */
  upsert(entry: DirectoryEntry): void {
    this.#slots.upsert(entry);
  }

  /**
   * The next members of the directory after `after`, in the requested order: at most `limit`, listed,
   * not excluded, matching every filter.
   */
  search(q: DirectorySearch): DirectoryHit[] {
    const slots = this.#slots;
    if (q.limit <= 0 || slots.size === 0) return [];
    // The place the filters are about ("within N km" and the nearby order measure from it).
    const center = q.filters.near === undefined ? null : slots.places.locate(q.filters.near);
    const filter = compileFilter(slots, q, center);
    if (!filter) return [];
    const viewer = q.viewerInterests.flatMap((id) => {
      const i = INTEREST_POS.get(id);
      return i === undefined ? [] : [i];
    });
    if (q.sort === 'sharedInterests') return sharedInterests(slots, q, filter, viewer);
    const viewerBits = viewer.map((i) => slots.interests[i]!);
    if (q.sort === 'nearby') return nearby(slots, q, filter, viewerBits, center);
    return q.sort === 'newest'
      ? newest(slots, q, filter, viewerBits)
      : recentlyActive(slots, q, filter, viewerBits);
  }
}
