import {
  podTypingAudience,
  publishPodUnread,
  publishUnread,
  readConversation,
  readPod,
  send,
  sendToPod,
  syncPod,
  sessionEndingActionsSince,
  stampActivity,
  sync,
  forgetMessageMails,
  scheduleWaitingMails,
  typingRecipient,
  type ClientToServerEvents,
  type Deps,
  type Realtime,
  type ServerToClientEvents,
  type SocketData,
} from '@amiko/api';
import { ACTIVITY_STAMP_INTERVAL_MS, canMessage, COMMON_ERRORS } from '@amiko/core';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { Redis } from '../redis.ts';
import { sessionCookieName } from '../session.ts';
import { isAllowedOrigin, type OriginPolicy } from './security.ts';
import {
  createRunningWork,
  handle,
  limitUnsent,
  type AmikoSocket,
  type SocketContext,
} from './socket-handling.ts';

// Live messaging over socket.io on the same HTTP server as everything else.
// - The handshake needs a trusted Origin and a valid session cookie of a verified member; rooms are per
//   member and per session, chosen here from the session, never by the client.
// - Every event runs the same service function as its tRPC procedure (send, sync, readConversation), with
//   the same checks; the payload is validated with the procedure's schema first.
// - WebSocket only: no long-polling, so no sticky sessions behind a load balancer.
// - With Redis, the adapter carries emits and disconnects to the sockets of every process.

/** The largest frame a client may send: a message at MESSAGE_MAX_LENGTH, escaped, fits with room to spare. */
export const SOCKET_MAX_PAYLOAD_BYTES = 64 * 1024;
/** A socket whose session has expired is closed within this interval. */
const SESSION_SWEEP_MS = 60_000;
/**
 * How often each process reads the moderation log for members suspended or deleted by another process
 * (`pnpm admin`, which has no sockets): their sockets here close within this and one query.
 */
export const SESSION_END_POLL_MS = 500;
/** How far back that read looks: more than a stalled poll or clocks differing between hosts could miss. */
const SESSION_END_LOOKBACK_MS = 60_000;
/** Clocks of the hosts that write the log (servers, the command line) may differ by this much. */
const CLOCK_MARGIN_MS = 5_000;
/** Live sockets one member may hold (tabs, devices); a new one beyond it closes their oldest. */
export const MAX_SOCKETS_PER_MEMBER = 20;
/** The typing indicator is relayed at most this often per socket. */
const TYPING_INTERVAL_MS = 1000;

type AmikoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const memberRoom = (memberId: string) => `m:${memberId}`;
const sessionRoom = (sessionId: string) => `s:${sessionId}`;

export interface SocketOptions {
  originPolicy: OriginPolicy;
  redis: Redis | null;
}

/**
 * At most MAX_SOCKETS_PER_MEMBER live sockets per member, in every process (fetchSockets asks them all
 * through the adapter): a script opening sockets without end cannot hold the server's memory, and a
 * member's real tabs and devices are far fewer. The oldest go first; their clients may reconnect.
 */
async function closeOldestBeyondLimit(io: AmikoServer, memberId: string): Promise<void> {
  const sockets = await io.in(memberRoom(memberId)).fetchSockets();
  if (sockets.length <= MAX_SOCKETS_PER_MEMBER) return;
  const oldestFirst = sockets.sort((a, b) => a.handshake.issued - b.handshake.issued);
  for (const socket of oldestFirst.slice(0, sockets.length - MAX_SOCKETS_PER_MEMBER)) socket.disconnect(true);
}

export interface LiveConnections {
  io: AmikoServer;
  /** What services use to reach members' sockets; part of Deps. */
  realtime: Realtime;
  /** From now on new connections are refused (the server is stopping): their clients retry, elsewhere. */
  refuseNew(): void;
}

/**
 * The socket.io server on the app's HTTP server, and the Realtime the services emit through. Built before
 * Deps (which holds the Realtime); registerSocket then wires the events to the services.
 */
