// `pnpm bench messaging [--members=1000] [--rate=200] [--seconds=30] [--warmup-seconds=3]
//   [--saturation-seconds=5] [--in-flight=256] [--database=sqlite|postgres]`
//
// N members connected at once, exchanging messages at a given total rate between random pairs, against
// Amiko (its own process, as `pnpm start` runs it; SQLite unless --database=postgres with
// TEST_DATABASE_URL) and against a bare socket.io relay (relay.ts) measured in the same run. Prints:
// - send→receive latency p50/p99/max at the given rate (sent by one client, received by the recipient's),
//   after a warm-up at the same rate that is not counted (the JIT and the garbage collector settle after
//   a thousand connections; measured without it, the first seconds' collections make up the p99). The
//   default 30 s give 6,000 messages: a p99 over 2,000 (10 s) moved with any single pause of the
//   machine's, since 20 messages caught in one 100 ms pause are already 1%. The max shows such pauses;
//   the members' clients run in a process per server (messaging-clients.ts);
// - throughput at saturation: messages persisted and delivered per second with many sends in flight;
// - server memory per idle connected member (the RSS growth of the server process, divided by N);
// each beside the relay's, as a ratio, and the targets of issue 5.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { createSessionStore } from '@amiko/auth';
import { SESSION_COOKIE } from '@amiko/core';
import { newId, openDatabase } from '@amiko/db';
import { spawnAmiko } from '../support/amiko-process.ts';
import { createTestDatabase } from '../support/database.ts';
import { ONBOARDED_INTERESTS, ONBOARDED_STORY } from '../support/members.ts';
import type { ClientMember, ClientResults, Command, SaturationReply } from './messaging-clients.ts';

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
    seconds: value('seconds', 30),
    warmupSeconds: value('warmup-seconds', 3),
    saturationSeconds: value('saturation-seconds', 5),
    inFlight: value('in-flight', 256),
    database,
  };
}

interface Target {
  url: string;
  pid: number;
  /** Each member with the options its socket connects with. */
  members: ClientMember[];
  stop(): Promise<void>;
}

interface Result {
  p50: number;
  p99: number;
  max: number;
  sent: number;
  received: number;
  throughput: number;
  memoryPerMemberKb: number;
  /** Server CPU per message delivered at saturation: less sensitive to other load than the clock. */
  cpuPerMessageUs: number;
  errors: number;
  busyRetries: number;
}

/** Each phase is cut into this many slices, alternating between the two servers. */
const ROUNDS = 4;

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

