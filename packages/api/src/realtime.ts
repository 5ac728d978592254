/**
 * What the API asks of the live connections (socket.io in the server). Services depend on this interface
 * only, so they run the same with or without a socket server attached.
 */
export interface Realtime {
  /** Closes a member's sockets at once: all of them, or all but those of one session. */
  disconnectMember(memberId: string, options?: { exceptSessionId?: string }): void;
  /** Sends an event to every socket of a member, in every server process. */
  emitToMember(memberId: string, event: string, payload: unknown): void;
}

export const noRealtime: Realtime = {
  disconnectMember() {},
  emitToMember() {},
};