export function createLiveConnections(app: FastifyInstance, options: SocketOptions): LiveConnections {
  let refusing = false;
  const io: AmikoServer = new Server(app.server, {
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: SOCKET_MAX_PAYLOAD_BYTES,
    // Cross-site WebSocket hijacking: browsers send the page's Origin with the upgrade; only ours may connect.
    allowRequest: (request, callback) => {
      if (refusing) return callback(null, false);
      const allowed = isAllowedOrigin(request.headers.origin, request.headers.host, options.originPolicy);
      if (!allowed) app.log.warn({ origin: request.headers.origin }, 'socket refused: origin not allowed');
      callback(null, allowed);
    },
  });

  if (options.redis) {
    const redis = options.redis;
    // Plugins load while the server starts: start() has connected Redis by then (or this waits for it).
    app.register(async () => {
      await redis.connect();
      io.adapter(createAdapter(redis.client, redis.subscriber, { key: `${redis.prefix}:socket.io` }));
    });
  }

  const realtime: Realtime = {
    async isOnline(memberId) {
      return (await io.in(memberRoom(memberId)).fetchSockets()).length > 0;
    },
    isConnectedHere(memberId) {
      return (io.of('/').adapter.rooms.get(memberRoom(memberId))?.size ?? 0) > 0;
    },
    disconnectMember(memberId, { exceptSessionId } = {}) {
      const sockets = io.in(memberRoom(memberId));
      (exceptSessionId ? sockets.except(sessionRoom(exceptSessionId)) : sockets).disconnectSockets(true);
    },
    emitTo(to, event, ...payload) {
      const { members, exceptSocket } = typeof to === 'string' ? { members: [to] } : to;
      const rooms = io.to(members.map(memberRoom));
      (exceptSocket ? rooms.except(exceptSocket) : rooms).emit(event, ...payload);
    },
  };
  return { io, realtime, refuseNew: () => (refusing = true) };
}