async function startAmiko(options: Options): Promise<Target> {
  const database = await createTestDatabase(options.database);
  const amiko = await spawnAmiko({ database, env: { LOG_LEVEL: 'info' } });
  // Members straight into the database, in one statement per batch (signing up 1,000 takes minutes), over
  // a connection closed before measuring: its own checkpoint thread would compete with the server's.
  const db = openDatabase({ url: database.url });
  const now = new Date();
  const rows = Array.from({ length: options.members }, (_, i) => ({
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
  const members: ClientMember[] = [];
  for (const row of rows) {
    const { token } = await sessions.create(row.id);
    members.push({
      id: row.id,
      options: {
        transports: ['websocket'],
        extraHeaders: { cookie: `${SESSION_COOKIE}=${token}`, origin: amiko.url },
      },
    });
  }
  await db.close();
  return {
    url: amiko.url,
    pid: amiko.process.pid!,
    members,
    async stop() {
      await amiko.stop();
      await database.drop();
    },
  };
}

async function startRelay(options: Options): Promise<Target> {
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
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    members: Array.from({ length: options.members }, () => {
      const id = newId();
      return { id, options: { transports: ['websocket'], auth: { id } } };
    }),
    async stop() {
      child.kill();
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** A process of clients (messaging-clients.ts), answering one command at a time. */
function forkClients() {
  const child = fork(fileURLToPath(new URL('./messaging-clients.ts', import.meta.url)), {
    execArgv: ['--expose-gc', '--disable-warning=ExperimentalWarning'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    request<T>(command: Command): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`bench clients exited with ${code}`));
        child.once('exit', onExit);
        child.once('message', (answer: { ok: boolean; reply?: T; error?: string }) => {
          child.off('exit', onExit);
          if (answer.ok) resolve(answer.reply as T);
          else reject(new Error(`bench clients: ${answer.error}`));
        });
        child.send(command);
      });
    },
    async stop() {
      if (child.exitCode === null) child.kill();
      await exited;
    },
  };
}

/** A target with its members connected from their own process, and what was measured of it. */
interface Session {
  name: string;
  pid: number;
  clients: ReturnType<typeof forkClients>;
  memoryPerMemberKb: number;
  delivered: number;
  saturationSeconds: number;
  saturationCpuMs: number;
}

async function connectAll(name: string, target: Target): Promise<Session> {
  await sleep(1000);
  const rssBefore = rssKb(target.pid);
  const clients = forkClients();
  await clients.request({ type: 'connect', url: target.url, members: target.members });
  // Idle: every member connected, nothing sent yet.
  await sleep(3000);
  return {
    name,
    pid: target.pid,
    clients,
    memoryPerMemberKb: (rssKb(target.pid) - rssBefore) / target.members.length,
    delivered: 0,
    saturationSeconds: 0,
    saturationCpuMs: 0,
  };
}

const atRate = (session: Session, rate: number, seconds: number, counted: boolean) =>
  session.clients.request({ type: 'rate', rate, seconds, counted });

/** `inFlight` sends outstanding at all times for `seconds`; the server's CPU time is read around it. */
async function saturate(session: Session, inFlight: number, seconds: number) {
  const cpuBefore = cpuMs(session.pid);
  const reply = await session.clients.request<SaturationReply>({ type: 'saturate', inFlight, seconds });
  session.saturationCpuMs += cpuMs(session.pid) - cpuBefore;
  session.delivered += reply.delivered;
  session.saturationSeconds += reply.seconds;
}

async function resultOf(session: Session): Promise<Result> {
  const measured = await session.clients.request<ClientResults>({ type: 'results' });
  const sorted = measured.latencies.sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    sent: measured.sent,
    received: measured.received,
    throughput: session.delivered / session.saturationSeconds,
    memoryPerMemberKb: session.memoryPerMemberKb,
    cpuPerMessageUs: (session.saturationCpuMs * 1000) / session.delivered,
    errors: measured.errors,
    busyRetries: measured.busyRetries,
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
  const relay = await startRelay(options);
  let amikoTarget: Target | undefined;
  const sessions: Session[] = [];
  let bare: Result;
  let amiko: Result;
  try {
    // Inside the try: if Amiko does not start, the relay is still stopped (its process would keep the
    // bench's output open and the command would never end).
    amikoTarget = await startAmiko(options);
    sessions.push(await connectAll('bare relay', relay));
    sessions.push(await connectAll('amiko', amikoTarget));
    for (const session of sessions) await atRate(session, options.rate, options.warmupSeconds, false);
    // Short slices, taking turns (ABBA…), so that a change in the machine's load hits both alike.
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? sessions : [...sessions].reverse();
      for (const session of order) await atRate(session, options.rate, options.seconds / ROUNDS, true);
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? sessions : [...sessions].reverse();
      for (const session of order)
        await saturate(session, options.inFlight, options.saturationSeconds / ROUNDS);
    }
    [bare, amiko] = (await Promise.all(sessions.map(resultOf))) as [Result, Result];
  } finally {
    for (const session of sessions) await session.clients.stop();
    await relay.stop();
    await amikoTarget?.stop();
  }
  console.log(`load average after: ${load()}`);
  for (const [name, r] of [
    ['bare relay', bare],
    ['amiko', amiko],
  ] as const) {
    console.log(
      `${name}: ${r.sent} sent, ${r.received} received, ${r.errors} refused, ${r.busyRetries} sent again after BUSY`,
    );
  }

  const row = (label: string, a: number, b: number, digits = 1) =>
    `${label.padEnd(34)}${a.toFixed(digits).padStart(10)}${b.toFixed(digits).padStart(12)}${(a / b).toFixed(2).padStart(9)}×`;
  console.log(`\n${''.padEnd(34)}${'Amiko'.padStart(10)}${'bare relay'.padStart(12)}${'ratio'.padStart(10)}`);
  console.log(row('latency p50 (ms)', amiko.p50, bare.p50, 2));
  console.log(row('latency p99 (ms)', amiko.p99, bare.p99, 2));
  console.log(row('latency max (ms)', amiko.max, bare.max, 2));
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
