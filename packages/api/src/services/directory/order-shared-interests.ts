import { rangeMask, wordsFor } from './bits.ts';
import type { CompiledFilter } from './filter.ts';
import { BLOCK_SHIFT } from './search-memory.ts';
import type { SlotsView } from './slots.ts';
import type { DirectoryHit, DirectorySearch } from './types.ts';

// The "most shared interests" order: the number of interests each candidate shares with the viewer is
// summed for 128 members at once with bit-sliced counters by the WebAssembly kernel (kernel.ts), in its
// memory (search-memory.ts); then the page is read count by count, highest first and newest first within
// a count, passing over blocks of words whose highest count is too low, and stops when full. This is the
// one order that touches every member once per page (docs/decisions.md, "The directory index").

const BLOCK_WORDS = 1 << BLOCK_SHIFT;

/** A page in the shared-interests order; `viewer` holds the catalog positions of the viewer's interests. */
export function sharedInterests(
  slots: SlotsView,
  q: DirectorySearch,
  f: CompiledFilter,
  viewer: readonly number[],
): DirectoryHit[] {
  const { ids, created, memory, size } = slots;
  const { wordMax, planes, blockMax } = memory;
  const planeCount = 32 - Math.clz32(viewer.length);
  const lastWord = wordsFor(size) - 1;
  const fromVector = f.firstWord >>> 2;
  const toVector = (lastWord >>> 2) + 1;
  // Pass 1 (the kernel): for every word, the number of interests each of its 32 candidates shares with
  // the viewer, bit-sliced (plane p holds bit p of all 32 counts), and 1 + the highest of them.
  let candidates = slots.listed;
  let candidatesAt = memory.listedAt;
  if (!f.plain) {
    candidates = memory.candidates;
    candidatesAt = memory.candidatesAt;
    const [from, to] = [fromVector << 2, toVector << 2];
    f.fill(candidates, from, to);
    // The kernel works on whole vectors: words before the range count as empty (those after it are).
    candidates.fill(0, from, f.firstWord);
    candidates[f.firstWord]! &= rangeMask(f.firstWord, f.firstSlot, size);
  }
  // A loop, not viewer.map(…): a closure here would capture `memory` into a heap context, which cost
  // this whole function about 10% (measured).
  for (let i = 0; i < viewer.length; i += 1) memory.table[i] = memory.interestAt[viewer[i]!]!;
  memory.count(0, viewer.length, candidatesAt, memory.planesAt, memory.wordMaxAt, fromVector, toVector);
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
    const end = q.after && shared === q.after.shared ? slots.positionOf(q.after.createdAt, q.after.id) : size;
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
        if (f.accept(slot))
          hits.push({ id: ids[slot]!, shared, active: 0, createdAt: created[slot]!, place: 0 });
      }
    }
  }
  return hits;
}
