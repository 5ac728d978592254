import sharp from 'sharp';
import { appError } from '../errors.ts';

// Decoding a photo costs memory in proportion to its pixels (a 24 MP image holds ~100 MB while sharp works
// on it), so a process decodes at most DECODES_AT_ONCE uploads at a time and sharp itself uses one thread
// per image: parallel uploads wait their turn instead of adding up. A request that cannot start within
// DECODE_WAIT_MS is told to try again, so a crowd of uploads never piles up behind the queue.

export const DECODES_AT_ONCE = 2;
export const DECODE_WAIT_MS = 5_000;

sharp.concurrency(1);

export interface DecodeQueue {
  /** Runs `work` when a slot is free; refuses with 'busy, try again' past the wait. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** How many decodes run now, and the most that ever ran at once (for the tests and the logs). */
  readonly active: number;
  readonly peak: number;
}

export function createDecodeQueue(slots: number, maxWaitMs: number): DecodeQueue {
  let active = 0;
  let peak = 0;
  const waiting: Array<() => void> = [];

  const start = () => {
    active += 1;
    peak = Math.max(peak, active);
  };
  const acquire = () =>
    new Promise<void>((resolve, reject) => {
      if (active < slots) {
        start();
        resolve();
        return;
      }
      const next = () => {
        clearTimeout(timer);
        start();
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(next), 1);
        reject(appError('RATE_LIMITED', 'profile:errors.photoBusy'));
      }, maxWaitMs);
      waiting.push(next);
    });
  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };

  return {
    async run(work) {
      await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get peak() {
      return peak;
    },
  };
}

/** The process's one queue for photo decoding (uploads and re-crops). */
export const photoDecodes = createDecodeQueue(DECODES_AT_ONCE, DECODE_WAIT_MS);
