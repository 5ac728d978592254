import type { ServerOptions } from 'node:http';

/**
 * The timeouts of every HTTP listener Amiko opens: the public port and the metrics port. A request whose
 * headers or body never finish arriving (slow-drip) would hold its connection and memory forever. Node
 * checks the running requests every connectionsCheckingInterval, so the body's 25 s plus that check cut
 * such a request within 27 s. A 10 MB photo needs ~3.5 Mbit/s to make it.
 */
export const HTTP_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 25_000,
  connectionsCheckingInterval: 2_000,
} as const satisfies ServerOptions;

/** A connection with nothing going either way for this long is closed. */
export const IDLE_CONNECTION_TIMEOUT_MS = 60_000;
