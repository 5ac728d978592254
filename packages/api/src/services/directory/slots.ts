import { COUNTRIES, GENDERS, INTERESTS, LANGUAGES, LOOKING_FOR } from '@amiko/core';
import { ActivityMinutes } from './activity-minutes.ts';
import { BirthYears } from './birth-years.ts';
import { clearBit, grownTo, hasBit, insertBit, setBit, wordsFor } from './bits.ts';
import { Cities } from './cities.ts';
import { Places, locateInGazetteer, type Locate } from './places.ts';
import { TOWN_CODES, activeOf, encode, hasMaskBit, type Encoded } from './encode.ts';
import type { MemberRows } from './rows.ts';
import { searchMemory, type SearchMemory } from './search-memory.ts';
import type { DirectoryEntry } from './types.ts';

// The directory index's storage and its upkeep. Every member of the database has a slot; slots are kept
// in (createdAt, id) order, so "newest first" is a walk from the last slot down. Per slot there are typed
// arrays (joining time, row version); per attribute value a bitset over the slots; birthdays, cities,
// places and last activity are kept by their own structures (birth-years.ts, cities.ts, places.ts,
// activity-minutes.ts), told
// here when a slot is written, cleared, opened up or the slots grow. The fields are plain properties, so
// the hot loops of a search read them without getters; only this class's methods write them, and the
// filter and the orders see them through the read-only SlotsView.

/** What the filter and the orders read of the slots (they write only the search memory's scratch). */
export interface SlotsView {
  readonly size: number;
  readonly ids: readonly string[];
  /** Per slot, the joining time (ms). */
  readonly created: Float64Array;
  readonly listed: Int32Array;
  readonly interests: readonly Int32Array[];
  readonly languages: readonly Int32Array[];
  readonly lookingFor: readonly Int32Array[];
  readonly genders: readonly Int32Array[];
  readonly countries: readonly Int32Array[];
  /** New in town: newcomers, and locals who welcome them. */
  readonly newcomers: Int32Array;
  readonly welcomers: Int32Array;
  readonly years: Readonly<Pick<BirthYears, 'birthday' | 'upTo'>>;
  readonly cities: Pick<Cities, 'matching'>;
  readonly places: Pick<
    Places,
    'locate' | 'placeOf' | 'numberOf' | 'idOf' | 'slotsOf' | 'distance' | 'walk' | 'within' | 'gather'
  >;
  readonly activity: Readonly<Pick<ActivityMinutes, 'active' | 'minutesFrom' | 'slotsIn'>>;
  readonly memory: SearchMemory;
  /** The first slot whose (createdAt, id) is not below the given key. */
  positionOf(created: number, id: string): number;
}

export class Slots implements SlotsView {
  size = 0;
  #capacity = 0;
  ids: string[] = [];
  #slotOf = new Map<string, number>();
  /** Members who hide their activity: as viewers they see nobody's (asked before every search). */
  #hidingActivity = new Set<string>();
  created: Float64Array = new Float64Array(0);
  /** Per slot, the row version applied (updatedAt, ms). */
  #updated: Float64Array = new Float64Array(0);
  /** Made by #grow, with the listed and interest bitsets in it (search-memory.ts). */
  memory!: SearchMemory;
  listed: Int32Array = new Int32Array(0);
  interests: readonly Int32Array[] = [];
  languages: Int32Array[] = [];
  lookingFor: Int32Array[] = [];
  genders: Int32Array[] = [];
  countries: Int32Array[] = [];
  newcomers: Int32Array = new Int32Array(0);
  welcomers: Int32Array = new Int32Array(0);
  readonly years = new BirthYears();
  readonly cities = new Cities();
  readonly places: Places;
  readonly activity = new ActivityMinutes();

  constructor(capacity: number, locate: Locate = locateInGazetteer) {
    this.places = new Places(locate);
    this.#grow(Math.max(32, capacity));
  }

  slotOf(id: string): number | undefined {
    return this.#slotOf.get(id);
  }

  /** Whether the member shows their activity (Settings → Privacy), and so may see others'. */
  showsActivity(id: string): boolean {
    return this.#slotOf.has(id) && !this.#hidingActivity.has(id);
  }

