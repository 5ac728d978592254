import {
  ACTIVE_WEEK_MS,
  COUNTRIES,
  GENDERS,
  INTERESTS,
  LANGUAGES,
  LOOKING_FOR,
  NEW_MEMBER_WINDOW_MS,
  birthdayNumber,
  birthdayRangeForAges,
  isListedInDirectory,
  newInTownRole,
  type DirectoryFilters,
  type DirectorySort,
} from '@amiko/core';
import { countKernel, type CountKernel } from './kernel.ts';

// The community directory's own index (docs/decisions.md, "The directory index"). Every member of the
// database has a slot; slots are kept in (createdAt, id) order, so "newest first" is a walk from the last
// slot down. Each attribute value has a bitset over the slots (bit s of a bitset = slot s has the value),
// and a page is found with 32-bit-wide AND/OR over those bitsets; for the shared-interests order, the
// number of interests a member shares with the viewer is summed for 128 members at once with bit-sliced
// counters (kernel.ts). The walk stops as soon as a page is full. No database, no clock here.

/** What the index needs to know about a member row. */
export interface DirectoryEntry {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
  birthday: string | null;
  gender: string | null;
  country: string | null;
  city: string | null;
  nativeLanguage: string | null;
  otherLanguages: readonly string[];
  lookingFor: readonly string[];
  interests: readonly string[];
  hasPhoto: boolean;
  storyLength: number;
  /** The last activity, coarse (services/activity.ts); null when never. */
  lastActiveAt: Date | null;
  /** "Show when I'm active": when off, the member sorts as inactive in the recently-active order. */
  showActivity: boolean;
  newInTown: string | null;
  welcomesNewcomers: boolean;
}

/** Where a page ended: the sort keys of its last member. */
export interface DirectoryCursor {
  /** Interests shared with the viewer (the first key of the shared-interests order). */
  shared: number;
  /** The recently-active order's first key: the last activity (ms) within the week, else 0. */
  active: number;
  createdAt: number;
  id: string;
}

export interface DirectorySearch {
  filters: DirectoryFilters;
  sort: DirectorySort;
  /** The viewer's interests (catalog ids), whose overlap the shared-interests order counts. */
  viewerInterests: readonly string[];
  /** Members never to return: the viewer and everyone blocked either way. */
  exclude: ReadonlySet<string>;
  after: DirectoryCursor | null;
  /** How many hits to return at most. */
  limit: number;
  now: Date;
  /** The viewer hides their activity, so sees nobody's: the recently-active order is newest first. */
  hideActivity?: boolean;
}

export interface DirectoryHit {
  id: string;
  shared: number;
  /** The last activity by which the recently-active order sorted this member (0 in the other orders). */
  active: number;
  createdAt: number;
}

const positions = (catalog: readonly string[]) => new Map(catalog.map((id, i) => [id, i]));
const INTEREST_POS = positions(INTERESTS);
const LANGUAGE_POS = positions(LANGUAGES);
const LOOKING_FOR_POS = positions(LOOKING_FOR);
const GENDER_POS = positions(GENDERS);
const COUNTRY_POS = positions(COUNTRIES);
// Counts go up to the 90 interests of the catalog: seven bit planes (the kernel's), at most 127.
if (INTERESTS.length > 127) throw new Error('The directory index counts at most 127 interests');
/** The kernel's table of the viewer's interest addresses, before its regions (room for 256). */
const KERNEL_TABLE_BYTES = 1024;
/** Regions before the planes: listed, one per interest, candidates, highest counts. */
const KERNEL_REGIONS = 3 + INTERESTS.length;
/** Words per block in the second pass of the shared-interests order (2,048 members). */
const BLOCK_SHIFT = 6;
const BLOCK_WORDS = 1 << BLOCK_SHIFT;

const wordsFor = (bits: number) => (bits + 31) >>> 5;
const normalizeCity = (city: string) => city.trim().toLowerCase();
/** A city gets its own bitset from this many members on. */
const BIG_CITY = 1024;

/** Shifts the bits at `pos` and above one place up, leaving bit `pos` clear; `lastWord` takes the top bit. */
function insertBit(words: Int32Array, pos: number, lastWord: number): void {
  const w = pos >>> 5;
  for (let i = lastWord; i > w; i -= 1) words[i] = (words[i]! << 1) | (words[i - 1]! >>> 31);
  const low = (1 << (pos & 31)) - 1;
  const current = words[w]!;
  words[w] = (current & low) | ((current & ~low) << 1);
}

const setBit = (words: Int32Array, slot: number) => {
  words[slot >>> 5]! |= 1 << (slot & 31);
};
const clearBit = (words: Int32Array, slot: number) => {
  words[slot >>> 5]! &= ~(1 << (slot & 31));
};
const hasBit = (words: Int32Array, slot: number) => (words[slot >>> 5]! & (1 << (slot & 31))) !== 0;

/** The last activity a member is sorted by: shown, and a time (0 when hidden or never). */
const activeOf = (entry: DirectoryEntry) =>
  entry.showActivity && entry.lastActiveAt ? entry.lastActiveAt.getTime() : 0;

