import { coordinatesOf, distanceKm, type Coordinates } from '@amiko/places';
import { grownTo, lowerBound, setBit } from './bits.ts';

// Members' places in the directory index (issue 33). A member is where their place (a town of the
// gazetteer, @amiko/places) is, so the members of one place share one point: the index keeps places, not
// members. Per slot the number of its place here; per place its coordinates (32-bit floats: a town, never a
// person) and its listed members' slots, ascending; and a grid of the places that have members, by cells of
// half a degree, each with a box around its places (as points on the unit sphere) that no place in it is
// nearer than. "Within N km" and "nearby first" walk the cells nearest first (a heap keyed by that bound)
// and the places in them nearest first (a heap keyed by the distance), so they read only the places they
// need; distances are distanceKm's, the same the brute-force reference measures. docs/decisions.md, "Near
// me: places in the directory index", says why a grid and not a k-d tree.

/** Where a place is; null when the gazetteer does not know it. Must answer 32-bit floats (as it does). */
export type Locate = (placeId: number) => Coordinates | null;
export const locateInGazetteer: Locate = coordinatesOf;

const CELL_DEGREES = 0.5;
const CELL_COLUMNS = 360 / CELL_DEGREES;
/** Smaller than the gazetteer's Earth radius, so that a bound measured with it is never too far. */
const BOUND_RADIUS_KM = 6371;
/** Rounding in a bound must never put a place after one farther away. */
const BOUND_SLACK_KM = 1e-6;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** A cell of the grid: its places, and the box around them on the unit sphere. */
interface Cell {
  places: number[];
  min: [number, number, number];
  max: [number, number, number];
}

/** A binary min-heap of (key, value) pairs, values being numbers of cells or places. */
class MinHeap {
  keys: number[] = [];
  values: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  push(key: number, value: number): void {
    const { keys, values } = this;
    let i = keys.length;
    keys.push(key);
    values.push(value);
    while (i > 0) {
      const parent = (i - 1) >>> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      values[i] = values[parent]!;
      i = parent;
    }
    keys[i] = key;
    values[i] = value;
  }

  /** Removes the smallest pair; its value is returned, its key was `topKey` before. */
  pop(): number {
    const { keys, values } = this;
    const top = values[0]!;
    const lastKey = keys.pop()!;
    const lastValue = values.pop()!;
    const n = keys.length;
    if (n === 0) return top;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && keys[child + 1]! < keys[child]!) child += 1;
      if (keys[child]! >= lastKey) break;
      keys[i] = keys[child]!;
      values[i] = values[child]!;
      i = child;
    }
    keys[i] = lastKey;
    values[i] = lastValue;
    return top;
  }

  get topKey(): number {
    return this.keys[0]!;
  }
}

/** Places with members, nearest first from a point: pull them with `next`, each with its distance. */
export interface PlaceWalk {
  /** The next place (its number), or -1 when no place is left within the walk's distance. */
  next(): number;
  /** The distance (km) of the place `next` returned last. */
  km: number;
}

export class Places {
  readonly locate: Locate;
  /** Per slot, the number of the member's place here (-1: none, or one the gazetteer does not know). */
  #placeOf: Int32Array = new Int32Array(0);
  /** Place numbers by GeoNames id. */
  #numbers = new Map<number, number>();
  /** Per place number: GeoNames id, coordinates, listed members' slots ascending (plain arrays of small
   * integers: a typed array per place would cost ~100 bytes more for each of thousands of places). */
  #ids: number[] = [];
  #lat: Float32Array = new Float32Array(64);
  #lon: Float32Array = new Float32Array(64);
  #members: number[][] = [];
  /** The grid: cells by their number (row × columns + column). */
  #cells = new Map<number, Cell>();
  #cellList: Cell[] = [];
  /** The members of the places a search asks for, gathered into one bitset. */
  #scratch: Int32Array = new Int32Array(0);

  constructor(locate: Locate = locateInGazetteer) {
    this.locate = locate;
  }

  /** The GeoNames id of the member in `slot`'s place, or null. */
  placeIdOf(slot: number): number | null {
    const place = this.#placeOf[slot]!;
    return place >= 0 ? this.#ids[place]! : null;
  }

  /** Per slot, the number of its place (-1: none); read by the nearby order. */
  get placeOf(): Int32Array {
    return this.#placeOf;
  }

  /** The number of the place with this GeoNames id, -1 when no member has ever been there. */
  numberOf(placeId: number): number {
    return this.#numbers.get(placeId) ?? -1;
  }

  idOf(place: number): number {
    return this.#ids[place]!;
  }

  /** The listed members of a place, slots ascending (valid until the place changes). */
  slotsOf(place: number): readonly number[] {
    return this.#members[place]!;
  }