/** Wires the client events to the services: call after Deps (with the Realtime above) is built. */
export function registerSocket(app: FastifyInstance, deps: Deps, live: LiveConnections): void {
  const { io } = live;
  const work = createRunningWork();
  const context: SocketContext = { deps, work };
  io.use((socket, next) => {
    const token = app.parseCookie(socket.handshake.headers.cookie ?? '')[
      sessionCookieName({ secure: deps.config.production })
    ];
    if (!token) return next(new Error(COMMON_ERRORS.notSignedIn));
    work.track(
      deps.sessions.validate(token).then((session) => {
        if (!session) return next(new Error(COMMON_ERRORS.notSignedIn));
        if (!session.member.emailVerified) return next(new Error(COMMON_ERRORS.emailNotVerified));
        socket.data = {
          memberId: session.member.id,
          sessionId: session.id,
          sessionExpiresAt: session.expiresAt.getTime(),
          canMessage: canMessage(session.member),
          eventsInFlight: 0,
          lastTypingAt: 0,
          lastPodTypingAt: 0,
        };
        next();
      }),
      (error: unknown) => {
        app.log.error({ err: error }, 'socket handshake failed');
        next(new Error(COMMON_ERRORS.unknown));
      },
    );
  });

  // What every socket listens with, made once here and shared: each finds its socket in `this`, so that an
  // idle connection holds no closures of its own for them (issue 32: they were a tenth of its memory).
  const listeners = socketListeners(context, io);

  io.on('connection', (socket: AmikoSocket) => {
    const { memberId, sessionId } = socket.data;
    // The upgrade's HTTP request, which engine.io keeps for the connection's life, is not read after the
    // handshake (its headers live on in socket.handshake): let it go, as socket.io's guide on memory advises
    // (issue 32.3: 2.2 of the 15.1 KB an idle connection held).
    (socket.conn as { request: unknown }).request = null;
    limitUnsent(deps, socket);
    void socket.join([memberRoom(memberId), sessionRoom(sessionId)]);
    // The member is back: mails about their next unread messages may go out again.
    work.track(forgetMessageMails(deps, memberId), (error) =>
      deps.log.warn({ err: error, memberId }, 'message mails not reset'),
    );
    work.track(stampActivity(deps, [memberId]), (error) =>
      deps.log.warn({ err: error, memberId }, 'activity not stamped'),
    );
    socket.on('disconnect', listeners.disconnect);
    work.track(closeOldestBeyondLimit(io, memberId), (error) =>
      deps.log.warn({ err: error, memberId }, 'socket limit not checked'),
    );
    socket.onAnyOutgoing(listeners.outgoing);
    // The unread count as it stands, on every connection: after sign-in, after a reconnect (sleep, network),
    // whatever happened in between; in turn with the messages' publications to this member, as below.
    work.track(
      publishUnread(deps, memberId, (state) => socket.emit('unread:changed', state)),
      (error) => deps.log.error({ err: error }, 'unread state not sent'),
    );
    // In turn with the pod messages' publications to this member: an earlier state never comes after one.
    work.track(
      publishPodUnread(deps, memberId, (state) => socket.emit('pod:unread', state)),
      (error) => deps.log.error({ err: error }, 'unread pods not sent'),
    );
    for (const [event, listener] of listeners.events) socket.on(event, listener);
  });

  // Sessions are checked at the handshake; one that simply runs out (no sign-out) ends its sockets here.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const socket of io.of('/').sockets.values()) {
      if (socket.data.sessionExpiresAt <= now) socket.disconnect(true);
    }
  }, SESSION_SWEEP_MS);
  sweep.unref();

  // Members with a live socket here are active: their last activity is kept younger than "Active now"
  // (services/activity.ts), one UPDATE per interval for all of them.
  const activity = setInterval(() => {
    const members = new Set<string>();
    for (const socket of io.of('/').sockets.values()) members.add(socket.data.memberId);
    if (members.size === 0) return;
    work.track(stampActivity(deps, [...members]), (error) =>
      deps.log.warn({ err: error }, 'activity of connected members not stamped'),
    );
  }, ACTIVITY_STAMP_INTERVAL_MS);
  activity.unref();

  // An operator's suspension or deletion ends the member's sessions in the database at once; their sockets
  // here are closed by this watch of the moderation log, whichever process acted (docs/decisions.md,
  // "Suspension reaches every process"). Each action is handled once; a process started after an action
  // has no socket it could concern (its sessions were gone before any handshake here).
  // The watch starts once the server listens: start() has applied the migrations by then, and a fresh
  // database has no moderation log before (reading it earlier logged a warning on every first start).
  const watchedFrom = Date.now() - CLOCK_MARGIN_MS;
  const handled = new Map<number, number>();
  let reading = false;
  let sessionEnds: NodeJS.Timeout | undefined;
  const readSessionEnds = () => {
    if (reading) return;
    reading = true;
    const since = Math.max(Date.now() - SESSION_END_LOOKBACK_MS, watchedFrom);
    work.track(
      sessionEndingActionsSince(deps, new Date(since))
        .then((actions) => {
          for (const action of actions) {
            if (handled.has(action.id)) continue;
            handled.set(action.id, action.createdAt.getTime());
            io.local.in(memberRoom(action.memberId)).disconnectSockets(true);
          }
          for (const [id, at] of handled) if (at < since) handled.delete(id);
        })
        .finally(() => (reading = false)),
      (error) => deps.log.warn({ err: error }, 'moderation log not read'),
    );
  };
  app.addHook('onListen', async () => {
    sessionEnds = setInterval(readSessionEnds, SESSION_END_POLL_MS);
    sessionEnds.unref();
  });

  // Stopping, before the HTTP server and then the database close: no new connections; the live ones closed,
  // so that the HTTP server can finish closing; then what their disconnects started (the mails of members
  // who left with messages unread) and events still being answered finish while the database is open.
  // Closing the transports (not a socket.io "disconnect", which tells clients not to come back) makes the
  // clients reconnect, to another process if there is one, and replay what they missed.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    clearInterval(activity);
    clearInterval(sessionEnds);
    live.refuseNew();
    io.engine.close();
    await work.idle();
  });
  app.addHook('onClose', async () => {
    await io.of('/').adapter.close();
  });
}