function grownTo<T extends Int32Array | Float64Array>(array: T, length: number): T {
  const next = new (array.constructor as new (n: number) => T)(length);
  next.set(array);
  return next;
}

/** A member row reduced to what the index stores: bit masks and numbers, plus the city. */
interface Encoded {
  listed: boolean;
  /** Interests as a bit mask over the catalog (90 bits in three words). */
  interests: [number, number, number];
  /** Native and other languages as a bit mask (58 bits in two words). */
  languages: [number, number];
  lookingFor: number;
  gender: number;
  country: number;
  birthday: number;
  /** Lowercased and trimmed; '' when none. */
  city: string;
  /** New in town: 1 a newcomer, 2 a local who welcomes newcomers, 0 neither. */
  town: number;
}

function maskOf(ids: readonly (string | null)[], positions: Map<string, number>, words: number): number[] {
  const mask = new Array<number>(words).fill(0);
  for (const id of ids) {
    const i = id === null ? undefined : positions.get(id);
    if (i !== undefined) mask[i >>> 5]! |= 1 << (i & 31);
  }
  return mask;
}

function encode(entry: DirectoryEntry): Encoded {
  const listed = isListedInDirectory({
    deleted: entry.deletedAt !== null,
    hasPhoto: entry.hasPhoto,
    interestCount: entry.interests.length,
    storyLength: entry.storyLength,
  });
  // Interests stay known for unlisted members too: a viewer still onboarding has shared counts.
  const interests = maskOf(entry.interests, INTEREST_POS, 3) as Encoded['interests'];
  if (!listed) {
    return {
      listed,
      interests,
      languages: [0, 0],
      lookingFor: 0,
      gender: -1,
      country: -1,
      birthday: 0,
      city: '',
      town: 0,
    };
  }
  return {
    listed,
    interests,
    languages: maskOf(
      [entry.nativeLanguage, ...entry.otherLanguages],
      LANGUAGE_POS,
      2,
    ) as Encoded['languages'],
    lookingFor: maskOf(entry.lookingFor, LOOKING_FOR_POS, 1)[0]!,
    gender: entry.gender ? (GENDER_POS.get(entry.gender) ?? -1) : -1,
    country: entry.country ? (COUNTRY_POS.get(entry.country) ?? -1) : -1,
    birthday: birthdayNumber(entry.birthday),
    city: entry.city ? normalizeCity(entry.city) : '',
    town: TOWN_CODES[newInTownRole(entry) ?? 'none'],
  };
}

const TOWN_CODES = { none: 0, newcomer: 1, welcomer: 2 } as const;

const hasMaskBit = (mask: readonly number[], i: number) => ((mask[i >>> 5]! >>> (i & 31)) & 1) === 1;

/**
 * Collects the rows of the start-up read compactly (a million row objects would not fit comfortably in
 * memory), then builds the index in one go, sorted once instead of inserted one by one.
 */
export class DirectoryIndexBuilder {
  readonly ids: string[] = [];
  readonly created: number[] = [];
  readonly updated: number[] = [];
  readonly active: number[] = [];
  readonly cities: string[] = [];
  /** Members who hide their activity (Settings → Privacy). */
  readonly hidingActivity: string[] = [];
  /** Per row: listed, 3 interest words, 2 language words, looking for, gender, country, birthday, town. */
  fields: Int32Array = new Int32Array(1024 * BUILDER_STRIDE);

  add(entry: DirectoryEntry): void {
    const e = encode(entry);
    const row = this.ids.length;
    if ((row + 1) * BUILDER_STRIDE > this.fields.length)
      this.fields = grownTo(this.fields, this.fields.length * 2);
    this.ids.push(entry.id);
    this.created.push(entry.createdAt.getTime());
    this.updated.push(entry.updatedAt.getTime());
    this.active.push(activeOf(entry));
    if (!entry.showActivity) this.hidingActivity.push(entry.id);
    this.cities.push(e.city);
    this.fields.set(
      [
        e.listed ? 1 : 0,
        ...e.interests,
        ...e.languages,
        e.lookingFor,
        e.gender,
        e.country,
        e.birthday,
        e.town,
      ],
      row * BUILDER_STRIDE,
    );
  }

  row(r: number): Encoded {
    const f = this.fields.subarray(r * BUILDER_STRIDE, (r + 1) * BUILDER_STRIDE);
    return {
      listed: f[0] === 1,
      interests: [f[1]!, f[2]!, f[3]!],
      languages: [f[4]!, f[5]!],
      lookingFor: f[6]!,
      gender: f[7]!,
      country: f[8]!,
      birthday: f[9]!,
      city: this.cities[r]!,
      town: f[10]!,
    };
  }

  build(): DirectoryIndex {
    return DirectoryIndex.fromBuilder(this);
  }
}
const BUILDER_STRIDE = 11;

