// `pnpm bench messaging [--members=1000] [--rate=200] [--seconds=10] [--warmup-seconds=3]
//   [--saturation-seconds=5] [--in-flight=256] [--database=sqlite|postgres]`
//
// N members connected at once, exchanging messages at a given total rate between random pairs, against
// Amiko (its own process, as `pnpm start` runs it; SQLite unless --database=postgres with
// TEST_DATABASE_URL) and against a bare socket.io relay (relay.ts) measured in the same run. Prints:
// - send→receive latency p50/p99 at the given rate (sent by one client, received by the recipient's),
//   after a warm-up at the same rate that is not counted (the JIT and the garbage collector settle after
//   a thousand connections; measured without it, the first seconds' collections make up the p99);
// - throughput at saturation: messages persisted and delivered per second with many sends in flight;
// - server memory per idle connected member (the RSS growth of the server process, divided by N);
// each beside the relay's, as a ratio, and the targets of issue 5.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Ack, MessageView } from '@amiko/api';
import { createSessionStore } from '@amiko/auth';
import { SESSION_COOKIE } from '@amiko/core';
import { newId } from '@amiko/db';
import { io, type Socket } from 'socket.io-client';
import { spawnAmiko } from '../support/amiko-process.ts';
import { createTestDatabase } from '../support/database.ts';
import { ONBOARDED_INTERESTS, ONBOARDED_STORY } from '../support/members.ts';

interface Options {
  members: number;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  saturationSeconds: number;
  inFlight: number;
  database: 'sqlite' | 'postgres';
}

function parseOptions(args: string[]): Options {
  const value = (name: string, fallback: number) => {
    const arg = args.find((a) => a.startsWith(`--${name}=`));
    const n = arg ? Number(arg.split('=')[1]) : fallback;
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
    return n;
  };
  const database = args.find((a) => a.startsWith('--database='))?.split('=')[1] ?? 'sqlite';
  if (database !== 'sqlite' && database !== 'postgres')
    throw new Error('--database must be sqlite or postgres');
  return {
    members: value('members', 1000),
    rate: value('rate', 200),
    seconds: value('seconds', 10),
    warmupSeconds: value('warmup-seconds', 3),
    saturationSeconds: value('saturation-seconds', 5),
    inFlight: value('in-flight', 256),
    database,
  };
}

interface Target {
  url: string;
  pid: number;
  /** How a member's socket authenticates: Amiko by session cookie, the relay by a handshake field. */
  connect(member: BenchMember): Socket;
  stop(): Promise<void>;
}

interface BenchMember {
  id: string;
  token: string;
}

interface Result {
  p50: number;
  p99: number;
  sent: number;
  received: number;
  throughput: number;
  memoryPerMemberKb: number;
  /** Server CPU per message delivered at saturation: less sensitive to other load than the clock. */
  cpuPerMessageUs: number;
  errors: number;
}

