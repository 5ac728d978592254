import type { ServerToClientEvents } from './socket-events.ts';

/**
 * What the API asks of the live connections (socket.io in the server). Services depend on this interface
 * only, so they run the same with or without a socket server attached.
 */
export interface Realtime {
  /** Closes a member's sockets at once: all of them, or all but those of one session. */
  disconnectMember(memberId: string, options?: { exceptSessionId?: string }): void;
  /** Sends an event of the socket contract to every socket of a member, in every server process. */
  emitToMember<E extends keyof ServerToClientEvents>(
    memberId: string,
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void;
}

export const noRealtime: Realtime = {
  disconnectMember() {},
  emitToMember() {},
};
