import { Worker } from 'node:worker_threads';

// SQLite checkpoints the WAL (copies it into the database file and fsyncs both) inside the COMMIT that
// crosses wal_autocheckpoint, on the thread that committed: with better-sqlite3 that is the event loop,
// which then serves nobody for the length of an fsync (tens of milliseconds on a busy disk, measured as a
// send-latency p99 of ~190 ms instead of ~12 ms at 200 messages/s). So the server's connection does not
// checkpoint itself; a worker thread with its own connection does, every `intervalMs`. PASSIVE never waits
// for readers or writers; the WAL is reused from its start once a checkpoint has caught up.
// The fsync can still cost whoever writes next: on ext4 a WAL write may wait for its journal commit (stalls
// of up to 10–20 ms that end with the checkpoint, seen in `pnpm bench messaging`; docs/decisions.md).
// Every 500 ms measured best: every 2 s made the send p99 worse (one run 416 ms), every 100 ms no better.

export interface BackgroundCheckpoints {
  stop(): Promise<void>;
}

export function startBackgroundCheckpoints(
  file: string,
  options: { busyTimeoutMs: number; intervalMs?: number },
): BackgroundCheckpoints {
  const worker = new Worker(new URL('./checkpoint-worker.ts', import.meta.url), {
    workerData: { file, busyTimeoutMs: options.busyTimeoutMs, intervalMs: options.intervalMs ?? 500 },
  });
  worker.unref();
  // A failed checkpoint is retried on the next tick; a dead worker only means the WAL grows until close.
  worker.on('error', () => undefined);
  return {
    async stop() {
      if (worker.threadId === -1) return;
      worker.ref(); // keep the process alive until the worker has closed its connection
      await new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      });
    },
  };
}
