// The socket.io contract between the server (apps/server/src/plugins/socket.ts) and its clients (the UI,
// the tests, the benchmark). Clients import the types with `import type`; the values, CLIENT_EVENT_SCHEMAS
// and CLIENT_EVENTS, are for the server (which validates each payload with its schema) and the security
// suite (which enumerates the events and fuzzes their schemas).
import {
  markReadSchema,
  podReadSchema,
  podSendSchema,
  podSyncSchema,
  podTargetSchema,
  sendMessageSchema,
  syncSchema,
  typingSchema,
  type AppErrorCode,
} from '@amiko/core';
import type { z } from 'zod';
import type {
  ConversationReadEvent,
  MessageView,
  NewMessageEvent,
  PodMessageEvent,
  PodMessageView,
  PodReadEvent,
  PodSyncResult,
  PodUnreadState,
  SyncResult,
  UnreadState,
} from './contracts.ts';

/** What an acknowledgement carries: the result, or the refusal as a stable code and an i18n key. */
export type Ack<T> = { ok: true; data: T } | { ok: false; error: { appCode: AppErrorCode; message: string } };

export interface ClientToServerEvents {
  /**
   * Sends a message. Wait for the ack; without one (timeout, reconnect) send again with the same clientId:
   * the server stores a clientId once per sender and answers a repeat with the stored message.
   */
  'message:send': (
    input: { to: string; clientId: string; body: string },
    ack: (result: Ack<MessageView>) => void,
  ) => void;
  /** Every message of the member's conversations after a message id; used after each (re)connect. */
  'message:sync': (input: { after: number }, ack: (result: Ack<SyncResult>) => void) => void;
  /** Marks the member's incoming messages of a conversation read, up to a message id. */
  'conversation:read': (
    input: { conversationId: string; upTo?: number },
    ack?: (result: Ack<{ upTo: number | null }>) => void,
  ) => void;
  /** "I am typing" in a conversation; send at most every few seconds while typing. */
  typing: (input: { conversationId: string }) => void;
  /**
   * Sends a message to a pod the member is in (issue 34), as message:send: wait for the ack, and without one
   * send again with the same clientId.
   */
  'pod:send': (
    input: { podId: string; clientId: string; body: string },
    ack: (result: Ack<PodMessageView>) => void,
  ) => void;
  /** A pod's messages after a message id; used after each (re)connect, for each of the member's pods. */
  'pod:sync': (input: { podId: string; after: number }, ack: (result: Ack<PodSyncResult>) => void) => void;
  /** Moves the member's read mark in a pod forward, up to a message id (default: all there are). */
  'pod:read': (
    input: { podId: string; upTo?: number },
    ack?: (result: Ack<{ upTo: number | null }>) => void,
  ) => void;
  /** "I am typing" in a pod; send at most every few seconds while typing. */
  'pod:typing': (input: { podId: string }, ack?: (result: Ack<null>) => void) => void;
}

/**
 * Every event a client may send, with the schema its payload is validated with (the server's socket plugin
 * and the fuzzer read it here). A record over ClientToServerEvents, so an event added to the contract
 * without an entry here (or an entry without an event) does not compile; the security suite's
 * authorisation matrix enumerates these and fails on an event without a row.
 */
const schemas = {
  'message:send': sendMessageSchema,
  'message:sync': syncSchema,
  'conversation:read': markReadSchema,
  typing: typingSchema,
  'pod:send': podSendSchema,
  'pod:sync': podSyncSchema,
  'pod:read': podReadSchema,
  'pod:typing': podTargetSchema,
} satisfies { [E in keyof ClientToServerEvents]: z.ZodType };
/** An event's payload after validation. */
export type ClientEventInput<E extends keyof ClientToServerEvents> = z.output<(typeof schemas)[E]>;
// Written as a mapped type, so that CLIENT_EVENT_SCHEMAS[event] keeps its event's type in generic code.
export const CLIENT_EVENT_SCHEMAS: {
  [E in keyof ClientToServerEvents]: z.ZodType<ClientEventInput<E>, z.input<(typeof schemas)[E]>>;
} = schemas;
export const CLIENT_EVENTS = Object.keys(CLIENT_EVENT_SCHEMAS) as (keyof ClientToServerEvents)[];

export interface ServerToClientEvents {
  /** A stored message of one of the member's conversations (sent or received, from any device). */
  'message:new': (message: NewMessageEvent) => void;
  /** The recipient read the messages of a conversation up to a message id (readBy). */
  'conversation:read': (event: ConversationReadEvent) => void;
  /** A participant deleted the conversation and all its messages. */
  'conversation:deleted': (event: { conversationId: string }) => void;
  /** The other participant is typing. */
  typing: (event: { conversationId: string; memberId: string }) => void;
  /** The member cleared the unread indicator (on any device). */
  'unread:cleared': (event: { through: number }) => void;
  /**
   * The member's unread state as the server counts it: on connecting (so after sign-in and every
   * reconnect), after they read a conversation on any device, after a deletion; after a message to them
   * when its 'message:new' could not carry it (NewMessageEvent).
   */
  'unread:changed': (state: UnreadState) => void;
  /** A stored message of one of the member's pods (from anyone they see there, or their own from any device). */
  'pod:message': (message: PodMessageEvent) => void;
  /** A member of one of the member's pods moved their read mark ("Seen by"). */
  'pod:read': (event: PodReadEvent) => void;
  /** A member of one of the member's pods is typing there. */
  'pod:typing': (event: { podId: string; memberId: string }) => void;
  /**
   * The member's unread pods as the server counts them: on connecting, after they read a pod on any device,
   * after a pod message to them when its 'pod:message' could not carry them (PodMessageEvent).
   */
  'pod:unread': (state: PodUnreadState) => void;
  /**
   * The meetups of a pod the member is in, or of an open meetup they answered, changed: one proposed, an
   * answer, a place moving up from the waitlist, a cancellation. The client reads them again (what it may see
   * of them), and the pod's card (its next meetup).
   */
  'pod:meetups': (event: { podId: string }) => void;
  /**
   * A pod the member is in (or just left, was removed from, or asked to join) changed: someone joined, asked,
   * left or was removed, or a role changed. The client reads the pod again.
   */
  'pod:changed': (event: { podId: string }) => void;
}

/** What the server keeps about each socket, from its handshake. */
export interface SocketData {
  memberId: string;
  sessionId: string;
  sessionExpiresAt: number;
  /** Whether the member may send; re-read from the database while false (a payment may have arrived). */
  canMessage: boolean;
  /** Events of this socket being answered right now (backpressure: a few at a time). */
  eventsInFlight: number;
  /** When this socket last passed on a typing signal, to a conversation and to a pod (epoch ms; 0: never). */
  lastTypingAt: number;
  lastPodTypingAt: number;
}