export class DirectoryIndex {
  #size = 0;
  #capacity = 0;
  #ids: string[] = [];
  #slotOf = new Map<string, number>();
  /** Members who hide their activity: as viewers they see nobody's (asked before every search). */
  #hidingActivity = new Set<string>();
  #created: Float64Array = new Float64Array(0);
  #updated: Float64Array = new Float64Array(0);
  /** Per slot, the last activity shown (ms, 0 for none): the recently-active order's key. */
  #active: Float64Array = new Float64Array(0);
  /**
   * The slots with a shown activity, by the minute of it (ACTIVITY_BUCKET_MS), each minute's slots in
   * ascending order; the minutes ascending in #activeMinutes. The recently-active order walks the latest
   * minute first, newest member first, and stops when a page is full: it touches about a page of members,
   * however many were active. Minutes older than the week are dropped as searches pass them.
   */
  #activeByMinute = new Map<number, number[]>();
  #activeMinutes: number[] = [];
  #birthday: Int32Array = new Int32Array(0);
  #city: Int32Array = new Int32Array(0);

  #listed: Int32Array = new Int32Array(0);
  #interests: Int32Array[] = [];
  #languages: Int32Array[] = [];
  #lookingFor: Int32Array[] = [];
  #genders: Int32Array[] = [];
  #countries: Int32Array[] = [];
  /** New in town: newcomers, and locals who welcome them. */
  #newcomers: Int32Array = new Int32Array(0);
  #welcomers: Int32Array = new Int32Array(0);
  /**
   * Birth years present, ascending, and for each the members born in that year or before: any age range is
   * then two bitsets, `bornBy(to) & ~bornBy(from - 1)` (the edges are checked exactly per member).
   */
  #years: number[] = [];
  #bornBy = new Map<number, Int32Array>();
  /** Distinct cities (lowercased) → id; members per city id. */
  #cityIds = new Map<string, number>();
  #cityMembers: Set<number>[] = [];
  /** Cities with many members also have a bitset (a city filter then ORs words instead of walking sets). */
  #cityBits = new Map<number, Int32Array>();

  // Scratch space for one search (searches run synchronously, one at a time).
  // The counting kernel's memory: addresses (bytes) of its regions, the table of the viewer's interest
  // addresses, and the kernel bound to that memory.
  #listedAt = 0;
  #interestAt: number[] = [];
  #candidatesAt = 0;
  #wordMaxAt = 0;
  #planesAt = 0;
  #table: Int32Array = new Int32Array(0);
  #count: CountKernel = () => undefined;
  #candidates: Int32Array = new Int32Array(0);
  /** The bit-sliced counts of the last search: plane p of word w at (w << 3) + p. */
  #planes: Int32Array = new Int32Array(0);
  #wordMax: Int32Array = new Int32Array(0);
  /** The highest wordMax of each block of BLOCK_WORDS words. */
  #blockMax: Int32Array = new Int32Array(0);
  #cityMask: Int32Array = new Int32Array(0);
  #groupScratch: Int32Array = new Int32Array(0);

  constructor(capacity = 1024) {
    this.#grow(Math.max(32, capacity));
  }

  get size(): number {
    return this.#size;
  }

