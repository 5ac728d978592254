import type { ServerToClientEvents } from './socket-events.ts';

/**
 * Whom an emit reaches: every socket of a member, or of several members (one emit: the event is encoded
 * once), optionally all but the socket the change came from (it already has its answer in the ack).
 */
export type Audience = string | { members: readonly string[]; exceptSocket?: string | undefined };

/**
 * What the API asks of the live connections (socket.io in the server). Services depend on this interface
 * only, so they run the same with or without a socket server attached.
 */
export interface Realtime {
  /** Whether the member has a live socket in any server process (asked through the adapter). */
  isOnline(memberId: string): Promise<boolean>;
  /** Whether the member has a live socket in this process: a free, local question (no adapter round trip). */
  isConnectedHere(memberId: string): boolean;
  /** Closes a member's sockets at once: all of them, or all but those of one session. */
  disconnectMember(memberId: string, options?: { exceptSessionId?: string }): void;
  /**
   * Sends an event of the socket contract to every socket of the audience, in every server process. Typed
   * by the contract: an event's payload that does not match ServerToClientEvents does not compile.
   */
  emitTo<E extends keyof ServerToClientEvents>(
    to: Audience,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
}
