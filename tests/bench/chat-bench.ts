// What the chat benchmarks (`pnpm bench messaging`, `pnpm bench pods`) share: Amiko started as its own
// process (as `pnpm start` runs it; SQLite unless --database=postgres with TEST_DATABASE_URL) with members
// seeded straight into its database, a bare socket.io relay (relay.ts) beside it in the same run, the
// members' clients in a process per server (messaging-clients.ts), and the measuring:
// - send→delivery latency p50/p99/max at a given rate, after a warm-up at the same rate that is not
//   counted (the JIT and the garbage collector settle after a thousand connections; measured without it,
//   the first seconds' collections make up the p99). The default 30 s give 6,000 messages: a p99 over
//   2,000 (10 s) moved with any single pause of the machine's, since 20 messages caught in one 100 ms
//   pause are already 1%. The max shows such pauses;
// - throughput at saturation: messages stored and delivered per second with many sends in flight, and the
//   server's CPU time per message there;
// - server memory per idle connected member: the RSS growth of the server process, divided by N, each
//   reading taken right after a full garbage collection of that process (asked through its inspector, on
//   loopback): without it the figure was what the connections held plus whatever garbage the next
//   collection had not yet taken, and moved between 0.24× and 0.65× of the relay's from run to run;
// each beside the relay's, as a ratio. The two servers take turns in short slices, so that a change in the
// machine's load falls on both alike.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { createSessionStore } from '@amiko/auth';
import { SESSION_COOKIE } from '@amiko/core';
import { newId, openDatabase, type Database } from '@amiko/db';
import { spawnAmiko } from '../support/amiko-process.ts';
import { createTestDatabase } from '../support/database.ts';
import { ONBOARDED_INTERESTS, ONBOARDED_STORY } from '../support/members.ts';
import type { ClientMember, ClientResults, Command, SaturationReply, Traffic } from './messaging-clients.ts';

export interface ChatBenchOptions {
  members: number;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  saturationSeconds: number;
  inFlight: number;
  database: 'sqlite' | 'postgres';
  /** A folder for a CPU profile of Amiko's process (node --cpu-prof), written as it stops. */
  cpuProf: string | undefined;
  /** A folder for heap snapshots of both servers, before and after their members connect (the memory rows
   *  then count what the snapshots themselves leave behind). */
  heapSnapshot: string | undefined;
  /** PostgreSQL only: commits that do not wait for the WAL's flush (`--synchronous-commit=off`), measured
   *  and not adopted (docs/performance.md, "Where PostgreSQL's p99 goes"). */
  asyncCommit: boolean;
}

/** `--name=n`, a positive number, or the fallback. */
export function numberOption(args: string[], name: string, fallback: number): number {
  const arg = args.find((a) => a.startsWith(`--${name}=`));
  const n = arg ? Number(arg.split('=')[1]) : fallback;
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}

export function parseOptions(args: string[]): ChatBenchOptions {
  const database = args.find((a) => a.startsWith('--database='))?.split('=')[1] ?? 'sqlite';
  if (database !== 'sqlite' && database !== 'postgres')
    throw new Error('--database must be sqlite or postgres');
  return {
    members: numberOption(args, 'members', 1000),
    rate: numberOption(args, 'rate', 200),
    seconds: numberOption(args, 'seconds', 30),
    warmupSeconds: numberOption(args, 'warmup-seconds', 3),
    saturationSeconds: numberOption(args, 'saturation-seconds', 5),
    inFlight: numberOption(args, 'in-flight', 256),
    database,
    cpuProf: args.find((a) => a.startsWith('--cpu-prof='))?.split('=')[1],
    heapSnapshot: args.find((a) => a.startsWith('--heap-snapshot='))?.split('=')[1],
    asyncCommit: asyncCommit(args, database),
  };
}

function asyncCommit(args: string[], database: string): boolean {
  const value = args.find((a) => a.startsWith('--synchronous-commit='))?.split('=')[1] ?? 'on';
  if (value !== 'on' && value !== 'off') throw new Error('--synchronous-commit must be on or off');
  if (value === 'off' && database !== 'postgres')
    throw new Error('--synchronous-commit=off is a PostgreSQL setting: add --database=postgres');
  return value === 'off';
}

/** The members in pods: how many to a pod, and how Amiko's database gets them. */
export interface PodSeating {
  size: number;
  /** Writes the pods, each with its members, into Amiko's database. */
  seed(db: Database, pods: { id: string; memberIds: string[] }[]): Promise<void>;
}

