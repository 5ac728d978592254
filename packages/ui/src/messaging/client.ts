import type {
  Ack,
  ClientToServerEvents,
  ConversationReadEvent,
  MessageView,
  PodUnreadState,
  ServerToClientEvents,
  SyncResult,
  UnreadState,
} from '@amiko/api';
import { createReplayCursor, newClientId, type AppErrorCode } from '@amiko/core';
import { io, type Socket } from 'socket.io-client';

// The live side of messaging, without React: one socket per signed-in member, the outbox of messages on
// their way, the replay after every reconnect and the typing indicators. useMessagingLive.ts connects it
// to the query caches; the screens read it through useMessagingClient.

export type MessagingSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** How long the client waits before asking again; the tests shorten them. */
export interface MessagingTiming {
  /** For the server's ack before sending or asking again (a send with the same clientId). */
  ackTimeoutMs: number;
  /** Before connecting again after the server refused for a reason other than the session. */
  retryRefusedMs: number;
  /** Before asking again for a refused or unanswered replay page: a wait per failure in a row, the last repeated. */
  replayRetryMs: readonly number[];
  /** Before sending again what the server was too busy to take (BUSY: this socket's earlier events in hand). */
  busyRetryMs: number;
}

export const MESSAGING_TIMING: MessagingTiming = {
  ackTimeoutMs: 8000,
  retryRefusedMs: 5000,
  replayRetryMs: [1000, 2000, 5000, 10_000, 30_000],
  busyRetryMs: 500,
};

/** A read mark refused as BUSY is sent this many times at most. */
const MARK_READ_ATTEMPTS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A typing indicator shows this long after the last "typing" event. */
const TYPING_SHOWS_MS = 4000;
/** Tell the other member at most this often that we are typing. */
export const TYPING_SEND_INTERVAL_MS = 2500;

export interface OutboxEntry {
  clientId: string;
  to: string;
  body: string;
  createdAt: number;
  status: 'sending' | 'failed';
  error?: { appCode: AppErrorCode; message: string };
  /** Refused for good: sending it again can never work (a block, a deleted account), so no "Try again". */
  final?: boolean;
}

type Refusal = NonNullable<OutboxEntry['error']>;

/**
 * Refusals that no retry can change, for this member and everything else sent to them: a block in either
 * direction, or an account deleted meanwhile (issue 30.5).
 */
export function isFinalRefusal(error: Refusal): boolean {
  return error.appCode === 'BLOCKED' || error.message === 'messages:errors.memberDeleted';
}

export interface MessagingHandlers {
  /** A stored message: from the live feed, a replay, or the ack of our own send. */
  message(message: MessageView, source: 'live' | 'replay' | 'ack'): void;
  read(event: ConversationReadEvent): void;
  deleted(conversationId: string): void;
  unreadCleared(): void;
  /** The unread flag and count as the server counts them (on connecting and whenever they change). */
  unread(state: UnreadState): void;
  /** The member's unread pods as the server counts them (on connecting and whenever they change). */
  podUnread(state: PodUnreadState): void;
  /** The meetups of a pod changed (one proposed, answers, a place moving up, a cancellation): read again. */
  podMeetups(podId: string): void;
  /** A pod changed (someone joined, asked, left or was removed, a role): to be read again. */
  podChanged(podId: string): void;
  /** Connected (again): whatever was missed while away must be read again. */
  connected(again: boolean): void;
  /** The server ended the connection or refused it for want of a session: the session is over. */
  sessionEnded(): void;
  /**
   * A send was refused because the member has no access to messaging (SPEC §6: go to payment). The refused
   * message is out of the outbox; it comes along, to be kept as the draft.
   */
  paymentRequired(refused: { to: string; body: string }): void;
}

type Listener = () => void;

function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type MessagingClient = ReturnType<typeof createMessagingClient>;