  positionOf(created: number, id: string): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.created[mid]!;
      if (c < created || (c === created && this.ids[mid]! < id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Fills empty slots (made with room for them all) from the start-up read, sorted once. */
  load(rows: MemberRows): void {
    const n = rows.ids.length;
    const order = Array.from({ length: n }, (_, i) => i).sort(
      (x, y) =>
        rows.created[x]! - rows.created[y]! ||
        (rows.ids[x]! < rows.ids[y]! ? -1 : rows.ids[x]! > rows.ids[y]! ? 1 : 0),
    );
    for (let slot = 0; slot < n; slot += 1) {
      const r = order[slot]!;
      this.ids.push(rows.ids[r]!);
      this.#slotOf.set(rows.ids[r]!, slot);
      this.created[slot] = rows.created[r]!;
      this.#updated[slot] = rows.updated[r]!;
      this.activity.set(slot, rows.active[r]!);
      this.size = slot + 1;
      this.#writeEncoded(slot, rows.row(r), false);
    }
    this.#hidingActivity = new Set(rows.hidingActivity);
    this.years.accumulate();
  }

  /**
   * Adds or updates a member. Rows are applied in the order given (the database's, read after read); a row
   * version already applied (same updatedAt) changes nothing.
   */
  upsert(entry: DirectoryEntry): void {
    const slot = this.#slotOf.get(entry.id);
    const created = entry.createdAt.getTime();
    if (slot !== undefined && this.created[slot] === created) {
      if (entry.updatedAt.getTime() === this.#updated[slot]!) return;
      this.#write(slot, entry, false);
      return;
    }
    // createdAt never changes in practice; if it ever does, the old slot is emptied and a new one made.
    if (slot !== undefined) this.#clear(slot);
    this.#insert(entry);
  }

  #insert(entry: DirectoryEntry): void {
    const created = entry.createdAt.getTime();
    const pos = this.positionOf(created, entry.id);
    if (this.size + 1 > this.#capacity) this.#grow(Math.max(this.size + 1, this.#capacity * 2));
    if (pos < this.size) this.#openSlot(pos);
    else this.size += 1;
    this.ids[pos] = entry.id;
    this.#slotOf.set(entry.id, pos);
    this.created[pos] = created;
    this.#write(pos, entry, true);
  }

  /** Makes room at `pos` by moving every later slot up by one (rare: only for late-arriving rows). */
  #openSlot(pos: number): void {
    const size = this.size;
    this.created.copyWithin(pos + 1, pos, size);
    this.#updated.copyWithin(pos + 1, pos, size);
    for (const bits of this.#bitsets()) insertBit(bits, pos, size >>> 5);
    this.years.openSlot(pos, size);
    this.cities.openSlot(pos, size);
    this.places.openSlot(pos, size);
    this.activity.openSlot(pos, size);
    this.ids.splice(pos, 0, '');
    this.size = size + 1;
    for (let s = pos + 1; s <= size; s += 1) this.#slotOf.set(this.ids[s]!, s);
  }

  #clear(slot: number): void {
    for (const bits of this.#bitsets()) clearBit(bits, slot);
    this.years.clear(slot);
    this.cities.clear(slot);
    this.places.clear(slot);
    this.activity.set(slot, 0);
  }

  /** Sets a slot's bits from a row; `fresh` slots have no bits yet (saves clearing ~250 bitsets). */
  #write(slot: number, entry: DirectoryEntry, fresh: boolean): void {
    if (!fresh) this.#clear(slot);
    this.#updated[slot] = entry.updatedAt.getTime();
    this.activity.set(slot, activeOf(entry));
    if (entry.showActivity) this.#hidingActivity.delete(entry.id);
    else this.#hidingActivity.add(entry.id);
    this.#writeEncoded(slot, encode(entry), true);
  }

  /** Sets a slot's bits; `cumulative` false only while building (the years are accumulated afterwards). */
  #writeEncoded(slot: number, e: Encoded, cumulative: boolean): void {
    for (let i = 0; i < INTERESTS.length; i += 1) {
      if (hasMaskBit(e.interests, i)) setBit(this.interests[i]!, slot);
    }
    // A place is known for every member (a viewer's own), but only listed members are found by it.
    this.places.add(slot, e.place, e.listed);
    if (!e.listed) return;
    setBit(this.listed, slot);
    for (let i = 0; i < LANGUAGES.length; i += 1) {
      if (hasMaskBit(e.languages, i)) setBit(this.languages[i]!, slot);
    }
    for (let i = 0; i < LOOKING_FOR.length; i += 1) {
      if ((e.lookingFor >>> i) & 1) setBit(this.lookingFor[i]!, slot);
    }
    if (e.gender >= 0) setBit(this.genders[e.gender]!, slot);
    if (e.country >= 0) setBit(this.countries[e.country]!, slot);
    if (e.town === TOWN_CODES.newcomer) setBit(this.newcomers, slot);
    if (e.town === TOWN_CODES.welcomer) setBit(this.welcomers, slot);
    this.years.add(slot, e.birthday, cumulative);
    this.cities.add(slot, e.city);
  }

  /** The bitsets kept here, one per attribute value (the structures keep their own). */
  #bitsets(): Int32Array[] {
    return [
      this.listed,
      ...this.interests,
      ...this.languages,
      ...this.lookingFor,
      ...this.genders,
      ...this.countries,
      this.newcomers,
      this.welcomers,
    ];
  }

  #grow(capacity: number): void {
    // One spare word (insertBit may carry into the word after the last used one), rounded up to whole
    // 128-bit vectors for the counting kernel.
    const words = (wordsFor(capacity) + 1 + 3) & ~3;
    this.#capacity = capacity;
    this.created = grownTo(this.created, capacity);
    this.#updated = grownTo(this.#updated, capacity);
    this.memory = searchMemory(words, this);
    this.listed = this.memory.listed;
    this.interests = this.memory.interests;
    const bitset = (old: Int32Array | undefined) => (old ? grownTo(old, words) : new Int32Array(words));
    this.languages = LANGUAGES.map((_, i) => bitset(this.languages[i]));
    this.lookingFor = LOOKING_FOR.map((_, i) => bitset(this.lookingFor[i]));
    this.genders = GENDERS.map((_, i) => bitset(this.genders[i]));
    this.countries = COUNTRIES.map((_, i) => bitset(this.countries[i]));
    this.newcomers = bitset(this.newcomers);
    this.welcomers = bitset(this.welcomers);
    this.years.grow(capacity, words);
    this.cities.grow(capacity, words);
    this.places.grow(capacity, words);
    this.activity.grow(capacity);
  }

  /** How many members the directory would list. */
  listedCount(): number {
    let n = 0;
    for (let s = 0; s < this.size; s += 1) if (hasBit(this.listed, s)) n += 1;
    return n;
  }
}