interface Target {
  url: string;
  pid: number;
  /** The process's inspector (ws://127.0.0.1:…), through which the bench has it collect its garbage. */
  inspector: string;
  /** Each member with the options its socket connects with. */
  members: ClientMember[];
  stop(): Promise<void>;
}

export interface Result extends Omit<ClientResults, 'latencies'> {
  p50: number;
  p99: number;
  max: number;
  /** Messages per second at saturation that reached every member they were for. */
  throughput: number;
  deliveriesPerSecond: number;
  memoryPerMemberKb: number;
  /** What the server's JavaScript heap holds per idle member after a full collection: steadier than RSS. */
  heapPerMemberKb: number;
  /** Server CPU per message at saturation: less sensitive to other load than the clock. */
  cpuPerMessageUs: number;
  cpuPerDeliveryUs: number;
}

/** Issue 5's memory target per idle connected member, for one-to-one chat and pods alike. */
export const IDLE_MEMBER_KB = 30;

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

/** Both servers start with an inspector on loopback, on a port of the system's choosing. */
const INSPECT = '--inspect=127.0.0.1:0';

/** The inspector's address a process printed as it started. */
function inspectorIn(output: string): string | undefined {
  return /Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/[\w-]+)/.exec(output)?.[1];
}

/**
 * Asks the process's inspector the given methods, one after another over one session, and resolves with
 * their answers in order; `onEvent` is told the events it sends meanwhile (a heap snapshot comes as chunks).
 * The session closing or failing before the last answer rejects, so a process that dies mid-reading fails
 * the run instead of hanging it.
 */
async function askInspector(
  target: Target,
  methods: string[],
  onEvent?: (event: InspectorEvent) => void,
): Promise<unknown[]> {
  const inspector = new WebSocket(target.inspector);
  try {
    return await new Promise<unknown[]>((resolve, reject) => {
      const answers: unknown[] = [];
      const askNext = () =>
        inspector.send(JSON.stringify({ id: answers.length + 1, method: methods[answers.length] }));
      inspector.onopen = askNext;
      inspector.onerror = () => reject(new Error(`the inspector at ${target.inspector} failed`));
      inspector.onclose = () =>
        reject(new Error(`the inspector at ${target.inspector} closed before answering`));
      inspector.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; result: unknown } & InspectorEvent;
        if (message.id !== answers.length + 1) return onEvent?.(message);
        answers.push(message.result);
        if (answers.length === methods.length) resolve(answers);
        else askNext();
      };
    });
  } finally {
    inspector.close();
  }
}

interface InspectorEvent {
  method?: string;
  params?: { chunk?: string };
}

/** The process's RSS and the JavaScript heap it uses, in KB, right after a full garbage collection. */
async function memoryAfterCollection(target: Target): Promise<{ rssKb: number; heapKb: number }> {
  const [, heap] = await askInspector(target, ['HeapProfiler.collectGarbage', 'Runtime.getHeapUsage']);
  const { usedSize } = heap as { usedSize: number };
  return { rssKb: rssKb(target.pid), heapKb: usedSize / 1024 };
}