  /** How many members the directory would list, for tests and logs. */
  listedCount(): number {
    let n = 0;
    for (let s = 0; s < this.#size; s += 1) if (hasBit(this.#listed, s)) n += 1;
    return n;
  }

  has(id: string): boolean {
    return this.#slotOf.has(id);
  }

  /** Whether the member shows their activity (Settings → Privacy), and so may see others'. */
  showsActivity(id: string): boolean {
    return this.#slotOf.has(id) && !this.#hidingActivity.has(id);
  }

  /** The member's interests as the index holds them (catalog order). */
  interestsOf(id: string): string[] {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return [];
    return INTERESTS.filter((_, i) => hasBit(this.#interests[i]!, slot));
  }

  /** An index of the given members (tests and small data; the server uses DirectoryIndexBuilder). */
  static of(entries: Iterable<DirectoryEntry>): DirectoryIndex {
    const builder = new DirectoryIndexBuilder();
    for (const entry of entries) builder.add(entry);
    return builder.build();
  }

  static fromBuilder(b: DirectoryIndexBuilder): DirectoryIndex {
    const n = b.ids.length;
    const index = new DirectoryIndex(n + 1);
    const order = Array.from({ length: n }, (_, i) => i).sort(
      (x, y) => b.created[x]! - b.created[y]! || (b.ids[x]! < b.ids[y]! ? -1 : b.ids[x]! > b.ids[y]! ? 1 : 0),
    );
    for (let slot = 0; slot < n; slot += 1) {
      const r = order[slot]!;
      index.#ids.push(b.ids[r]!);
      index.#slotOf.set(b.ids[r]!, slot);
      index.#created[slot] = b.created[r]!;
      index.#updated[slot] = b.updated[r]!;
      index.#setActive(slot, b.active[r]!);
      index.#size = slot + 1;
      index.#writeEncoded(slot, b.row(r), false);
    }
    index.#hidingActivity = new Set(b.hidingActivity);
    // Built per year above; now each year also takes everyone born before it.
    for (let i = 1; i < index.#years.length; i += 1) {
      const earlier = index.#bornBy.get(index.#years[i - 1]!)!;
      const bits = index.#bornBy.get(index.#years[i]!)!;
      for (let w = 0; w < bits.length; w += 1) bits[w]! |= earlier[w]!;
    }
    return index;
  }

  /**
   * Adds or updates a member. Rows are applied in the order given (the database's, read after read); a row
   * version already applied (same updatedAt) changes nothing.
   */
  upsert(entry: DirectoryEntry): void {
    const slot = this.#slotOf.get(entry.id);
    const created = entry.createdAt.getTime();
    if (slot !== undefined && this.#created[slot] === created) {
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
    const pos = this.#positionOf(created, entry.id);
    this.#ensureCapacity(this.#size + 1);
    if (pos < this.#size) this.#openSlot(pos);
    else this.#size += 1;
    this.#ids[pos] = entry.id;
    this.#slotOf.set(entry.id, pos);
    this.#created[pos] = created;
    this.#write(pos, entry, true);
  }

  /** Makes room at `pos` by moving every later slot up by one (rare: only for late-arriving rows). */
  #openSlot(pos: number): void {
    const size = this.#size;
    for (const array of [this.#created, this.#updated, this.#active, this.#birthday, this.#city]) {
      array.copyWithin(pos + 1, pos, size);
    }
    this.#birthday[pos] = 0;
    this.#active[pos] = 0;
    this.#city[pos] = -1;
    for (const bits of this.#allBitsets()) insertBit(bits, pos, size >>> 5);
    this.#ids.splice(pos, 0, '');
    this.#size = size + 1;
    for (let s = pos + 1; s <= size; s += 1) this.#slotOf.set(this.#ids[s]!, s);
    for (const members of this.#cityMembers) {
      const moved = [...members].filter((s) => s >= pos);
      for (const s of moved) members.delete(s);
      for (const s of moved) members.add(s + 1);
    }
    for (const slots of this.#activeByMinute.values()) {
      for (let i = lowerBound(slots, pos); i < slots.length; i += 1) slots[i]! += 1;
    }
  }

  /** The first slot whose (createdAt, id) is not below the given key. */
  #positionOf(created: number, id: string): number {
    let lo = 0;
    let hi = this.#size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.#created[mid]!;
      if (c < created || (c === created && this.#ids[mid]! < id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  #clear(slot: number): void {
    for (const bits of this.#allBitsets()) clearBit(bits, slot);
    const city = this.#city[slot]!;
    if (city >= 0) this.#cityMembers[city]!.delete(slot);
    this.#city[slot] = -1;
    this.#birthday[slot] = 0;
    this.#setActive(slot, 0);
  }

  #setActive(slot: number, active: number): void {
    const before = this.#active[slot]!;
    const old = before > 0 ? this.#activeByMinute.get(minuteOf(before)) : undefined;
    if (old && old[lowerBound(old, slot)] === slot) old.splice(lowerBound(old, slot), 1);
    this.#active[slot] = active;
    if (active <= 0) return;
    const minute = minuteOf(active);
    let slots = this.#activeByMinute.get(minute);
    if (!slots) {
      slots = [];
      this.#activeByMinute.set(minute, slots);
      const minutes = this.#activeMinutes;
      // Nearly always the newest minute, at the end.
      let at = minutes.length;
      while (at > 0 && minutes[at - 1]! > minute) at -= 1;
      minutes.splice(at, 0, minute);
    }
    slots.splice(lowerBound(slots, slot), 0, slot);
  }

  /** Forgets the minutes before `minute` (members with an older activity sort as inactive anyway). */
  #dropMinutesBefore(minute: number): void {
    const minutes = this.#activeMinutes;
    let n = 0;
    while (n < minutes.length && minutes[n]! < minute) {
      for (const slot of this.#activeByMinute.get(minutes[n]!)!) this.#active[slot] = 0;
      this.#activeByMinute.delete(minutes[n]!);
      n += 1;
    }
    if (n > 0) minutes.splice(0, n);
  }

  /** Sets a slot's bits from a row; `fresh` slots have no bits yet (saves clearing ~250 bitsets). */
  #write(slot: number, entry: DirectoryEntry, fresh: boolean): void {
    if (!fresh) this.#clear(slot);
    this.#updated[slot] = entry.updatedAt.getTime();
    this.#setActive(slot, activeOf(entry));
    if (entry.showActivity) this.#hidingActivity.delete(entry.id);
    else this.#hidingActivity.add(entry.id);
    this.#writeEncoded(slot, encode(entry), true);
  }

  /** Sets a slot's bits; `cumulative` false only while building (the years are accumulated afterwards). */
  #writeEncoded(slot: number, e: Encoded, cumulative: boolean): void {
    for (let i = 0; i < INTERESTS.length; i += 1) {
      if (hasMaskBit(e.interests, i)) setBit(this.#interests[i]!, slot);
    }
    if (!e.listed) return;
    setBit(this.#listed, slot);
    for (let i = 0; i < LANGUAGES.length; i += 1) {
      if (hasMaskBit(e.languages, i)) setBit(this.#languages[i]!, slot);
    }
    for (let i = 0; i < LOOKING_FOR.length; i += 1) {
      if ((e.lookingFor >>> i) & 1) setBit(this.#lookingFor[i]!, slot);
    }
    if (e.gender >= 0) setBit(this.#genders[e.gender]!, slot);
    if (e.country >= 0) setBit(this.#countries[e.country]!, slot);
    if (e.town === TOWN_CODES.newcomer) setBit(this.#newcomers, slot);
    if (e.town === TOWN_CODES.welcomer) setBit(this.#welcomers, slot);
    if (e.birthday > 0) {
      this.#birthday[slot] = e.birthday;
      const year = Math.floor(e.birthday / 10_000);
      setBit(this.#bornByYear(year), slot);
      if (cumulative) {
        for (const later of this.#years) if (later > year) setBit(this.#bornBy.get(later)!, slot);
      }
    }
    if (e.city) {
      let id = this.#cityIds.get(e.city);
      if (id === undefined) {
        id = this.#cityMembers.length;
        this.#cityIds.set(e.city, id);
        this.#cityMembers.push(new Set());
      }
      this.#city[slot] = id;
      const members = this.#cityMembers[id]!;
      members.add(slot);
      const bits = this.#cityBits.get(id);
      if (bits) setBit(bits, slot);
      else if (members.size >= BIG_CITY) {
        const made = new Int32Array(this.#listed.length);
        for (const s of members) setBit(made, s);
        this.#cityBits.set(id, made);
      }
    }
  }

  /** The "born in or before" bitset of a year, made on first use from the year before it. */
  #bornByYear(year: number): Int32Array {
    let bits = this.#bornBy.get(year);
    if (!bits) {
      const earlier = this.#bornByUpTo(year);
      bits = earlier ? earlier.slice() : new Int32Array(this.#listed.length);
      this.#bornBy.set(year, bits);
      this.#years = [...this.#bornBy.keys()].sort((a, b) => a - b);
    }
    return bits;
  }

  /** Members born in `year` or before: the bitset of the latest year present up to it (null if none). */
  #bornByUpTo(year: number): Int32Array | null {
    let found: Int32Array | null = null;
    for (const y of this.#years) {
      if (y > year) break;
      found = this.#bornBy.get(y)!;
    }
    return found;
  }

  #allBitsets(): Int32Array[] {
    return [
      ...this.#cityBits.values(),
      this.#listed,
      ...this.#interests,
      ...this.#languages,
      ...this.#lookingFor,
      ...this.#genders,
      ...this.#countries,
      this.#newcomers,
      this.#welcomers,
      ...this.#bornBy.values(),
    ];
  }

  #ensureCapacity(slots: number): void {
    if (slots > this.#capacity) this.#grow(Math.max(slots, this.#capacity * 2));
  }

  #grow(capacity: number): void {
    // One spare word (insertBit may carry into the word after the last used one), rounded up to whole
    // 128-bit vectors for the counting kernel.
    const words = (wordsFor(capacity) + 1 + 3) & ~3;
    this.#capacity = capacity;
    this.#created = grownTo(this.#created, capacity);
    this.#updated = grownTo(this.#updated, capacity);
    this.#active = grownTo(this.#active, capacity);
    this.#birthday = grownTo(this.#birthday, capacity);
    const city = new Int32Array(capacity).fill(-1);
    city.set(this.#city);
    this.#city = city;
    // What the counting kernel reads and writes lives in its memory: the address table, then one region
    // per bitset (listed, each interest, candidates, highest counts) and eight for the planes.
    const stride = words * 4;
    const memory = new WebAssembly.Memory({
      initial: Math.ceil((KERNEL_TABLE_BYTES + (KERNEL_REGIONS + 8) * stride) / 65_536),
    });
    const region = (r: number, old?: Int32Array, length = words) => {
      const view = new Int32Array(memory.buffer, KERNEL_TABLE_BYTES + r * stride, length);
      if (old) view.set(old.subarray(0, length));
      return view;
    };
    this.#listed = region(0, this.#listed);
    this.#listedAt = KERNEL_TABLE_BYTES;
    this.#interests = INTERESTS.map((_, i) => region(1 + i, this.#interests[i]));
    this.#interestAt = INTERESTS.map((_, i) => KERNEL_TABLE_BYTES + (1 + i) * stride);
    this.#candidatesAt = KERNEL_TABLE_BYTES + (1 + INTERESTS.length) * stride;
    this.#candidates = region(1 + INTERESTS.length);
    this.#wordMaxAt = KERNEL_TABLE_BYTES + (2 + INTERESTS.length) * stride;
    this.#wordMax = region(2 + INTERESTS.length);
    this.#planesAt = KERNEL_TABLE_BYTES + KERNEL_REGIONS * stride;
    this.#planes = region(KERNEL_REGIONS, undefined, words * 8);
    this.#table = new Int32Array(memory.buffer, 0, KERNEL_TABLE_BYTES / 4);
    this.#count = countKernel(memory);

    const bitset = (old: Int32Array | undefined) => (old ? grownTo(old, words) : new Int32Array(words));
    this.#languages = LANGUAGES.map((_, i) => bitset(this.#languages[i]));
    this.#lookingFor = LOOKING_FOR.map((_, i) => bitset(this.#lookingFor[i]));
    this.#genders = GENDERS.map((_, i) => bitset(this.#genders[i]));
    this.#countries = COUNTRIES.map((_, i) => bitset(this.#countries[i]));
    this.#newcomers = bitset(this.#newcomers);
    this.#welcomers = bitset(this.#welcomers);
    for (const [year, bits] of this.#bornBy) this.#bornBy.set(year, bitset(bits));
    this.#blockMax = new Int32Array((words >>> BLOCK_SHIFT) + 1);
    this.#cityMask = new Int32Array(words);
    this.#groupScratch = new Int32Array(words);
    for (const [id, bits] of this.#cityBits) this.#cityBits.set(id, bitset(bits));
  }

  /**
   * The next members of the directory after `after`, in the requested order: at most `limit`, listed,
   * not excluded, matching every filter.
   */
  search(q: DirectorySearch): DirectoryHit[] {
    if (q.limit <= 0 || this.#size === 0) return [];
    const filter = this.#compileFilter(q);
    if (!filter) return [];
    const viewer = q.viewerInterests.flatMap((id) => {
      const i = INTEREST_POS.get(id);
      return i === undefined ? [] : [i];
    });
    if (q.sort === 'sharedInterests') {
      return this.#byShared(
        q,
        filter,
        viewer.map((i) => this.#interestAt[i]!),
      );
    }
    const viewerBits = viewer.map((i) => this.#interests[i]!);
    return q.sort === 'newest'
      ? this.#newest(q, filter, viewerBits)
      : this.#recentlyActive(q, filter, viewerBits);
  }

  #sharedWith(viewer: Int32Array[], slot: number): number {
    let shared = 0;
    for (const bits of viewer) if (hasBit(bits, slot)) shared += 1;
    return shared;
  }

  /**
   * Members active within the week by the minute of their last activity, latest first, newest member first
   * within a minute; then everyone else newest first. Pass 1 walks the minutes from the latest down and
   * stops when the page is full; pass 2 is the newest walk over the others, which stops the same way.
   */
  #recentlyActive(q: DirectorySearch, f: CompiledFilter, viewer: Int32Array[]): DirectoryHit[] {
    const since = q.now.getTime() - ACTIVE_WEEK_MS;
    // A day of margin: a search with a slightly earlier clock still finds what it should.
    this.#dropMinutesBefore(minuteOf(since) - 24 * 60);
    const active = this.#active;
    // The order's key: the minute of the last activity shown, within the week (0: none).
    const keyOf = (slot: number) =>
      q.hideActivity || active[slot]! < since ? 0 : minuteOf(active[slot]!) * ACTIVITY_BUCKET_MS;
    const cursorKey = q.after ? q.after.active : Infinity;
    const cursorSlot = q.after ? this.#positionOf(q.after.createdAt, q.after.id) : this.#size;
    const best: { key: number; slot: number }[] = [];
    const minutes = this.#activeMinutes;
    if (!q.hideActivity && cursorKey > 0) {
      const first = minuteOf(since);
      for (let i = minutes.length - 1; i >= 0 && best.length < q.limit; i -= 1) {
        const minute = minutes[i]!;
        if (minute < first) break;
        const key = minute * ACTIVITY_BUCKET_MS;
        if (key > cursorKey) continue;
        const slots = this.#activeByMinute.get(minute)!;
        // Newest first: from the highest slot down (below the cursor's in the cursor's minute).
        let at = key === cursorKey ? lowerBound(slots, cursorSlot) : slots.length;
        while (at > 0 && best.length < q.limit) {
          const slot = slots[(at -= 1)]!;
          // The week's first minute may hold activity from just before the week.
          if (slot < f.firstSlot || keyOf(slot) === 0) continue;
          if (((f.mask(slot >>> 5) >>> (slot & 31)) & 1) === 0 || !this.#accept(slot, q, f)) continue;
          best.push({ key, slot });
        }
      }
    }
    const hits: DirectoryHit[] = best.map(({ key, slot }) => ({
      id: this.#ids[slot]!,
      shared: this.#sharedWith(viewer, slot),
      active: key,
      createdAt: this.#created[slot]!,
    }));
    // Pass 2: everyone without a shown activity this week, newest first.
    const rest = this.#newest({ ...q, limit: q.limit - hits.length }, f, viewer, {
      end: cursorKey === 0 ? cursorSlot : this.#size,
      skip: (slot) => keyOf(slot) !== 0,
    });
    hits.push(...rest);
    return hits;
  }

  /** Newest first from `end` (the cursor's slot by default), passing over the slots `skip` names. */
  #newest(
    q: DirectorySearch,
    f: CompiledFilter,
    viewer: Int32Array[],
    {
      end = q.after ? this.#positionOf(q.after.createdAt, q.after.id) : this.#size,
      skip = () => false,
    }: { end?: number; skip?: (slot: number) => boolean } = {},
  ): DirectoryHit[] {
    const hits: DirectoryHit[] = [];
    for (let w = wordsFor(end) - 1; w >= f.firstWord && hits.length < q.limit; w -= 1) {
      let m = f.mask(w) & rangeMask(w, f.firstSlot, end);
      while (m !== 0 && hits.length < q.limit) {
        const bit = 31 - Math.clz32(m);
        m &= ~(1 << bit);
        const slot = (w << 5) | bit;
        if (skip(slot) || !this.#accept(slot, q, f)) continue;
        hits.push({
          id: this.#ids[slot]!,
          shared: this.#sharedWith(viewer, slot),
          active: 0,
          createdAt: this.#created[slot]!,
        });
      }
    }
    return hits;
  }

  #byShared(q: DirectorySearch, f: CompiledFilter, viewerAt: number[]): DirectoryHit[] {
    const wordMax = this.#wordMax;
    const planes = this.#planes;
    const blockMax = this.#blockMax;
    const planeCount = 32 - Math.clz32(viewerAt.length);
    const lastWord = wordsFor(this.#size) - 1;
    const fromVector = f.firstWord >>> 2;
    const toVector = (lastWord >>> 2) + 1;
    // Pass 1 (the kernel): for every word, the number of interests each of its 32 candidates shares with
    // the viewer, bit-sliced (plane p holds bit p of all 32 counts), and 1 + the highest of them.
    let candidates = this.#listed;
    let candidatesAt = this.#listedAt;
    if (!f.plain) {
      candidates = this.#candidates;
      candidatesAt = this.#candidatesAt;
      const [from, to] = [fromVector << 2, toVector << 2];
      f.fill(candidates, from, to);
      // The kernel works on whole vectors: words before the range count as empty (those after it are).
      candidates.fill(0, from, f.firstWord);
      candidates[f.firstWord]! &= rangeMask(f.firstWord, f.firstSlot, this.#size);
    }
    this.#table.set(viewerAt);
    this.#count(0, viewerAt.length, candidatesAt, this.#planesAt, this.#wordMaxAt, fromVector, toVector);
    let top = -1;
    blockMax.fill(0);
    for (let w = f.firstWord; w <= lastWord; w += 1) {
      const max = wordMax[w]!;
      if (max > blockMax[w >>> BLOCK_SHIFT]!) blockMax[w >>> BLOCK_SHIFT] = max;
      if (max - 1 > top) top = max - 1;
    }

    // Pass 2: count by count, highest first, newest first within a count; only words whose highest count
    // reaches the current one are looked at.
    const hits: DirectoryHit[] = [];
    const from = q.after ? Math.min(q.after.shared, top) : top;
    for (let shared = from; shared >= 0 && hits.length < q.limit; shared -= 1) {
      const end =
        q.after && shared === q.after.shared ? this.#positionOf(q.after.createdAt, q.after.id) : this.#size;
      for (let w = wordsFor(end) - 1; w >= f.firstWord && hits.length < q.limit; w -= 1) {
        // Whole blocks of words whose highest count is too low are passed over at once.
        if ((w & (BLOCK_WORDS - 1)) === BLOCK_WORDS - 1 && blockMax[w >>> BLOCK_SHIFT]! <= shared) {
          w -= BLOCK_WORDS - 1;
          continue;
        }
        if (wordMax[w]! <= shared) continue;
        let m = candidates[w]! & rangeMask(w, 0, end);
        // Plane p of word w: vector w / 4, plane p, lane w % 4.
        for (let p = 0, at = ((w >>> 2) << 5) | (w & 3); p < planeCount; p += 1, at += 4)
          m &= (shared >>> p) & 1 ? planes[at]! : ~planes[at]!;
        while (m !== 0 && hits.length < q.limit) {
          const bit = 31 - Math.clz32(m);
          m &= ~(1 << bit);
          const slot = (w << 5) | bit;
          if (this.#accept(slot, q, f)) {
            hits.push({ id: this.#ids[slot]!, shared, active: 0, createdAt: this.#created[slot]! });
          }
        }
      }
    }
    return hits;
  }

  /** The per-member checks that bitsets cannot do: exclusions and the exact edges of the age range. */
  #accept(slot: number, q: DirectorySearch, f: CompiledFilter): boolean {
    if (q.exclude.size > 0 && q.exclude.has(this.#ids[slot]!)) return false;
    if (f.birthdays) {
      const b = this.#birthday[slot]!;
      if (b <= f.birthdays.after || b > f.birthdays.upTo) return false;
    }
    return true;
  }

  /** Turns the filters into a word mask function; null when nothing can match. */
  #compileFilter(q: DirectorySearch): CompiledFilter | null {
    const { filters } = q;
    const all: Int32Array[] = [this.#listed];
    /** Bitsets a member must not be in. */
    const allNot: Int32Array[] = [];
    const anyOfGroups: Int32Array[][] = [];
    const pick = (bitsets: Int32Array[], positions: Map<string, number>, id: string) => {
      const i = positions.get(id);
      return i === undefined ? null : bitsets[i]!;
    };
    if (filters.gender) {
      const bits = pick(this.#genders, GENDER_POS, filters.gender);
      if (!bits) return null;
      all.push(bits);
    }
    if (filters.country) {
      const bits = pick(this.#countries, COUNTRY_POS, filters.country);
      if (!bits) return null;
      all.push(bits);
    }
    if (filters.newInTown) all.push(filters.newInTown === 'newcomers' ? this.#newcomers : this.#welcomers);
    for (const id of filters.interests ?? []) {
      const bits = pick(this.#interests, INTEREST_POS, id);
      if (!bits) return null;
      all.push(bits);
    }
    if (filters.languages?.length) {
      anyOfGroups.push(filters.languages.flatMap((id) => pick(this.#languages, LANGUAGE_POS, id) ?? []));
    }
    if (filters.lookingFor?.length) {
      anyOfGroups.push(filters.lookingFor.flatMap((id) => pick(this.#lookingFor, LOOKING_FOR_POS, id) ?? []));
    }
    let birthdays: { after: number; upTo: number } | null = null;
    if (filters.age) {
      birthdays = birthdayRangeForAges(filters.age, q.now);
      const from = Math.floor(birthdays.after / 10_000);
      const to = Math.floor(birthdays.upTo / 10_000);
      const upTo = this.#bornByUpTo(to);
      if (!upTo) return null;
      all.push(upTo);
      const before = this.#bornByUpTo(from - 1);
      if (before) allNot.push(before);
    }
    const city = filters.city ? normalizeCity(filters.city) : '';
    if (city) {
      // Big cities by their bitsets; the members of small ones gathered into one more.
      const group: Int32Array[] = [];
      const small = this.#cityMask;
      let anySmall = false;
      for (const [name, id] of this.#cityIds) {
        if (!name.includes(city) || this.#cityMembers[id]!.size === 0) continue;
        const bits = this.#cityBits.get(id);
        if (bits) {
          group.push(bits);
          continue;
        }
        if (!anySmall) small.fill(0);
        anySmall = true;
        for (const slot of this.#cityMembers[id]!) setBit(small, slot);
      }
      if (anySmall) group.push(small);
      anyOfGroups.push(group);
    }
    if (anyOfGroups.some((group) => group.length === 0)) return null;

    let firstSlot = 0;
    if (filters.newMembers) firstSlot = this.#positionOf(q.now.getTime() - NEW_MEMBER_WINDOW_MS, '');
    // The common case, no filter at all, without the loops.
    const listed = this.#listed;
    if (all.length === 1 && allNot.length === 0 && anyOfGroups.length === 0) {
      return {
        mask: (w) => listed[w]!,
        fill: (out, from, to) => out.set(listed.subarray(from, to), from),
        plain: firstSlot === 0,
        firstSlot,
        firstWord: firstSlot >>> 5,
        birthdays,
      };
    }
    const mask = (w: number): number => {
      let m = -1;
      for (let i = 0; i < all.length && m !== 0; i += 1) m &= all[i]![w]!;
      for (let i = 0; i < allNot.length && m !== 0; i += 1) m &= ~allNot[i]![w]!;
      for (let g = 0; g < anyOfGroups.length && m !== 0; g += 1) {
        const group = anyOfGroups[g]!;
        let any = 0;
        for (let i = 0; i < group.length; i += 1) any |= group[i]![w]!;
        m &= any;
      }
      return m;
    };
    // The same, a whole range at a time (one bitset after the other), for the shared-interests pass.
    const scratch = this.#groupScratch;
    const fill = (out: Int32Array, from: number, to: number) => {
      out.set(listed.subarray(from, to), from);
      for (let i = 1; i < all.length; i += 1) {
        const bits = all[i]!;
        for (let w = from; w < to; w += 1) out[w]! &= bits[w]!;
      }
      for (const bits of allNot) for (let w = from; w < to; w += 1) out[w]! &= ~bits[w]!;
      for (const group of anyOfGroups) {
        scratch.set(group[0]!.subarray(from, to), from);
        for (let i = 1; i < group.length; i += 1) {
          const bits = group[i]!;
          for (let w = from; w < to; w += 1) scratch[w]! |= bits[w]!;
        }
        for (let w = from; w < to; w += 1) out[w]! &= scratch[w]!;
      }
    };
    return { mask, fill, plain: false, firstSlot, firstWord: firstSlot >>> 5, birthdays };
  }
}

interface CompiledFilter {
  /** The candidates of one word (all filters ANDed). */
  mask(word: number): number;
  /** The candidates of words [from, to) into `out`, a bitset at a time. */
  fill(out: Int32Array, from: number, to: number): void;
  /** No filter at all: the candidates are the listed members. */
  plain: boolean;
  /** Slots below this one are out (the "new members" filter: slots are in joining order). */
  firstSlot: number;
  firstWord: number;
  birthdays: { after: number; upTo: number } | null;
}

/** Activity is grouped by the minute (the recently-active order reads the latest minutes first). */
const ACTIVITY_BUCKET_MS = 60_000;
const minuteOf = (time: number) => Math.floor(time / ACTIVITY_BUCKET_MS);

/** The first index of a sorted array whose value is not below `value`. */
function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The bits of word `w` that stand for slots in [from, to). */
function rangeMask(w: number, from: number, to: number): number {
  const base = w << 5;
  if (to <= base || from >= base + 32) return 0;
  const low = from <= base ? -1 : -1 << (from - base);
  const high = to >= base + 32 ? -1 : (1 << (to - base)) - 1;
  return low & high;
}
