import type postgres from 'postgres';
import {
  sendMessageInPostgres,
  sendMessagesInPostgres,
  type SendMessageOutcome,
  type SendMessageRequest,
} from './send-message.ts';

// PostgreSQL: the private messages sent within one turn of the event loop go to the database in one call
// (amiko_send_messages: one statement, one commit), as SQLite stores them in one transaction
// (sqlite-sends.ts). A statement and a commit per message were a large part of what a send cost on both
// sides of the connection: grouped, the server's CPU per message at saturation fell from 3.8 to 2.6 times a
// bare relay's (docs/performance.md, issue 32). A send alone in its turn, the usual case below saturation, is
// the one call it always was, and is not held back: batches do not wait for each other, they take the pool's
// connections as single sends did.

export interface PostgresSends {
  send(request: SendMessageRequest): Promise<SendMessageOutcome>;
  /** Waits for every send already made to be answered. */
  settled(): Promise<void>;
}

interface PendingSend {
  request: SendMessageRequest;
  resolve(outcome: SendMessageOutcome): void;
  reject(error: unknown): void;
}

export function createPostgresSends(client: postgres.Sql): PostgresSends {
  let pending: PendingSend[] = [];
  const inFlight = new Set<Promise<void>>();

  const sendBatch = async (batch: PendingSend[]) => {
    if (batch.length === 1) {
      const [send] = batch as [PendingSend];
      return sendMessageInPostgres(client, send.request).then(send.resolve, send.reject);
    }
    let outcomes: SendMessageOutcome[];
    try {
      outcomes = await sendMessagesInPostgres(
        client,
        batch.map((send) => send.request),
      );
    } catch {
      // One send broke the call (it should not happen: the checks come first), and nothing of the batch was
      // stored: each is sent again alone, in order, so that only the broken one answers with its error.
      for (const send of batch)
        await sendMessageInPostgres(client, send.request).then(send.resolve, send.reject);
      return;
    }
    batch.forEach((send, i) => send.resolve(outcomes[i]!));
  };

  const sendTurn = () => {
    const batch = pending;
    pending = [];
    const sent = sendBatch(batch).finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  };

  return {
    send: (request) =>
      new Promise((resolve, reject) => {
        pending.push({ request, resolve, reject });
        // The first send of a turn waits only for the end of the turn, gathering the turn's other sends.
        if (pending.length === 1) setImmediate(sendTurn);
      }),
    async settled() {
      while (pending.length > 0 || inFlight.size > 0)
        await (inFlight.values().next().value ?? new Promise<void>((resolve) => setImmediate(resolve)));
    },
  };
}