/** A heap snapshot of the process (which collects its garbage first), written to `file`. */
async function writeHeapSnapshot(target: Target, file: string): Promise<void> {
  const chunks: string[] = [];
  await askInspector(target, ['HeapProfiler.takeHeapSnapshot'], (event) => {
    if (event.method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(event.params!.chunk!);
  });
  writeFileSync(file, chunks.join(''));
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Each member's pod, `size` members to a pod in order (the last may have fewer); none without seating. */
function podsFor(memberIds: string[], seating: PodSeating | undefined) {
  const pods: { id: string; memberIds: string[] }[] = [];
  if (seating)
    for (let i = 0; i < memberIds.length; i += seating.size)
      pods.push({ id: newId(), memberIds: memberIds.slice(i, i + seating.size) });
  const podOf = new Map(pods.flatMap((pod) => pod.memberIds.map((id) => [id, pod.id] as const)));
  return { pods, podOf };
}

async function startAmiko(options: ChatBenchOptions, seating: PodSeating | undefined): Promise<Target> {
  const database = await createTestDatabase(options.database);
  if (options.asyncCommit) {
    // Set on the database before Amiko starts, so that every connection of its pool has it.
    const admin = openDatabase({ url: database.url });
    if (admin.raw.kind === 'postgres')
      await admin.raw.client.unsafe(
        `do $$ begin execute format('alter database %I set synchronous_commit = off', current_database()); end $$`,
      );
    await admin.close();
  }
  const amiko = await spawnAmiko({
    database,
    env: {
      LOG_LEVEL: 'info',
      NODE_OPTIONS: [INSPECT, options.cpuProf && `--cpu-prof --cpu-prof-dir=${options.cpuProf}`]
        .filter(Boolean)
        .join(' '),
    },
  });
  // Members straight into the database, verified, onboarded and with messaging access (early access), in
  // one statement per batch (signing up 1,000 takes minutes), over a connection closed before measuring:
  // its own checkpoint thread would compete with the server's.
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
  const { pods, podOf } = podsFor(
    rows.map((row) => row.id),
    seating,
  );
  if (seating) await seating.seed(db, pods);
  const sessions = createSessionStore(db);
  const members: ClientMember[] = [];
  for (const row of rows) {
    const { token } = await sessions.create(row.id);
    members.push({
      id: row.id,
      podId: podOf.get(row.id),
      options: {
        transports: ['websocket'],
        extraHeaders: { cookie: `${SESSION_COOKIE}=${token}`, origin: amiko.url },
      },
    });
  }
  // The statistics a database in use has for the tables just filled (autovacuum gathers them within a
  // minute of such a change): without them PostgreSQL plans the prepared statements for empty tables and
  // keeps those plans until the next ANALYZE, so the pods bench measured a plan no running Amiko uses (its
  // unread read took 2-8 ms instead of 0.1 ms). Only those tables: the messages' tables start empty here and
  // grow during the run, and statistics that call them empty plan scans that grow with them (the messaging
  // bench's saturation fell from 3,000 to 630 msg/s with a whole-database ANALYZE).
  if (db.raw.kind === 'postgres') await db.raw.client`analyze members, sessions, pods, pod_members`;
  await db.close();
  const inspector = inspectorIn(amiko.output());
  if (!inspector) throw new Error(`Amiko printed no inspector address:\n${amiko.output()}`);
  return {
    url: amiko.url,
    pid: amiko.process.pid!,
    inspector,
    members,
    async stop() {
      await amiko.stop();
      await database.drop();
      // A refused send is an error logged by the server: its lines say why.
      const errors = amiko
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line));
      if (errors.length > 0)
        console.log(`Amiko logged ${errors.length} error(s), the first:\n${errors.slice(0, 3).join('\n')}`);
    },
  };
}

