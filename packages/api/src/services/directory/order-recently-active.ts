import { ACTIVE_WEEK_MS } from '@amiko/core';
import { ACTIVITY_BUCKET_MS, minuteOf } from './activity-minutes.ts';
import { lowerBound } from './bits.ts';
import type { CompiledFilter } from './filter.ts';
import { newest, sharedWith } from './order-newest.ts';
import type { SlotsView } from './slots.ts';
import type { DirectoryHit, DirectorySearch } from './types.ts';

// The "recently active" order: members active within the week by the minute of their last activity,
// latest first, newest member first within a minute; then everyone else newest first. Pass 1 walks the
// minutes (activity-minutes.ts) from the latest down and stops when the page is full; pass 2 is the newest
// walk (order-newest.ts) over the others, which stops the same way. A viewer who hides their activity sees
// nobody's: for them it is newest first.

/** A page in the recently-active order; `viewer` holds the bitsets of the viewer's interests. */
export function recentlyActive(
  slots: SlotsView,
  q: DirectorySearch,
  f: CompiledFilter,
  viewer: readonly Int32Array[],
): DirectoryHit[] {
  const since = q.now.getTime() - ACTIVE_WEEK_MS;
  const first = minuteOf(since);
  const minutes = slots.activity.minutesFrom(first);
  const active = slots.activity.active;
  // The order's key: the minute of the last activity shown, within the week (0: none).
  const keyOf = (slot: number) =>
    q.hideActivity || active[slot]! < since ? 0 : minuteOf(active[slot]!) * ACTIVITY_BUCKET_MS;
  const cursorKey = q.after ? q.after.active : Infinity;
  const cursorSlot = q.after ? slots.positionOf(q.after.createdAt, q.after.id) : slots.size;
  const best: { key: number; slot: number }[] = [];
  if (!q.hideActivity && cursorKey > 0) {
    for (let i = minutes.length - 1; i >= 0 && best.length < q.limit; i -= 1) {
      const minute = minutes[i]!;
      if (minute < first) break;
      const key = minute * ACTIVITY_BUCKET_MS;
      if (key > cursorKey) continue;
      const inMinute = slots.activity.slotsIn(minute);
      // Newest first: from the highest slot down (below the cursor's in the cursor's minute).
      let at = key === cursorKey ? lowerBound(inMinute, cursorSlot) : inMinute.length;
      while (at > 0 && best.length < q.limit) {
        const slot = inMinute[(at -= 1)]!;
        // The week's first minute may hold activity from just before the week.
        if (slot < f.firstSlot || keyOf(slot) === 0) continue;
        if (((f.mask(slot >>> 5) >>> (slot & 31)) & 1) === 0 || !f.accept(slot)) continue;
        best.push({ key, slot });
      }
    }
  }
  const hits: DirectoryHit[] = best.map(({ key, slot }) => ({
    id: slots.ids[slot]!,
    shared: sharedWith(viewer, slot),
    active: key,
    createdAt: slots.created[slot]!,
    place: 0,
  }));
  // Pass 2: everyone without a shown activity this week, newest first.
  const rest = newest(slots, { ...q, limit: q.limit - hits.length }, f, viewer, {
    end: cursorKey === 0 ? cursorSlot : slots.size,
    skip: (slot) => keyOf(slot) !== 0,
  });
  hits.push(...rest);
  return hits;
}