/** Each phase is cut into this many slices, alternating between the two servers. */
const ROUNDS = 4;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU time (user + system) the process has used so far, in ms (Linux /proc, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function startAmiko(
  options: Options,
  members: number,
): Promise<{ target: Target; people: BenchMember[] }> {
  const database = await createTestDatabase(options.database);
  const amiko = await spawnAmiko({ database, env: { LOG_LEVEL: 'info' } });
  const db = amiko.db();
  // Members straight into the database, in one statement per batch (signing up 1,000 takes minutes).
  const people: BenchMember[] = [];
  const now = new Date();
  const rows = Array.from({ length: members }, (_, i) => ({
    id: newId(),
    name: `Bench ${i}`,
    email: `bench${i}@example.com`,
    passwordHash: 'unused',
    emailVerified: true,
    hasFreeAccess: true,
    interests: [...ONBOARDED_INTERESTS],
    story: ONBOARDED_STORY,
    createdAt: now,
    updatedAt: now,
  }));
  for (let i = 0; i < rows.length; i += 200) await db.db.insert(db.t.members).values(rows.slice(i, i + 200));
  const sessions = createSessionStore(db);
  for (const row of rows) people.push({ id: row.id, token: (await sessions.create(row.id)).token });
  return {
    people,
    target: {
      url: amiko.url,
      pid: amiko.process.pid!,
      connect: (member) =>
        io(amiko.url, {
          transports: ['websocket'],
          extraHeaders: { cookie: `${SESSION_COOKIE}=${member.token}`, origin: amiko.url },
          reconnection: false,
          forceNew: true,
        }),
      async stop() {
        await amiko.stop();
        await database.drop();
      },
    },
  };
}

async function startRelay(members: number): Promise<{ target: Target; people: BenchMember[] }> {
  const child: ChildProcess = spawn(
    process.execPath,
    [fileURLToPath(new URL('./relay.ts', import.meta.url))],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /relay listening on (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`relay exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const people = Array.from({ length: members }, () => ({ id: newId(), token: '' }));
  return {
    people,
    target: {
      url,
      pid: child.pid!,
      connect: (member) =>
        io(url, { transports: ['websocket'], auth: { id: member.id }, reconnection: false, forceNew: true }),
      async stop() {
        child.kill();
        await new Promise((r) => child.once('exit', r));
      },
    },
  };
}

/** A target with its members connected: sends between random pairs and times their arrival. */
interface Session {
  name: string;
  memoryPerMemberKb: number;
  sendRandom(): Promise<void>;
  latencies: number[];
  received: number;
  sent: number;
  errors: number;
  deliveredDuringSaturation: number;
  saturationSeconds: number;
  saturationCpuMs: number;
  pid: number;
  close(): void;
}

async function connectAll(name: string, target: Target, people: BenchMember[]): Promise<Session> {
  await sleep(1000);
  const rssBefore = rssKb(target.pid);
  const sockets: Socket[] = [];
  for (let i = 0; i < people.length; i += 50) {
    const batch = people.slice(i, i + 50).map((member) => {
      const socket = target.connect(member);
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  // Idle: every member connected, nothing sent yet.
  await sleep(3000);
  const sentAt = new Map<string, number>();
  const session: Session = {
    name,
    memoryPerMemberKb: (rssKb(target.pid) - rssBefore) / people.length,
    latencies: [],
    received: 0,
    sent: 0,
    errors: 0,
    deliveredDuringSaturation: 0,
    saturationCpuMs: 0,
    pid: target.pid,
    saturationSeconds: 0,
    sendRandom() {
      const from = Math.floor(Math.random() * people.length);
      let to = Math.floor(Math.random() * (people.length - 1));
      if (to >= from) to += 1;
      const clientId = randomUUID();
      sentAt.set(clientId, performance.now());
      session.sent += 1;
      return new Promise<void>((resolve) => {
        sockets[from]!.emit(
          'message:send',
          { to: people[to]!.id, clientId, body: `hello from ${from}` },
          (ack: Ack<MessageView>) => {
            if (!ack.ok) session.errors += 1;
            resolve();
          },
        );
      });
    },
    close() {
      for (const socket of sockets) socket.close();
    },
  };
  sockets.forEach((socket, i) => {
    const me = people[i]!.id;
    socket.on('message:new', (message: MessageView) => {
      if (message.recipientId !== me) return; // the sender's other devices (none here)
      session.received += 1;
      const t0 = sentAt.get(message.clientId);
      sentAt.delete(message.clientId);
      if (t0 !== undefined) session.latencies.push(performance.now() - t0);
    });
  });
  return session;
}

/** Messages at `rate` per second for `seconds`, spread evenly; waits for the last acks. */
async function atRate(session: Session, rate: number, seconds: number) {
  // This process holds both sides' 2,000 client sockets; one of its own full collections inside a slice
  // adds 30 ms or more to every message in flight and lands on whichever server is being measured.
  // Collecting before each slice keeps the clients' garbage out of the servers' figures.
  globalThis.gc?.();
  let sent = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const pending: Promise<void>[] = [];
  while (performance.now() < end) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    for (; sent < due; sent += 1) pending.push(session.sendRandom());
    await sleep(1);
  }
  await Promise.all(pending);
  await sleep(300);
}

/** `inFlight` sends outstanding at all times for `seconds`; counts what the recipients received. */
async function saturate(session: Session, inFlight: number, seconds: number) {
  const latencies = session.latencies.length;
  const receivedBefore = session.received;
  const cpuBefore = cpuMs(session.pid);
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < end) await session.sendRandom();
    }),
  );
  session.saturationSeconds += (performance.now() - start) / 1000;
  session.deliveredDuringSaturation += session.received - receivedBefore;
  session.saturationCpuMs += cpuMs(session.pid) - cpuBefore;
  session.latencies.length = latencies; // saturation latencies are queueing, not the figure asked for
  await sleep(300);
}

function resultOf(session: Session): Result {
  const sorted = [...session.latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    sent: session.sent,
    received: session.received,
    throughput: session.deliveredDuringSaturation / session.saturationSeconds,
    memoryPerMemberKb: session.memoryPerMemberKb,
    cpuPerMessageUs: (session.saturationCpuMs * 1000) / session.deliveredDuringSaturation,
    errors: session.errors,
  };
}

/** The machine's load, for reading the figures: other work on the same cores shows in every latency. */
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

export async function run(args: string[]): Promise<void> {
  const options = parseOptions(args);
  console.log(
    `${options.members} connected members, ${options.rate} msg/s for ${options.seconds} s after ${options.warmupSeconds} s of warm-up, then saturation with ${options.inFlight} sends in flight for ${options.saturationSeconds} s; Amiko on ${options.database}`,
  );
  console.log(`load average before: ${load()} (on ${cpus().length} cores)`);
  const relay = await startRelay(options.members);
  let amikoSide: Awaited<ReturnType<typeof startAmiko>> | undefined;
  let bare: Result;
  let amiko: Result;
  try {
    // Inside the try: if Amiko does not start, the relay is still stopped (its process would keep the
    // bench's output open and the command would never end).
    amikoSide = await startAmiko(options, options.members);
    const sessions = [
      await connectAll('bare relay', relay.target, relay.people),
      await connectAll('amiko', amikoSide.target, amikoSide.people),
    ];
    for (const session of sessions) {
      await atRate(session, options.rate, options.warmupSeconds);
      session.latencies.length = 0;
    }
    // Short slices, taking turns (ABBA…), so that a change in the machine's load hits both alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? sessions : [...sessions].reverse();
      for (const session of order) await atRate(session, options.rate, options.seconds / ROUNDS);
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? sessions : [...sessions].reverse();
      for (const session of order)
        await saturate(session, options.inFlight, options.saturationSeconds / ROUNDS);
    }
    for (const session of sessions) session.close();
    [bare, amiko] = sessions.map(resultOf) as [Result, Result];
  } finally {
    await relay.target.stop();
    await amikoSide?.target.stop();
  }
  console.log(`load average after: ${load()}`);
  for (const [name, r] of [
    ['bare relay', bare],
    ['amiko', amiko],
  ] as const) {
    console.log(`${name}: ${r.sent} sent, ${r.received} received, ${r.errors} refused`);
  }

  const row = (label: string, a: number, b: number, digits = 1) =>
    `${label.padEnd(34)}${a.toFixed(digits).padStart(10)}${b.toFixed(digits).padStart(12)}${(a / b).toFixed(2).padStart(9)}×`;
  console.log(`\n${''.padEnd(34)}${'Amiko'.padStart(10)}${'bare relay'.padStart(12)}${'ratio'.padStart(10)}`);
  console.log(row('latency p50 (ms)', amiko.p50, bare.p50, 2));
  console.log(row('latency p99 (ms)', amiko.p99, bare.p99, 2));
  console.log(row('throughput at saturation (msg/s)', amiko.throughput, bare.throughput, 0));
  console.log(row('server CPU per message (µs)', amiko.cpuPerMessageUs, bare.cpuPerMessageUs, 0));
  console.log(row('memory per idle member (KB)', amiko.memoryPerMemberKb, bare.memoryPerMemberKb, 1));

  const checks: [string, boolean][] = [
    [`p99 ≤ 25 ms at ${options.rate} msg/s`, amiko.p99 <= 25],
    ['p99 ≤ 3× the bare relay', amiko.p99 <= 3 * bare.p99],
    ['≥ 3,000 msg/s persisted and delivered', amiko.throughput >= 3000],
    ['≤ 30 KB per idle connected member', amiko.memoryPerMemberKb <= 30],
    ['no message refused', amiko.errors === 0],
  ];
  console.log(
    options.database === 'sqlite'
      ? '\nTargets (issue 5, 2 cores, SQLite, 1,000 members at 200 msg/s):'
      : "\nIssue 5's targets, which are set for SQLite, beside this PostgreSQL run:",
  );
  for (const [label, ok] of checks) console.log(`  ${ok ? 'met    ' : 'MISSED '} ${label}`);
}
