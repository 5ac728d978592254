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
// the one call it always was.
//
// At most CALLS_AT_ONCE calls are in flight; sends made meanwhile wait and go together in the next call. Each
// call locks the members of its sends, so calls of many members wait for each other and PostgreSQL runs them
// about one at a time anyway: with a call per turn on each of the pool's connections, a call held 8–22 sends
// at saturation, and each paid its statement, its commit and its round trip for few. Two at once, one running
// while the next travels, carried 7–11% more messages a second for 14–18% less of the server's CPU a message
// (docs/performance.md, "Two calls at once"), and leaves the pool's other connections to the rest of the app.
const CALLS_AT_ONCE = 2;
/** Sends per call at most: a call locks each of its members until it commits. */
const SENDS_PER_CALL = 500;

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
  const pending: PendingSend[] = [];
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

  /** Sends what waits, as far as CALLS_AT_ONCE allows; the end of a call sends what gathered meanwhile. */
  const sendWaiting = () => {
    while (inFlight.size < CALLS_AT_ONCE && pending.length > 0) {
      const batch = pending.splice(0, SENDS_PER_CALL);
      const sent = sendBatch(batch).finally(() => {
        inFlight.delete(sent);
        sendWaiting();
      });
      inFlight.add(sent);
    }
  };

  return {
    send: (request) =>
      new Promise((resolve, reject) => {
        pending.push({ request, resolve, reject });
        // The first send of a turn waits only for the end of the turn, gathering the turn's other sends.
        if (pending.length === 1) setImmediate(sendWaiting);
      }),
    async settled() {
      while (pending.length > 0 || inFlight.size > 0)
        await (inFlight.values().next().value ?? new Promise<void>((resolve) => setImmediate(resolve)));
    },
  };
}
