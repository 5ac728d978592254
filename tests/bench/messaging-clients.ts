// The members' side of the chat benchmarks, one process per server measured (forked by chat-bench.ts). It
// connects its members, sends on command (between random pairs, or from a random member to their pod) and
// times each delivery from the send to the recipient's socket. Why a process of its own: in one process
// holding both servers' 2,000 client sockets, a single 30 ms garbage collection landed on whichever server
// was being measured at the time and made up its p99. Here the clients of the server not being measured sit
// idle in their own heap.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Ack, MessageView, PodMessageView } from '@amiko/api';
import { newClientId } from '@amiko/core';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export interface ClientMember {
  id: string;
  /** How this member's socket authenticates (a session cookie for Amiko, a handshake field for the relay). */
  options: Partial<ManagerOptions & SocketOptions>;
  /** The pod the member writes to and reads (pods traffic). */
  podId?: string;
}

/** pairs: one-to-one messages between random members; pods: a random member writes to their pod. */
export type Traffic = 'pairs' | 'pods';

export type Command =
  | { type: 'connect'; url: string; members: ClientMember[]; traffic: Traffic }
  | { type: 'rate'; rate: number; seconds: number; counted: boolean }
  | { type: 'saturate'; inFlight: number; seconds: number }
  | { type: 'results' };

export interface SaturationReply {
  /** Messages that reached every member they were for. */
  messages: number;
  /** Deliveries: one per message and member it reached. */
  deliveries: number;
  seconds: number;
}

export interface ClientResults {
  /** Send to delivery, one per delivery in the measured slices. */
  latencies: number[];
  sent: number;
  /** Deliveries owed: one per message and member it is for (the recipient; the pod's other members). */
  expected: number;
  delivered: number;
  /** Deliveries owed and not made by the time the results were asked for. */
  missing: number;
  /** Deliveries nobody was owed: a second copy, or a message to a member it was not for. */
  unexpected: number;
  errors: number;
  /** Sends the server was too busy to take (BUSY: this socket's earlier events in hand), sent again. */
  busyRetries: number;
}

const members: ClientMember[] = [];
const sockets: Socket[] = [];
/** The members of each pod, by index into `members`. */
const pods = new Map<string, number[]>();
/** Each message on its way: when it was sent and whom it has still to reach. */
const pending = new Map<string, { sentAt: number; waiting: number[] }>();
let traffic: Traffic = 'pairs';
let messagesCompleted = 0;
const results: ClientResults = {
  latencies: [],
  sent: 0,
  expected: 0,
  delivered: 0,
  missing: 0,
  unexpected: 0,
  errors: 0,
  busyRetries: 0,
};
/** As the app's client waits before sending again what was refused as BUSY (MESSAGING_TIMING). */
const BUSY_RETRY_MS = 500;
/** Latencies are kept only while a measured slice runs (not during warm-up or saturation). */
let counting = false;

/** Member `index` received the message sent as `clientId`: timed, and checked against whom it was for. */
function delivered(clientId: string, index: number) {
  const message = pending.get(clientId);
  const at = message?.waiting.indexOf(index) ?? -1;
  if (!message || at === -1) {
    results.unexpected += 1;
    return;
  }
  results.delivered += 1;
  if (counting) results.latencies.push(performance.now() - message.sentAt);
  message.waiting.splice(at, 1);
  if (message.waiting.length > 0) return;
  pending.delete(clientId);
  messagesCompleted += 1;
}

async function connect(url: string, list: ClientMember[]) {
  const offset = members.length;
  members.push(...list);
  list.forEach((member, i) => {
    if (member.podId) pods.set(member.podId, [...(pods.get(member.podId) ?? []), offset + i]);
  });
  for (let i = 0; i < list.length; i += 50) {
    await Promise.all(
      list.slice(i, i + 50).map((member, j) => {
        const index = offset + i + j;
        const socket = io(url, { ...member.options, reconnection: false, forceNew: true });
        sockets.push(socket);
        socket.on('message:new', (message: MessageView) => {
          if (message.recipientId !== member.id) return; // the sender's other devices (none here)
          delivered(message.clientId, index);
        });
        socket.on('pod:message', (message: PodMessageView) => delivered(message.clientId, index));
        return new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
      }),
    );
  }
}

/** A message from a random member: to another random member, or to their pod. */
function sendRandom(): Promise<void> {
  const from = Math.floor(Math.random() * members.length);
  // Made as the app's clients make them (time-ordered, issue 32).
  const clientId = newClientId();
  let event: 'message:send' | 'pod:send';
  let payload: object;
  let waiting: number[];
  if (traffic === 'pods') {
    const podId = members[from]!.podId!;
    event = 'pod:send';
    payload = { podId, clientId, body: `hello from ${from}` };
    waiting = pods.get(podId)!.filter((index) => index !== from);
  } else {
    let to = Math.floor(Math.random() * (members.length - 1));
    if (to >= from) to += 1;
    event = 'message:send';
    payload = { to: members[to]!.id, clientId, body: `hello from ${from}` };
    waiting = [to];
  }
  pending.set(clientId, { sentAt: performance.now(), waiting });
  results.sent += 1;
  results.expected += waiting.length;
  // The app's client sends one message at a time per socket; these send several at once from a socket now
  // and then (at saturation), which the server may refuse as BUSY before any work. Like the app, they send
  // it again a moment later (the same clientId: stored once); the latency counts from the first send.
  const attempt = (): Promise<void> =>
    new Promise<void>((resolve) => {
      sockets[from]!.emit(event, payload, (ack: Ack<unknown>) => {
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
  const sends: Promise<void>[] = [];
  while (performance.now() < end) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    for (; sent < due; sent += 1) sends.push(sendRandom());
    await sleep(1);
  }
  await Promise.all(sends);
  await sleep(300);
  counting = false;
}

/** `inFlight` sends outstanding at all times for `seconds`; counts what reached the members it was for. */
async function saturate(inFlight: number, seconds: number): Promise<SaturationReply> {
  globalThis.gc?.();
  const [messagesBefore, deliveriesBefore] = [messagesCompleted, results.delivered];
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < end) await sendRandom();
    }),
  );
  const reply = {
    messages: messagesCompleted - messagesBefore,
    deliveries: results.delivered - deliveriesBefore,
    seconds: (performance.now() - start) / 1000,
  };
  await sleep(300);
  return reply;
}

async function handle(command: Command): Promise<unknown> {
  switch (command.type) {
    case 'connect':
      traffic = command.traffic;
      await connect(command.url, command.members);
      return null;
    case 'rate':
      await atRate(command.rate, command.seconds, command.counted);
      return null;
    case 'saturate':
      return saturate(command.inFlight, command.seconds);
    case 'results': {
      let missing = 0;
      for (const message of pending.values()) missing += message.waiting.length;
      return { ...results, missing };
    }
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
  console.error('messaging-clients.ts is started by chat-bench.ts');
  process.exit(1);
}
