import { distanceKm, type Coordinates } from '@amiko/places';
import type { CompiledFilter } from './filter.ts';
import { newest, sharedWith } from './order-newest.ts';
import type { SlotsView } from './slots.ts';
import type { DirectoryHit, DirectorySearch } from './types.ts';

// The "nearby first" order (issue 33): members by the distance between their place and the place the
// directory is about (`center`), newest first among equal distances; then the members without a place,
// newest first. Pass 1 walks the places with members nearest first (places.ts) and each place's members
// from the newest down, and stops when the page is full: a page reads about a page of members and the
// places around them. Places at exactly the same distance are one step, their members merged newest first.
// Pass 2 is the newest walk (order-newest.ts) over the members without a place. A distance is never shown:
// it only orders (docs/decisions.md, "Near me").

/** A page in the nearby order; `viewer` holds the bitsets of the viewer's interests. */
export function nearby(
  slots: SlotsView,
  q: DirectorySearch,
  f: CompiledFilter,
  viewer: readonly Int32Array[],
  center: Coordinates | null,
): DirectoryHit[] {
  // Without a place to measure from, nobody is nearer than anyone: newest first.
  if (!center) return newest(slots, q, f, viewer);
  const { places, ids, created } = slots;
  const cursorSlot = q.after ? slots.positionOf(q.after.createdAt, q.after.id) : slots.size;
  // Where the cursor is: at a place (its distance), or among the members without one (null).
  // (The gazetteer's coordinates are the 32-bit floats the index keeps: the same distance as its own.)
  let fromKm: number | null = 0;
  if (q.after) {
    const at = q.after.place === 0 ? null : places.locate(q.after.place);
    fromKm = at ? distanceKm(center, at) : null;
  }
  const hits: DirectoryHit[] = [];
  const accept = (slot: number, place: number) => {
    if (slot < f.firstSlot || ((f.mask(slot >>> 5) >>> (slot & 31)) & 1) === 0 || !f.accept(slot)) return;
    hits.push({
      id: ids[slot]!,
      shared: sharedWith(viewer, slot),
      active: 0,
      createdAt: created[slot]!,
      place: places.idOf(place),
    });
  };
  if (fromKm !== null) {
    const walk = places.walk(center, q.filters.withinKm ?? Infinity);
    let place = walk.next();
    // Places before the cursor's distance were on earlier pages.
    while (place >= 0 && walk.km < fromKm) place = walk.next();
    while (place >= 0 && hits.length < q.limit) {
      const km = walk.km;
      // Below the cursor's member at the cursor's distance; everyone at a larger one.
      const end = q.after && km === fromKm ? cursorSlot : slots.size;
      const group = [place];
      for (place = walk.next(); place >= 0 && walk.km === km; place = walk.next()) group.push(place);
      if (group.length === 1) {
        const members = places.slotsOf(group[0]!);
        for (let i = members.length - 1; i >= 0 && hits.length < q.limit; i -= 1) {
          if (members[i]! < end) accept(members[i]!, group[0]!);
        }
      } else {
        // Places at the same distance (rare): their members merged, newest first.
        const merged = group
          .flatMap((p) => Array.from(places.slotsOf(p), (slot) => [slot, p] as const))
          .sort((a, b) => b[0] - a[0]);
        for (let i = 0; i < merged.length && hits.length < q.limit; i += 1) {
          if (merged[i]![0] < end) accept(merged[i]![0], merged[i]![1]);
        }
      }
    }
  }
  // Pass 2: the members without a place (none when a place filter is on), newest first.
  if (hits.length < q.limit && !f.placed) {
    const { placeOf } = places;
    const rest = newest(slots, { ...q, limit: q.limit - hits.length }, f, viewer, {
      end: fromKm === null ? cursorSlot : slots.size,
      skip: (slot) => placeOf[slot]! >= 0,
    });
    hits.push(...rest);
  }
  return hits;
}
