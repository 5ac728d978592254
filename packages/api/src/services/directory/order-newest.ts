import { rangeMask, wordsFor } from './bits.ts';
import type { CompiledFilter } from './filter.ts';
import type { SlotsView } from './slots.ts';
import type { DirectoryHit, DirectorySearch } from './types.ts';

// The "newest first" order: slots are in joining order, so it is a walk from the cursor's slot down, a
// word of 32 members at a time, that stops as soon as the page is full. The recently-active order ends
// with the same walk over the members without a recent activity.

/** How many of the viewer's interests (their bitsets) the member in `slot` has. */
export function sharedWith(viewer: readonly Int32Array[], slot: number): number {
  let shared = 0;
  for (const bits of viewer) shared += (bits[slot >>> 5]! >>> (slot & 31)) & 1;
  return shared;
}

/** Newest first from `end` (the cursor's slot by default), passing over the slots `skip` names. */
export function newest(
  slots: SlotsView,
  q: DirectorySearch,
  f: CompiledFilter,
  viewer: readonly Int32Array[],
  {
    end = q.after ? slots.positionOf(q.after.createdAt, q.after.id) : slots.size,
    skip = () => false,
  }: { end?: number; skip?: (slot: number) => boolean } = {},
): DirectoryHit[] {
  const { ids, created } = slots;
  const hits: DirectoryHit[] = [];
  for (let w = wordsFor(end) - 1; w >= f.firstWord && hits.length < q.limit; w -= 1) {
    let m = f.mask(w) & rangeMask(w, f.firstSlot, end);
    while (m !== 0 && hits.length < q.limit) {
      const bit = 31 - Math.clz32(m);
      m &= ~(1 << bit);
      const slot = (w << 5) | bit;
      if (skip(slot) || !f.accept(slot)) continue;
      hits.push({
        id: ids[slot]!,
        shared: sharedWith(viewer, slot),
        active: 0,
        createdAt: created[slot]!,
        place: 0,
      });
    }
  }
  return hits;
}
