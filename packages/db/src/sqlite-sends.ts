import type BetterSqlite3 from 'better-sqlite3';
import {
  createSqliteMessageStore,
  type SendMessageOutcome,
  type SendMessageRequest,
} from './send-message.ts';
import {
  createSqlitePodMessageStore,
  type SendPodMessageOutcome,
  type SendPodMessageRequest,
} from './send-pod-message.ts';

// SQLite: messages, private and to pods, are stored in group-committed batches on the server's connection. The sends that arrive
// within one turn of the event loop (or while a batch or a transaction of the connection holds it) are
// stored in one transaction and answered once it has committed: one commit per message cost more than the
// message. Batches and the connection's transactions take turns through `exclusive` (client.ts).
// A writer thread with a connection of its own was tried and measured slower at every percentile, the
// longest stall included: docs/decisions.md, "SQLite: messages in group-committed batches".

/** The statements of both kinds of send, prepared once on the connection. */
interface Stores {
  message: ReturnType<typeof createSqliteMessageStore>;
  podMessage: ReturnType<typeof createSqlitePodMessageStore>;
}

interface PendingSend {
  /** Stores the send inside the batch's transaction and answers with its outcome. */
  store(stores: Stores): unknown;
  resolve(outcome: unknown): void;
  reject(error: unknown): void;
}

export interface SqliteSends {
  send(request: SendMessageRequest): Promise<SendMessageOutcome>;
  sendToPod(request: SendPodMessageRequest): Promise<SendPodMessageOutcome>;
  /** Stores and answers every send already made, and refuses new ones. */
  close(): Promise<void>;
}

export function createSqliteSends(options: {
  client: BetterSqlite3.Database;
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}): SqliteSends {
  // Prepared at the first send: before the database is migrated its tables do not exist.
  let storeBatch: ((batch: PendingSend[]) => (unknown | { error: string })[]) | null = null;
  let pending: PendingSend[] = [];
  let storing: Promise<void> | null = null;
  let closed = false;

  const storeNextBatch = () => {
    if (storing || pending.length === 0) return;
    const batch = pending;
    pending = [];
    storing = options
      .exclusive(async () => {
        storeBatch ??= batchStore(options.client);
        return storeBatch(batch);
      })
      .then(
        (results) =>
          batch.forEach((send, i) => {
            const result = results[i];
            if (isFailure(result)) send.reject(new Error(`Storing a message failed: ${result.error}`));
            else send.resolve(result);
          }),
        (error: unknown) => batch.forEach((send) => send.reject(error)),
      )
      .finally(() => {
        storing = null;
        storeNextBatch();
      });
  };

  const enqueue = <T>(store: (stores: Stores) => T): Promise<T> =>
    new Promise((resolve, reject) => {
      if (closed) return reject(new Error('The database is closed'));
      pending.push({ store, resolve: resolve as (outcome: unknown) => void, reject });
      // Alone, a send waits only for the end of this turn, gathering the turn's other sends.
      if (pending.length === 1 && !storing) setImmediate(storeNextBatch);
    });

  return {
    send: (request) => enqueue((stores) => stores.message(request)),
    sendToPod: (request) => enqueue((stores) => stores.podMessage(request)),
    async close() {
      closed = true;
      while (storing || pending.length > 0)
        await (storing ?? new Promise<void>((resolve) => setImmediate(resolve)));
    },
  };
}

const isFailure = (result: unknown): result is { error: string } =>
  typeof result === 'object' && result !== null && 'error' in result;

/**
 * Stores a batch of sends in one transaction (one commit, so one write of the touched pages to the WAL, for
 * all of them). Synchronous, on the event loop.
 *
 * A send that fails (a broken constraint: it should not happen, the checks come first) rolls the batch
 * back; the batch is then stored again without it, so it alone answers with its error. A savepoint per
 * send would isolate it without the second attempt, but costs every send: SQLite copies each page a
 * savepoint changes into its statement journal, which raised the transaction's p90 from 0.4 to 0.6 ms
 * at 200 sends/s (docs/decisions.md).
 */
function batchStore(
  client: BetterSqlite3.Database,
): (batch: PendingSend[]) => (unknown | { error: string })[] {
  const stores: Stores = {
    message: createSqliteMessageStore(client),
    podMessage: createSqlitePodMessageStore(client),
  };
  const storeAll = client.transaction((batch: PendingSend[]) =>
    batch.map((send, index) => {
      try {
        return send.store(stores);
      } catch (error) {
        throw new FailedSend(index, error);
      }
    }),
  );
  return (batch) => {
    const results: (unknown | { error: string })[] = [];
    // The sends still to store, by their place in `batch`.
    let todo = batch.map((_, index) => index);
    while (todo.length > 0) {
      try {
        // IMMEDIATE takes the write lock at BEGIN: another process holding it is waited for (busy_timeout).
        const stored = storeAll.immediate(todo.map((index) => batch[index]!));
        todo.forEach((index, i) => (results[index] = stored[i]));
        todo = [];
      } catch (error) {
        // Anything else (the lock not granted, the disk) fails the whole batch, as it would any retry.
        if (!(error instanceof FailedSend)) throw error;
        results[todo[error.index]!] = { error: error.message };
        todo = todo.filter((_, i) => i !== error.index);
      }
    }
    return results;
  };
}

/** One send of a batch broke; the batch's transaction has been rolled back. */
class FailedSend extends Error {
  readonly index: number;
  constructor(index: number, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.index = index;
  }
}
