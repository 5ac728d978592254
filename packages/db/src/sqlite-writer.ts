import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import { createSqliteSender, type SendMessageOutcome, type SendMessageRequest } from './send-message.ts';

// SQLite: messages are stored on a thread of their own, with a connection of its own, so the event loop
// never waits for the disk. A write to the WAL can take 10–20 ms when it lands on the file system's journal
// commit of a checkpoint's fsync (measured with `pnpm bench messaging`, docs/decisions.md); on the event
// loop that stalled every socket of the process, on this thread it delays only the sends in that batch.
//
// Group commit: the sends that arrive while a batch is being stored (or in the same turn of the event
// loop, when none is) form the next batch, stored in one transaction and answered once it has committed.
// Batches and the main connection's transactions take turns through `exclusive` (client.ts), so the two
// connections of one process never wait for each other's write lock inside SQLite's busy handler, which
// would sleep on the event loop.

type BatchResult = (SendMessageOutcome | { error: string })[];
/** What the writer thread answers to a batch: each send's outcome, or why the whole batch failed. */
export type WriterReply = { results: BatchResult } | { failed: string };

interface PendingSend {
  request: SendMessageRequest;
  resolve(outcome: SendMessageOutcome): void;
  reject(error: unknown): void;
}

export interface SqliteSends {
  send(request: SendMessageRequest): Promise<SendMessageOutcome>;
  /** Stores and answers every send already made, refuses new ones, and ends the writer thread. */
  close(): Promise<void>;
}

export function createSqliteSends(options: {
  /** The database file; ':memory:' stores on `client` itself (another connection would see another database). */
  file: string;
  client: BetterSqlite3.Database;
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}): SqliteSends {
  const writer = options.file === ':memory:' ? inlineWriter(options.client) : threadWriter(options.file);
  let pending: PendingSend[] = [];
  let storing: Promise<void> | null = null;
  let closed = false;

  const storeNextBatch = () => {
    if (storing || pending.length === 0) return;
    const batch = pending;
    pending = [];
    storing = options
      .exclusive(() => writer.store(batch.map((send) => send.request)))
      .then(
        (results) =>
          batch.forEach((send, i) => {
            const result = results[i]!;
            if ('error' in result) send.reject(new Error(`Storing a message failed: ${result.error}`));
            else send.resolve(result);
          }),
        (error: unknown) => batch.forEach((send) => send.reject(error)),
      )
      .finally(() => {
        storing = null;
        storeNextBatch();
      });
  };

  return {
    send(request) {
      return new Promise((resolve, reject) => {
        if (closed) return reject(new Error('The database is closed'));
        pending.push({ request, resolve, reject });
        // Alone, a send waits only for the end of this turn, gathering the turn's other sends.
        if (pending.length === 1 && !storing) setImmediate(storeNextBatch);
      });
    },
    async close() {
      closed = true;
      while (storing || pending.length > 0)
        await (storing ?? new Promise<void>((resolve) => setImmediate(resolve)));
      await writer.close();
    },
  };
}

interface Writer {
  store(requests: SendMessageRequest[]): Promise<BatchResult>;
  close(): Promise<void>;
}

function inlineWriter(client: BetterSqlite3.Database): Writer {
  const store = createSqliteSender(client);
  return { store: async (requests) => store(requests), close: async () => undefined };
}

/** The writer thread, started with the first send and started again if it ever dies. */
function threadWriter(file: string): Writer {
  let worker: Worker | null = null;
  let inFlight: { resolve(result: BatchResult): void; reject(error: unknown): void } | null = null;

  const start = () => {
    const started = new Worker(new URL('./sqlite-writer-worker.ts', import.meta.url), {
      workerData: { file },
    });
    started.unref(); // referenced only while a batch is in flight: an idle writer keeps no process alive
    started.on('message', (reply: WriterReply) => {
      const settle = inFlight;
      inFlight = null;
      started.unref();
      if ('results' in reply) settle?.resolve(reply.results);
      else settle?.reject(new Error(`Storing messages failed: ${reply.failed}`));
    });
    const died = (error: unknown) => {
      if (worker === started) worker = null;
      const settle = inFlight;
      inFlight = null;
      settle?.reject(error);
    };
    started.on('error', died);
    started.on('exit', (code) => died(new Error(`The SQLite writer thread exited with code ${code}`)));
    return started;
  };

  return {
    store(requests) {
      return new Promise((resolve, reject) => {
        worker ??= start();
        inFlight = { resolve, reject };
        worker.ref();
        worker.postMessage(requests);
      });
    },
    async close() {
      const stopping = worker;
      worker = null;
      if (!stopping) return;
      stopping.ref();
      await new Promise<void>((resolve) => {
        stopping.once('exit', () => resolve());
        stopping.postMessage('stop');
      });
    },
  };
}
