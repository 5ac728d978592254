import {
  AppError,
  CLIENT_EVENT_SCHEMAS,
  type Ack,
  type ClientEventInput,
  type ClientToServerEvents,
  type Deps,
  type ServerToClientEvents,
  type SocketData,
} from '@amiko/api';
import { COMMON_ERRORS, isI18nKey } from '@amiko/core';
import type { Socket } from 'socket.io';
import type { z } from 'zod';

// How socket.ts answers one client event: the payload validated, at most a few at once per socket, none
// while the socket's earlier answers are unsent, a refusal as an i18n key; and the work still running, which
// stopping waits for.

export type AmikoSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/**
 * Socket work still running: answers to events and the bookkeeping of sockets that come and go (the mails
 * of a member whose last socket closed, activity stamps). Stopping waits for it before the database
 * closes: the sockets close as the server stops, and what their disconnect writes would otherwise be lost.
 */
export interface RunningWork {
  begin(): void;
  end(): void;
  /** Counts fire-and-forget work until it settles; `onError` logs its failure. */
  track(work: Promise<unknown>, onError: (error: unknown) => void): void;
  /** Resolves once nothing is running. */
  idle(): Promise<void>;
}

export function createRunningWork(): RunningWork {
  let running = 0;
  let waiting: (() => void)[] = [];
  const end = () => {
    running -= 1;
    if (running > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  return {
    begin: () => void (running += 1),
    end,
    track(work, onError) {
      running += 1;
      work.then(end, (error: unknown) => {
        onError(error);
        end();
      });
    },
    idle: () => (running === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
  };
}

/** What an event's handler needs besides its socket. */
export interface SocketContext {
  deps: Deps;
  work: RunningWork;
}

type Failure = Extract<Ack<never>, { ok: false }>;

function refusal(error: unknown, deps: Deps, event: string): Failure {
  if (error instanceof AppError)
    return { ok: false, error: { appCode: error.appCode, message: error.message } };
  deps.log.error({ err: error, event }, 'socket event failed');
  return { ok: false, error: { appCode: 'INTERNAL', message: COMMON_ERRORS.unknown } };
}

function invalid(error: z.ZodError): Failure {
  const message = error.issues[0]?.message ?? COMMON_ERRORS.invalidInput;
  return {
    ok: false,
    error: {
      appCode: 'VALIDATION',
      message: isI18nKey(message) ? message : COMMON_ERRORS.invalidInput,
    },
  };
}

/**
 * Events of one socket being answered at once; more are refused as BUSY until some answers are out (the UI's
 * client asks again after a moment: its sends never fail over it).
 */
export const MAX_EVENTS_IN_FLIGHT = 4;

/**
 * Bytes this socket's WebSocket holds that it has not handed to the kernel yet: more than nothing means the
 * client is not reading (its TCP window is full). Read from the `ws` socket under engine.io's WebSocket
 * transport, the only transport Amiko allows.
 */
function unsentBytes(socket: AmikoSocket): number {
  const transport = socket.conn.transport as { socket?: { bufferedAmount?: number } };
  return transport.socket?.bufferedAmount ?? 0;
}

/**
 * What may wait to go out to one socket (answers and live events: messages, read marks, counts) before the
 * server cuts it. A client that stops reading fills its TCP buffers, then engine.io's write buffer and the
 * WebSocket's; past this the server drops the connection instead of holding more for it (issue 17: no socket
 * may make the server hold more than ~1 MB). A real client that stalled reconnects and replays what it missed.
 */
const MAX_UNSENT_BYTES = 1024 * 1024;

/**
 * Cuts the socket once more than MAX_UNSENT_BYTES wait for it: those in engine.io's write buffer (packets made
 * while the transport is still busy with earlier ones, counted here until a flush hands them on) and those
 * the WebSocket holds. Closing politely would wait for the queue to drain, which a client that does not read
 * never lets happen: the TCP connection is destroyed at once, and with it everything queued.
 */
export function limitUnsent(deps: Deps, socket: AmikoSocket): void {
  let waiting = 0;
  let cut = false;
  socket.conn.on('packetCreate', (packet: { data?: unknown }) => {
    // A writable transport takes the packet at once (engine.io flushes right after this event, which sets
    // the count back to nothing): only packets that must wait are counted, off the path of a reading client.
    if (cut || socket.conn.transport.writable) return;
    const { data } = packet;
    waiting +=
      typeof data === 'string' ? Buffer.byteLength(data) : ArrayBuffer.isView(data) ? data.byteLength : 0;
    if (waiting + unsentBytes(socket) <= MAX_UNSENT_BYTES) return;
    cut = true;
    deps.log.warn(
      { memberId: socket.data.memberId },
      'socket cut: too much unsent for a client that does not read',
    );
    (socket.conn.transport as { socket?: { terminate?(): void } }).socket?.terminate?.();
  });
  socket.conn.on('flush', () => (waiting = 0));
}

/**
 * The listener of one client event, made once per server and shared by every socket (it finds its socket in
 * `this`, as socket.io calls it): a closure per event per socket was a tenth of what an idle connection held.
 * It validates the payload with its schema (CLIENT_EVENT_SCHEMAS), runs it, and answers through the ack with
 * the result or the refusal (an i18n key, never a stack trace).
 * Backpressure (issue 17): while earlier answers to this socket are still unsent, an event is dropped
 * unanswered (an answer would only join the queue; the client's ack times out and it asks again), and at
 * most MAX_EVENTS_IN_FLIGHT run at once, so a client that floods events and stops reading cannot make the
 * server build and hold answers for it without bound.
 */
export function handle<E extends keyof ClientToServerEvents, R>(
  { deps, work }: SocketContext,
  event: E,
  run: (socket: AmikoSocket, input: ClientEventInput<E>) => Promise<R>,
) {
  const schema = CLIENT_EVENT_SCHEMAS[event];
  const answer = (socket: AmikoSocket, input: unknown, ack: unknown) => {
    const reply = typeof ack === 'function' ? (ack as (result: Ack<R>) => void) : () => undefined;
    if (unsentBytes(socket) > 0) return;
    if (socket.data.eventsInFlight >= MAX_EVENTS_IN_FLIGHT)
      return reply({ ok: false, error: { appCode: 'BUSY', message: COMMON_ERRORS.tooManyRequests } });
    const parsed = schema.safeParse(input);
    if (!parsed.success) return reply(invalid(parsed.error));
    socket.data.eventsInFlight += 1;
    work.begin();
    // Both outcomes in one then(): a finally() would cost every event another promise.
    const done = (result: Ack<R>) => {
      socket.data.eventsInFlight -= 1;
      work.end();
      reply(result);
    };
    run(socket, parsed.data).then(
      (data) => done({ ok: true, data }),
      (error: unknown) => done(refusal(error, deps, event)),
    );
  };
  return function (this: AmikoSocket, input: unknown, ack?: unknown) {
    answer(this, input, ack);
  };
}
