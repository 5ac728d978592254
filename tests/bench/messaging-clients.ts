// The members' side of the messaging benchmark, one process per server measured (forked by messaging.ts).
// It connects its members, sends between random pairs on command and times each message from send to the
// recipient's socket. Why a process of its own: in one process holding both servers' 2,000 client sockets,
// a single 30 ms garbage collection landed on whichever server was being measured at the time and made
// up its p99. Here the clients of the server not being measured sit idle in their own heap.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Ack, MessageView } from '@amiko/api';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export interface ClientMember {
  id: string;
  /** How this member's socket authenticates (a session cookie for Amiko, a handshake field for the relay). */
  options: Partial<ManagerOptions & SocketOptions>;
}

export type Command =
  | { type: 'connect'; url: string; members: ClientMember[] }
  | { type: 'rate'; rate: number; seconds: number; counted: boolean }
  | { type: 'saturate'; inFlight: number; seconds: number }
  | { type: 'results' };

export interface SaturationReply {
  delivered: number;
  seconds: number;
}

export interface ClientResults {
  latencies: number[];
  sent: number;
  received: number;
  errors: number;
  /** Sends the server was too busy to take (BUSY: this socket's earlier events in hand), sent again. */
  busyRetries: number;
}

const members: ClientMember[] = [];
const sockets: Socket[] = [];
const sentAt = new Map<string, number>();
const results: ClientResults = { latencies: [], sent: 0, received: 0, errors: 0, busyRetries: 0 };
/** As the app's client waits before sending again what was refused as BUSY (MESSAGING_TIMING). */
const BUSY_RETRY_MS = 500;
/** Latencies are kept only while a measured slice runs (not during warm-up or saturation). */
let counting = false;

async function connect(url: string, list: ClientMember[]) {
  members.push(...list);
  for (let i = 0; i < list.length; i += 50) {
    await Promise.all(
      list.slice(i, i + 50).map((member) => {
        const socket = io(url, { ...member.options, reconnection: false, forceNew: true });
        sockets.push(socket);
        socket.on('message:new', (message: MessageView) => {
          if (message.recipientId !== member.id) return; // the sender's other devices (none here)
          results.received += 1;
          const t0 = sentAt.get(message.clientId);
          sentAt.delete(message.clientId);
          if (t0 !== undefined && counting) results.latencies.push(performance.now() - t0);
        });
        return new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
      }),
    );
  }
}

function sendRandom(): Promise<void> {
  const from = Math.floor(Math.random() * members.length);
  let to = Math.floor(Math.random() * (members.length - 1));
  if (to >= from) to += 1;
  const clientId = randomUUID();
  sentAt.set(clientId, performance.now());
  results.sent += 1;
  const payload = { to: members[to]!.id, clientId, body: `hello from ${from}` };
  // The app's client sends one message at a time per socket; these send several at once from a socket now
  // and then (at saturation), which the server may refuse as BUSY before any work. Like the app, they send
  // it again a moment later (the same clientId: stored once); the latency counts from the first send.
  const attempt = (): Promise<void> =>
    new Promise<void>((resolve) => {
      sockets[from]!.emit('message:send', payload, (ack: Ack<MessageView>) => {
        if (ack.ok) return resolve();
        if (ack.error.appCode !== 'BUSY') {
          results.errors += 1;
          return resolve();
        }
        results.busyRetries += 1;
        void sleep(BUSY_RETRY_MS).then(attempt).then(resolve);
      });
    });
  return attempt();
}

/** Messages at `rate` per second for `seconds`, spread evenly; waits for the last acks and arrivals. */
async function atRate(rate: number, seconds: number, counted: boolean) {
  // A collection of this process's own, started now rather than inside the slice.
  globalThis.gc?.();
  counting = counted;
  let sent = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const pending: Promise<void>[] = [];
  while (performance.now() < end) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    for (; sent < due; sent += 1) pending.push(sendRandom());
    await sleep(1);
  }
  await Promise.all(pending);
  await sleep(300);
  counting = false;
}

/** `inFlight` sends outstanding at all times for `seconds`; counts what the recipients received. */
async function saturate(inFlight: number, seconds: number): Promise<SaturationReply> {
  globalThis.gc?.();
  const receivedBefore = results.received;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < end) await sendRandom();
    }),
  );
  const reply = { delivered: results.received - receivedBefore, seconds: (performance.now() - start) / 1000 };
  await sleep(300);
  return reply;
}

async function handle(command: Command): Promise<unknown> {
  switch (command.type) {
    case 'connect':
      await connect(command.url, command.members);
      return null;
    case 'rate':
      await atRate(command.rate, command.seconds, command.counted);
      return null;
    case 'saturate':
      return saturate(command.inFlight, command.seconds);
    case 'results':
      return results;
  }
}

process.on('message', (command: Command) => {
  handle(command).then(
    (reply) => process.send!({ ok: true, reply }),
    (error: unknown) => process.send!({ ok: false, error: String(error) }),
  );
});
// The parent forked this process with an IPC channel; without one there is nothing to do.
if (!process.send) {
  console.error('messaging-clients.ts is started by messaging.ts');
  process.exit(1);
}