async function startRelay(options: ChatBenchOptions, seating: PodSeating | undefined): Promise<Target> {
  const child: ChildProcess = spawn(
    process.execPath,
    [INSPECT, fileURLToPath(new URL('./relay.ts', import.meta.url))],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // The inspector's address comes first, on stderr; the port once it listens, on stdout.
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /relay listening on (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`relay exited with ${code}:\n${stderr}`)));
  });
  const inspector = inspectorIn(stderr);
  if (!inspector) throw new Error(`the relay printed no inspector address:\n${stderr}`);
  const ids = Array.from({ length: options.members }, () => newId());
  const { podOf } = podsFor(ids, seating);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    inspector,
    members: ids.map((id) => {
      const podId = podOf.get(id);
      return { id, podId, options: { transports: ['websocket'], auth: { id, podId } } };
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
  heapPerMemberKb: number;
  saturation: SaturationReply;
  saturationCpuMs: number;
}

async function connectAll(
  name: string,
  target: Target,
  traffic: Traffic,
  heapSnapshots: string | undefined,
): Promise<Session> {
  await sleep(1000);
  const before = await memoryAfterCollection(target);
  // After the reading: a snapshot takes memory of its own.
  const snapshot = async (when: string) => {
    if (!heapSnapshots) return;
    mkdirSync(heapSnapshots, { recursive: true });
    await writeHeapSnapshot(target, `${heapSnapshots}/${name.replace(/\W+/g, '-')}-${when}.heapsnapshot`);
  };
  await snapshot('before');
  const clients = forkClients();
  await clients.request({ type: 'connect', url: target.url, members: target.members, traffic });
  // Idle: every member connected, nothing sent yet.
  await sleep(3000);
  const idle = await memoryAfterCollection(target);
  await snapshot('idle');
  return {
    name,
    pid: target.pid,
    clients,
    memoryPerMemberKb: (idle.rssKb - before.rssKb) / target.members.length,
    heapPerMemberKb: (idle.heapKb - before.heapKb) / target.members.length,
    saturation: { messages: 0, deliveries: 0, seconds: 0 },
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
  session.saturation.messages += reply.messages;
  session.saturation.deliveries += reply.deliveries;
  session.saturation.seconds += reply.seconds;
}

async function resultOf(session: Session): Promise<Result> {
  const { latencies, ...counts } = await session.clients.request<ClientResults>({ type: 'results' });
  const sorted = latencies.sort((a, b) => a - b);
  const { messages, deliveries, seconds } = session.saturation;
  return {
    ...counts,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    throughput: messages / seconds,
    deliveriesPerSecond: deliveries / seconds,
    memoryPerMemberKb: session.memoryPerMemberKb,
    heapPerMemberKb: session.heapPerMemberKb,
    cpuPerMessageUs: (session.saturationCpuMs * 1000) / messages,
    cpuPerDeliveryUs: (session.saturationCpuMs * 1000) / deliveries,
  };
}

/** The machine's load, for reading the figures: other work on the same cores shows in every latency. */
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/**
 * Amiko and the bare relay, each with `options.members` connected members, measured in turns: warm-up,
 * the rate, saturation. Prints what each delivered and returns the figures.
 */
export async function measureBesideRelay(
  options: ChatBenchOptions,
  traffic: Traffic,
  seating?: PodSeating,
): Promise<{ amiko: Result; bare: Result }> {
  console.log(
    `${options.members} connected members, ${options.rate} msg/s for ${options.seconds} s after ${options.warmupSeconds} s of warm-up, then saturation with ${options.inFlight} sends in flight for ${options.saturationSeconds} s; Amiko on ${options.database}${options.asyncCommit ? ' (synchronous_commit off)' : ''}`,
  );
  console.log(`load average before: ${load()} (on ${cpus().length} cores)`);
  const relay = await startRelay(options, seating);
  let amikoTarget: Target | undefined;
  const sessions: Session[] = [];
  let results: [Result, Result];
  try {
    // Inside the try: if Amiko does not start, the relay is still stopped (its process would keep the
    // bench's output open and the command would never end).
    amikoTarget = await startAmiko(options, seating);
    sessions.push(await connectAll('bare relay', relay, traffic, options.heapSnapshot));
    sessions.push(await connectAll('amiko', amikoTarget, traffic, options.heapSnapshot));
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
    results = (await Promise.all(sessions.map(resultOf))) as [Result, Result];
  } finally {
    for (const session of sessions) await session.clients.stop();
    await relay.stop();
    await amikoTarget?.stop();
  }
  const [bare, amiko] = results;
  console.log(`load average after: ${load()}`);
  for (const [name, r] of [
    ['bare relay', bare],
    ['amiko', amiko],
  ] as const) {
    console.log(
      `${name}: ${r.sent} sent, ${r.delivered} of ${r.expected} deliveries, ${r.missing} missing, ${r.unexpected} unexpected, ${r.errors} refused, ${r.busyRetries} sent again after BUSY`,
    );
  }
  return { amiko, bare };
}

/** The figures side by side, with Amiko's ratio to the relay's. */
export function printComparison(amiko: Result, bare: Result, { perDelivery = false } = {}): void {
  const row = (label: string, a: number, b: number, digits = 1) =>
    `${label.padEnd(34)}${a.toFixed(digits).padStart(10)}${b.toFixed(digits).padStart(12)}${(a / b).toFixed(2).padStart(9)}×`;
  console.log(`\n${''.padEnd(34)}${'Amiko'.padStart(10)}${'bare relay'.padStart(12)}${'ratio'.padStart(10)}`);
  console.log(row('latency p50 (ms)', amiko.p50, bare.p50, 2));
  console.log(row('latency p99 (ms)', amiko.p99, bare.p99, 2));
  console.log(row('latency max (ms)', amiko.max, bare.max, 2));
  console.log(row('throughput at saturation (msg/s)', amiko.throughput, bare.throughput, 0));
  if (perDelivery)
    console.log(row('deliveries at saturation (/s)', amiko.deliveriesPerSecond, bare.deliveriesPerSecond, 0));
  console.log(row('server CPU per message (µs)', amiko.cpuPerMessageUs, bare.cpuPerMessageUs, 0));
  if (perDelivery)
    console.log(row('server CPU per delivery (µs)', amiko.cpuPerDeliveryUs, bare.cpuPerDeliveryUs, 0));
  console.log(row('memory per idle member (KB)', amiko.memoryPerMemberKb, bare.memoryPerMemberKb, 1));
  console.log(row('JS heap per idle member (KB)', amiko.heapPerMemberKb, bare.heapPerMemberKb, 1));
}

/** Each target with whether it was met. */
export function printChecks(heading: string, checks: [string, boolean][]): void {
  console.log(`\n${heading}`);
  for (const [label, ok] of checks) console.log(`  ${ok ? 'met    ' : 'MISSED '} ${label}`);
}