/** The listeners of registerSocket, shared by all sockets (socket.io calls each with its socket as `this`). */
function socketListeners(context: SocketContext, io: AmikoServer) {
  const { deps, work } = context;
  const events: [keyof ClientToServerEvents, (this: AmikoSocket, ...args: unknown[]) => void][] = [
    [
      'message:send',
      handle(context, 'message:send', async (socket, input) => {
        const sender = { id: socket.data.memberId, canMessage: socket.data.canMessage };
        // This socket has its answer in the ack; the member's other devices get the event.
        const { message } = await send(deps, sender, input, { exceptSocket: socket.id });
        socket.data.canMessage = true; // access only grows: no need to look again
        return message;
      }),
    ],
    [
      'message:sync',
      handle(context, 'message:sync', (socket, input) => sync(deps, socket.data.memberId, input.after)),
    ],
    [
      'conversation:read',
      handle(context, 'conversation:read', (socket, input) =>
        readConversation(deps, socket.data.memberId, input),
      ),
    ],
    [
      'typing',
      handle(context, 'typing', async (socket, input) => {
        const now = Date.now();
        if (now - socket.data.lastTypingAt < TYPING_INTERVAL_MS) return null;
        socket.data.lastTypingAt = now;
        const { memberId } = socket.data;
        const other = await typingRecipient(deps, memberId, input.conversationId);
        if (other)
          io.to(memberRoom(other)).emit('typing', { conversationId: input.conversationId, memberId });
        return null;
      }),
    ],
    // Pods (issue 34): the same service functions as pods.send, pods.sync and pods.read.
    [
      'pod:send',
      handle(context, 'pod:send', async (socket, input) => {
        const sender = { id: socket.data.memberId, canMessage: socket.data.canMessage };
        const { message } = await sendToPod(deps, sender, input, { exceptSocket: socket.id });
        socket.data.canMessage = true; // access only grows: no need to look again
        return message;
      }),
    ],
    ['pod:sync', handle(context, 'pod:sync', (socket, input) => syncPod(deps, socket.data.memberId, input))],
    ['pod:read', handle(context, 'pod:read', (socket, input) => readPod(deps, socket.data.memberId, input))],
    [
      'pod:typing',
      handle(context, 'pod:typing', async (socket, input) => {
        const now = Date.now();
        if (now - socket.data.lastPodTypingAt < TYPING_INTERVAL_MS) return null;
        socket.data.lastPodTypingAt = now;
        const { memberId } = socket.data;
        // Only a member of the pod (NOT_FOUND otherwise), to the others there who see them.
        const others = await podTypingAudience(deps, memberId, input.podId);
        if (others.length > 0)
          io.to(others.map(memberRoom)).emit('pod:typing', { podId: input.podId, memberId });
        return null;
      }),
    ],
  ];
  return {
    events,
    // Their last socket here gone: mails about what waits unread are scheduled now (a send to a member
    // connected here schedules none, which keeps that work off the send path).
    disconnect(this: AmikoSocket) {
      const { memberId } = this.data;
      if (deps.realtime.isConnectedHere(memberId)) return;
      work.track(scheduleWaitingMails(deps, memberId), (error) =>
        deps.log.warn({ err: error, memberId }, 'message mails not scheduled'),
      );
    },
    // Messages delivered live, for the metrics: counted on the recipient's first socket in this process, so
    // once per process however many tabs they have open.
    outgoing(this: AmikoSocket, event: string, payload: { recipientId?: string } | undefined) {
      const { memberId } = this.data;
      if (event !== 'message:new' || payload?.recipientId !== memberId) return;
      const first = io.of('/').adapter.rooms.get(memberRoom(memberId))?.values().next().value;
      if (first === this.id) deps.metrics.messagesDelivered('live', 1);
    },
  };
}
