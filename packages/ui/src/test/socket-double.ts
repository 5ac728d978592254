import type { ClientToServerEvents, ServerToClientEvents } from '@amiko/api';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';

// The messaging server as a component test needs it: a real socket.io server on a free local port, so the
// app's own messaging client (socket.io-client, outbox, replay, typing) runs unchanged against it. The test
// says how it answers each event, typed by the real contract (packages/api/src/socket-events.ts).

export type TestServerSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

export interface TestSocketServer {
  url: string;
  /** The sockets connected now. */
  sockets(): TestServerSocket[];
  close(): Promise<void>;
}

export async function startTestSocketServer(onConnection: (socket: TestServerSocket) => void) {
  const http = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, { transports: ['websocket'] });
  io.on('connection', onConnection);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const server: TestSocketServer = {
    url: `http://127.0.0.1:${port}`,
    sockets: () => [...io.sockets.sockets.values()],
    close: () => new Promise((resolve) => void io.close(() => resolve())),
  };
  return server;
}
