import { INTERESTS } from '@amiko/core';
import { countKernel, type CountKernel } from './kernel.ts';

// The memory one search works in, made again each time the slots grow (Slots.grow): the counting
// kernel's WebAssembly memory (kernel.ts) and a few plain arrays. The kernel reads the listed members'
// bitset and one bitset per interest, so those two, although they are the index's storage, live in its
// memory too; Slots holds them, this file only lays them out. Searches run synchronously, one at a time,
// so one search memory per index is enough.

// Counts go up to the 90 interests of the catalog: seven bit planes (the kernel's), at most 127.
if (INTERESTS.length > 127) throw new Error('The directory index counts at most 127 interests');
/** The kernel's table of the viewer's interest addresses, before its regions (room for 256). */
const KERNEL_TABLE_BYTES = 1024;
/** Regions before the planes: listed, one per interest, candidates, highest counts. */
const KERNEL_REGIONS = 3 + INTERESTS.length;
/** Words per block in the second pass of the shared-interests order (2,048 members). */
export const BLOCK_SHIFT = 6;

export interface SearchMemory {
  /** Listed members (not deleted or suspended, onboarding complete): the index's storage. */
  readonly listed: Int32Array;
  /** One bitset per interest of the catalog: the index's storage. */
  readonly interests: readonly Int32Array[];
  // The addresses (bytes) the kernel is given: of the bitsets above, and of its working regions.
  readonly listedAt: number;
  readonly interestAt: readonly number[];
  /** The candidates of a filtered shared-interests search (the filters ANDed), a bitset. */
  readonly candidates: Int32Array;
  readonly candidatesAt: number;
  /** The bit-sliced counts of the last search: plane p of word w at (w << 3) + p. */
  readonly planes: Int32Array;
  readonly planesAt: number;
  /** Per word, 1 + the highest count among its candidates (0 when it has none). */
  readonly wordMax: Int32Array;
  readonly wordMaxAt: number;
  /** The addresses of the viewer's interest bitsets, the kernel's first argument. */
  readonly table: Int32Array;
  /** The kernel, bound to this memory. */
  readonly count: CountKernel;
  /** The highest wordMax of each block of 1 << BLOCK_SHIFT words. */
  readonly blockMax: Int32Array;
  /** The filter's OR of a group of bitsets, a range of words at a time. */
  readonly groupScratch: Int32Array;
}

/**
 * A search memory for `words` words per bitset (whole 128-bit vectors), with the listed and interest
 * bitsets so far copied in.
 */
export function searchMemory(
  words: number,
  previous: Pick<SearchMemory, 'listed' | 'interests'>,
): SearchMemory {
  // The address table, then one region per bitset (listed, each interest, candidates, highest counts)
  // and eight for the planes.
  const stride = words * 4;
  const memory = new WebAssembly.Memory({
    initial: Math.ceil((KERNEL_TABLE_BYTES + (KERNEL_REGIONS + 8) * stride) / 65_536),
  });
  const addressOf = (r: number) => KERNEL_TABLE_BYTES + r * stride;
  const region = (r: number, old?: Int32Array, length = words) => {
    const view = new Int32Array(memory.buffer, addressOf(r), length);
    if (old) view.set(old.subarray(0, length));
    return view;
  };
  return {
    listed: region(0, previous.listed),
    interests: INTERESTS.map((_, i) => region(1 + i, previous.interests[i])),
    listedAt: addressOf(0),
    interestAt: INTERESTS.map((_, i) => addressOf(1 + i)),
    candidates: region(1 + INTERESTS.length),
    candidatesAt: addressOf(1 + INTERESTS.length),
    wordMax: region(2 + INTERESTS.length),
    wordMaxAt: addressOf(2 + INTERESTS.length),
    planes: region(KERNEL_REGIONS, undefined, words * 8),
    planesAt: addressOf(KERNEL_REGIONS),
    table: new Int32Array(memory.buffer, 0, KERNEL_TABLE_BYTES / 4),
    count: countKernel(memory),
    blockMax: new Int32Array((words >>> BLOCK_SHIFT) + 1),
    groupScratch: new Int32Array(words),
  };
}