  /** The distance from a point to a place (by number), as distanceKm measures it. */
  distance(center: Coordinates, place: number): number {
    return distanceKm(center, { lat: this.#lat[place]!, lon: this.#lon[place]! });
  }

  /** The places with listed members within `maxKm` of the point, nearest first (ties in any order). */
  walk(center: Coordinates, maxKm = Infinity): PlaceWalk {
    const cx = Math.cos(radians(center.lat)) * Math.cos(radians(center.lon));
    const cy = Math.cos(radians(center.lat)) * Math.sin(radians(center.lon));
    const cz = Math.sin(radians(center.lat));
    const cells = new MinHeap();
    const list = this.#cellList;
    for (let c = 0; c < list.length; c += 1) {
      const { min, max } = list[c]!;
      // The nearest point of the cell's box on the unit sphere: a chord no place in it is shorter than.
      const dx = cx < min[0] ? min[0] - cx : cx > max[0] ? cx - max[0] : 0;
      const dy = cy < min[1] ? min[1] - cy : cy > max[1] ? cy - max[1] : 0;
      const dz = cz < min[2] ? min[2] - cz : cz > max[2] ? cz - max[2] : 0;
      const chord = Math.sqrt(dx * dx + dy * dy + dz * dz);
      const bound = 2 * BOUND_RADIUS_KM * Math.asin(Math.min(1, chord / 2)) - BOUND_SLACK_KM;
      if (bound <= maxKm) cells.push(bound, c);
    }
    const places = new MinHeap();
    const walk: PlaceWalk = {
      km: 0,
      next: () => {
        // Open every cell that could hold a place nearer than the nearest one found so far.
        while (cells.size > 0 && (places.size === 0 || cells.topKey < places.topKey)) {
          for (const place of list[cells.pop()]!.places) {
            if (this.#members[place]!.length === 0) continue;
            const km = this.distance(center, place);
            if (km <= maxKm) places.push(km, place);
          }
        }
        if (places.size === 0) return -1;
        walk.km = places.topKey;
        return places.pop();
      },
    };
    return walk;
  }

  /** The numbers of the places with listed members within `km` of the point. */
  within(center: Coordinates, km: number): number[] {
    const found: number[] = [];
    const walk = this.walk(center, km);
    for (let place = walk.next(); place >= 0; place = walk.next()) found.push(place);
    return found;
  }

  /** The listed members of these places as one bitset; valid until the next call. */
  gather(places: readonly number[]): Int32Array {
    const bits = this.#scratch;
    bits.fill(0);
    for (const place of places) {
      const slots = this.#members[place]!;
      for (let i = 0; i < slots.length; i += 1) setBit(bits, slots[i]!);
    }
    return bits;
  }

  /** Records a slot's place (0: none; the slot has none yet); only listed members are found by place. */
  add(slot: number, placeId: number, listed: boolean): void {
    if (placeId === 0) return;
    const place = this.#numbers.get(placeId) ?? this.#newPlace(placeId);
    if (place < 0) return;
    this.#placeOf[slot] = place;
    if (!listed) return;
    const slots = this.#members[place]!;
    // Nearly always the newest slot, at the end.
    if (slots.length === 0 || slots[slots.length - 1]! < slot) slots.push(slot);
    else slots.splice(lowerBound(slots, slot), 0, slot);
  }

  clear(slot: number): void {
    const place = this.#placeOf[slot]!;
    if (place < 0) return;
    this.#placeOf[slot] = -1;
    const slots = this.#members[place]!;
    const at = lowerBound(slots, slot);
    if (slots[at] === slot) slots.splice(at, 1);
  }

  /** Makes room at `pos` (Slots.openSlot): every later slot moves up by one. */
  openSlot(pos: number, size: number): void {
    this.#placeOf.copyWithin(pos + 1, pos, size);
    this.#placeOf[pos] = -1;
    for (const slots of this.#members) {
      for (let i = lowerBound(slots, pos); i < slots.length; i += 1) slots[i]! += 1;
    }
  }

  grow(capacity: number, words: number): void {
    const placeOf = new Int32Array(capacity).fill(-1);
    placeOf.set(this.#placeOf);
    this.#placeOf = placeOf;
    this.#scratch = new Int32Array(words);
  }

  /** A new place number for a GeoNames id, in its cell of the grid; -1 when the gazetteer lacks it. */
  #newPlace(placeId: number): number {
    const at = this.locate(placeId);
    if (!at) return -1;
    const place = this.#ids.length;
    if (place === this.#lat.length) {
      this.#lat = grownTo(this.#lat, place * 2);
      this.#lon = grownTo(this.#lon, place * 2);
    }
    this.#ids.push(placeId);
    this.#numbers.set(placeId, place);
    this.#members.push([]);
    this.#lat[place] = at.lat;
    this.#lon[place] = at.lon;
    // The point on the unit sphere, from the stored (32-bit) coordinates the distances are measured from.
    const [lat, lon] = [radians(this.#lat[place]!), radians(this.#lon[place]!)];
    const point: [number, number, number] = [
      Math.cos(lat) * Math.cos(lon),
      Math.cos(lat) * Math.sin(lon),
      Math.sin(lat),
    ];
    // The cell only groups nearby places; the box around them is what the walk trusts.
    const row = Math.floor((at.lat + 90) / CELL_DEGREES);
    const column = Math.floor((at.lon + 180) / CELL_DEGREES) % CELL_COLUMNS;
    const key = row * CELL_COLUMNS + column;
    let cell = this.#cells.get(key);
    if (!cell) {
      cell = { places: [], min: [...point], max: [...point] };
      this.#cells.set(key, cell);
      this.#cellList.push(cell);
    }
    cell.places.push(place);
    for (let i = 0; i < 3; i += 1) {
      cell.min[i] = Math.min(cell.min[i]!, point[i]!);
      cell.max[i] = Math.max(cell.max[i]!, point[i]!);
    }
    return place;
  }
}
