import type BetterSqlite3 from 'better-sqlite3';
import { createSqliteSender, type SendMessageOutcome, type SendMessageRequest } from './send-message.ts';

// SQLite: messages are stored in group-committed batches on the server's connection. The sends that arrive
// within one turn of the event loop (or while a batch or a transaction of the connection holds it) are
// stored in one transaction and answered once it has committed: one commit per message cost more than the
// message. Batches and the connection's transactions take turns through `exclusive` (client.ts).
// A writer thread with a connection of its own was tried and measured slower at every percentile, the
// longest stall included: docs/decisions.md, "SQLite: messages in group-committed batches".

interface PendingSend {
  request: SendMessageRequest;
  resolve(outcome: SendMessageOutcome): void;
  reject(error: unknown): void;
}

export interface SqliteSends {
  send(request: SendMessageRequest): Promise<SendMessageOutcome>;
  /** Stores and answers every send already made, and refuses new ones. */
  close(): Promise<void>;
}

export function createSqliteSends(options: {
  client: BetterSqlite3.Database;
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}): SqliteSends {
  // Prepared at the first send: before the database is migrated its tables do not exist.
  let store: ReturnType<typeof createSqliteSender> | null = null;
  let pending: PendingSend[] = [];
  let storing: Promise<void> | null = null;
  let closed = false;

  const storeNextBatch = () => {
    if (storing || pending.length === 0) return;
    const batch = pending;
    pending = [];
    storing = options
      .exclusive(async () => {
        store ??= createSqliteSender(options.client);
        return store(batch.map((send) => send.request));
      })
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
    },
  };
}