export function createMessagingClient(
  apiBaseUrl: string,
  handlers: MessagingHandlers,
  timing: MessagingTiming = MESSAGING_TIMING,
) {
  const socket: MessagingSocket = io(apiBaseUrl || undefined, {
    // WebSocket only: no long-polling, so no sticky sessions behind a load balancer.
    transports: ['websocket'],
    withCredentials: true,
    autoConnect: false,
    reconnectionDelayMax: 5000,
  });
  const cursor = createReplayCursor();
  let cursorKnown = false;
  let connectedBefore = false;
  let stopped = false;

  const outbox = createStore<OutboxEntry[]>([]);
  /** The members a send was refused to for good in this session, with the refusal. */
  const closed = createStore<ReadonlyMap<string, Refusal>>(new Map());
  const typing = createStore<ReadonlyMap<string, { memberId: string; until: number }>>(new Map());
  const connection = createStore<boolean>(false);

  const seen = (message: MessageView, source: 'live' | 'replay' | 'ack') => {
    if (source !== 'replay') cursor.seenLive(message.id, Date.now());
    clearTyping(message.conversationId, message.senderId);
    handlers.message(message, source);
  };

  // Catching up after a (re)connect: page after page until the server says there is no more. A page refused
  // (the replay limit, a busy server) or not answered (a server that dropped the event while its answers to
  // this socket were still unsent) is asked for again after a growing wait, as long as the connection lasts;
  // a new connection starts a new replay, which ends this one.
  let replays = 0;
  async function replay() {
    if (!cursorKnown) return;
    const run = ++replays;
    let failures = 0;
    let after = cursor.resumeAfter(Date.now());
    while (run === replays && !stopped && socket.connected) {
      let result: Ack<SyncResult> | null;
      try {
        result = (await socket
          .timeout(timing.ackTimeoutMs)
          .emitWithAck('message:sync', { after })) as Ack<SyncResult>;
      } catch {
        result = null; // no answer in time, or the connection dropped
      }
      if (run !== replays) return;
      if (result?.ok) {
        failures = 0;
        for (const message of result.data.messages) seen(message, 'replay');
        after = result.data.messages.at(-1)?.id ?? after;
        cursor.seenSnapshot(after);
        if (!result.data.more) return;
      } else {
        const waits = timing.replayRetryMs;
        await sleep(waits[Math.min(failures++, waits.length - 1)] ?? 0);
      }
    }
  }

  socket.on('connect', () => {
    connection.set(true);
    const again = connectedBefore;
    connectedBefore = true;
    handlers.connected(again);
    void replay();
    void pump();
  });
  socket.on('disconnect', (reason) => {
    connection.set(false);
    cursor.disconnected(Date.now());
    // The server closes a socket whose session ended (sign-out, password change, deletion).
    if (reason === 'io server disconnect') handlers.sessionEnded();
  });
  socket.on('connect_error', (error) => {
    // Unreachable: socket.io keeps trying by itself. Refused by the server: without a session that is the
    // end; anything else (a database hiccup) is worth another try in a moment.
    if (socket.active) return;
    if (error.message === 'common:errors.notSignedIn' || error.message === 'common:errors.emailNotVerified') {
      handlers.sessionEnded();
    } else {
      setTimeout(() => {
        if (!stopped && !socket.connected) socket.connect();
      }, timing.retryRefusedMs);
    }
  });
  socket.on('message:new', ({ unread, ...message }) => {
    seen(message, 'live');
    if (unread) handlers.unread(unread);
  });
  socket.on('conversation:read', (event) => handlers.read(event));
  socket.on('conversation:deleted', ({ conversationId }) => handlers.deleted(conversationId));
  socket.on('unread:cleared', () => handlers.unreadCleared());
  socket.on('unread:changed', (state) => handlers.unread(state));
  socket.on('pod:unread', (state) => handlers.podUnread(state));
  // A pod message carries its recipient's unread pods when it can (PodMessageEvent); an open pod's chat
  // takes the message itself (usePodChat).
  socket.on('pod:message', ({ unread }) => {
    if (unread) handlers.podUnread(unread);
  });
  socket.on('pod:meetups', ({ podId }) => handlers.podMeetups(podId));
  socket.on('pod:changed', ({ podId }) => handlers.podChanged(podId));
  socket.on('typing', ({ conversationId, memberId }) => {
    const next = new Map(typing.get());
    next.set(conversationId, { memberId, until: Date.now() + TYPING_SHOWS_MS });
    typing.set(next);
    setTimeout(() => {
      const current = typing.get().get(conversationId);
      if (current && current.until <= Date.now()) clearTyping(conversationId, memberId);
    }, TYPING_SHOWS_MS + 50);
  });

  function clearTyping(conversationId: string, memberId: string) {
    if (typing.get().get(conversationId)?.memberId !== memberId) return;
    const next = new Map(typing.get());
    next.delete(conversationId);
    typing.set(next);
  }

  const update = (clientId: string, change: Partial<OutboxEntry> | null) =>
    outbox.set(
      change === null
        ? outbox.get().filter((e) => e.clientId !== clientId)
        : outbox.get().map((e) => (e.clientId === clientId ? { ...e, ...change } : e)),
    );

  const connected = () =>
    socket.connected
      ? Promise.resolve()
      : new Promise<void>((resolve) => socket.once('connect', () => resolve()));

  // One send at a time, oldest first: the member's messages are stored in the order they were written.
  let pumping = false;
  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      for (;;) {
        const entry = outbox.get().find((e) => e.status === 'sending');
        if (!entry || stopped) return;
        await connected();
        if (stopped) return;
        let ack: Ack<MessageView>;
        try {
          ack = (await socket.timeout(timing.ackTimeoutMs).emitWithAck('message:send', {
            to: entry.to,
            clientId: entry.clientId,
            body: entry.body,
          })) as Ack<MessageView>;
        } catch {
          continue; // no ack (connection lost, server gone): the same clientId again, never a copy
        }
        if (ack.ok) {
          update(entry.clientId, null);
          seen(ack.data, 'ack');
        } else if (ack.error.appCode === 'PAYMENT_REQUIRED') {
          update(entry.clientId, null);
          handlers.paymentRequired({ to: entry.to, body: entry.body });
        } else if (ack.error.appCode === 'BUSY') {
          // Refused before any work (this socket's earlier events still in hand): still sending, in a moment.
          await sleep(timing.busyRetryMs);
        } else if (isFinalRefusal(ack.error)) {
          // Every message waiting for this member would be refused the same way: none is sent or offered
          // again, and the conversation says why once.
          const error = ack.error;
          outbox.set(
            outbox
              .get()
              .map((e): OutboxEntry =>
                e.to === entry.to && e.status === 'sending'
                  ? { ...e, status: 'failed', error, final: true }
                  : e,
              ),
          );
          closed.set(new Map(closed.get()).set(entry.to, error));
        } else {
          update(entry.clientId, { status: 'failed', error: ack.error });
        }
      }
    } finally {
      pumping = false;
    }
  }

  let lastTypingSent = 0;

  return {
    socket,
    outbox,
    closed,
    typing,
    connection,
    start() {
      stopped = false;
      socket.connect();
    },
    stop() {
      stopped = true;
      socket.disconnect();
      outbox.set([]);
      closed.set(new Map());
      typing.set(new Map());
    },
    /** A consistent snapshot (the conversation list) has every message up to `id`: replay after it. */
    knownUpTo(id: number) {
      cursorKnown = true;
      cursor.seenSnapshot(id);
    },
    send(to: string, body: string) {
      const entry: OutboxEntry = {
        clientId: newClientId(),
        to,
        body,
        createdAt: Date.now(),
        status: 'sending',
      };
      outbox.set([...outbox.get(), entry]);
      void pump();
      return entry.clientId;
    },
    retry(clientId: string) {
      if (outbox.get().find((e) => e.clientId === clientId)?.final) return;
      update(clientId, { status: 'sending', error: undefined });
      void pump();
    },
    discard(clientId: string) {
      update(clientId, null);
    },
    /**
     * Marks the conversation read up to a message id; false when not connected (use HTTP then). Refused as
     * BUSY (this socket's earlier events still in hand), it is sent again in a moment, a few times: else the
     * server's unread count would stay up for a conversation the member has read.
     */
    markRead(conversationId: string, upTo: number): boolean {
      if (!socket.connected) return false;
      void (async () => {
        for (let attempt = 1; attempt <= MARK_READ_ATTEMPTS && !stopped; attempt++) {
          const ack = (await socket
            .timeout(timing.ackTimeoutMs)
            .emitWithAck('conversation:read', { conversationId, upTo })
            .catch(() => null)) as Ack<{ upTo: number | null }> | null;
          if (ack?.ok !== false || ack.error.appCode !== 'BUSY') return;
          await sleep(timing.busyRetryMs * attempt);
        }
      })();
      return true;
    },
    typingIn(conversationId: string) {
      const now = Date.now();
      if (!socket.connected || now - lastTypingSent < TYPING_SEND_INTERVAL_MS) return;
      lastTypingSent = now;
      socket.emit('typing', { conversationId });
    },
  };
}
