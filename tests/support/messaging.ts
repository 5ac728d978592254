import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type {
  Ack,
  AppRouter,
  ClientToServerEvents,
  MessageView,
  PodMessageEvent,
  PodMessageView,
  PodUnreadState,
  ServerToClientEvents,
} from '@amiko/api';
import { createSessionStore } from '@amiko/auth';
import { SESSION_COOKIE, TRPC_MAX_BATCH } from '@amiko/core';
import type { Database } from '@amiko/db';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { io, type Socket } from 'socket.io-client';
import { Browserish } from './http.ts';
import { insertMember, type TestMemberOptions } from './members.ts';
import type { TestClient } from './server.ts';

export type MessagingSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface ConnectOptions {
  /** The Cookie header (default: none). */
  cookie?: string;
  /** The Origin header a browser would send (default: the server's own). */
  origin?: string | null;
  /** socket.io-client reconnection (default off: tests see each disconnect). */
  reconnection?: boolean;
}

/** A socket.io client as the browser opens it: WebSocket only, with the page's Origin and cookie. */
export function openSocket(url: string, options: ConnectOptions = {}): MessagingSocket {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin !== null) headers.origin = options.origin ?? url;
  return io(url, {
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: options.reconnection ?? false,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
    forceNew: true,
  });
}

/** Connects and resolves once connected; rejects with the server's refusal (an i18n key) otherwise. */
export async function connectSocket(url: string, options: ConnectOptions = {}): Promise<MessagingSocket> {
  const socket = openSocket(url, options);
  await connected(socket);
  return socket;
}

/**
 * Connects, and resolves once the socket has the unread state every connection is sent. Until then a
 * message's unread state does not travel with it (it could overtake that older one: the server reads it
 * again and sends it as unread:changed after), so a test that checks `message:new`'s `unread` connects so.
 */
export async function connectSocketWithState(
  url: string,
  options: ConnectOptions = {},
): Promise<MessagingSocket> {
  const socket = openSocket(url, options);
  const state = nextEvent(socket, 'unread:changed');
  state.catch(() => undefined); // a refused connection rejects first: this one is not left unhandled
  await connected(socket);
  await state;
  return socket;
}

function connected(socket: MessagingSocket): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

export const sessionCookie = (token: string) => `${SESSION_COOKIE}=${token}`;

/** A pod message as its sender's ack has it: without the unread pods a recipient's copy may carry. */
export function podMessageOf({ unread: _unread, ...message }: PodMessageEvent): PodMessageView {
  return message;
}

/**
 * What a socket hears of pod messages and of the member's unread pods, in order, as the app takes them: the
 * unread pods a message carries (PodMessageEvent) count as the state they are, beside 'pod:unread'.
 */
export function hearPods(socket: MessagingSocket) {
  const heard = { messages: [] as PodMessageView[], unread: [] as PodUnreadState[] };
  socket.on('pod:message', ({ unread, ...message }) => {
    heard.messages.push(message);
    if (unread) heard.unread.push(unread);
  });
  socket.on('pod:unread', (state) => heard.unread.push(state));
  return heard;
}

/** The next `event` on a socket (rejects after timeoutMs). */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: MessagingSocket,
  event: E,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler as never);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, handler as never);
  });
}

/** Resolves with the reason once the socket is disconnected (rejects after timeoutMs). */
export function disconnection(socket: MessagingSocket, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Collects every `message:new` a socket receives. */
export function collectMessages(socket: MessagingSocket): MessageView[] {
  const received: MessageView[] = [];
  socket.on('message:new', (message) => received.push(message));
  return received;
}

/** Emits a client event and resolves with its ack (rejects after timeoutMs). */
export async function request<R>(
  socket: MessagingSocket,
  event: keyof ClientToServerEvents,
  payload: unknown,
  timeoutMs = 5000,
): Promise<Ack<R>> {
  return (await (socket.timeout(timeoutMs) as unknown as Socket).emitWithAck(event, payload)) as Ack<R>;
}

/** Sends a message over a socket and returns the ack. */
export function sendOver(
  socket: MessagingSocket,
  to: string,
  body: string,
  clientId: string = randomUUID(),
): Promise<Ack<MessageView>> {
  return request<MessageView>(socket, 'message:send', { to, clientId, body });
}

/**
 * Resolves once `check` holds, polling (rejects after timeoutMs with `what`). 15 s: a socket's connection
 * and first state took over 5 s once with two test files, a CI run and a browser journey on two cores;
 * what never comes still fails.
 */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A tRPC client for a server at `url` (e.g. a spawned process), signed in with a session token. */
export function clientFor(url: string, token: string): TestClient {
  const http = new Browserish(url);
  http.cookies.set(SESSION_COOKIE, token);
  const trpc = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        maxItems: TRPC_MAX_BATCH,
        url: `${url}/trpc`,
        fetch: (input, init) => http.fetch(String(input), init as RequestInit),
      }),
    ],
  });
  return { http, trpc };
}

/** A member put into a database directly, with a session token (for servers running in other processes). */
export async function memberWithSession(database: Database, options: TestMemberOptions = {}) {
  const member = await insertMember(database, options);
  const { token } = await createSessionStore(database).create(member.id);
  return { ...member, token };
}

/** A TCP port nobody listens on right now (for a server that must come back on the same address). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
