import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MessageView } from '@amiko/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import {
  clientFor,
  connectSocket,
  connectSocketWithState,
  memberWithSession,
  nextEvent,
  sendOver,
  sessionCookie,
  type MessagingSocket,
} from '../support/messaging.ts';

// The scale setup of docker-compose.scale.yml without a Docker engine: two Amiko processes on one
// PostgreSQL database and one Redis, behind Caddy run with the repository's own deploy/Caddyfile (only the
// replicas' addresses and the site address differ, as the compose file's service names and .env do). It
// shows what the compose file cannot show by being parsed: the proxy passes WebSockets, spreads requests
// over both replicas, and keeps answering while one of them stops (a rolling restart).

const CADDY = '/usr/bin/caddy';
const CADDYFILE = fileURLToPath(new URL('../../deploy/Caddyfile', import.meta.url));
const hasCaddy = spawnSync(CADDY, ['version']).status === 0;
if (!hasCaddy) {
  if (process.env.CI === 'true')
    throw new Error('Caddy must be installed in CI (CI=true): apt-get install caddy');
  console.log('[amiko] Caddy is not installed (/usr/bin/caddy): skipping the reverse-proxy test.');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** deploy/Caddyfile as compose runs it, with these replicas, on loopback, without Caddy's admin port. */
function caddyfileFor(upstreams: string[]): string {
  const original = readFileSync(CADDYFILE, 'utf8');
  const replicas = 'reverse_proxy amiko-1:3000 amiko-2:3000 {';
  const site = '{$AMIKO_SITE} {';
  if (!original.includes(replicas) || !original.includes(site)) {
    throw new Error('deploy/Caddyfile no longer names the replicas or the site as this test expects');
  }
  return `{\n\tadmin off\n}\n${original
    .replace(site, `${site}\n\tbind 127.0.0.1`)
    .replace(replicas, `reverse_proxy ${upstreams.join(' ')} {`)}`;
}

let database: TestDatabase;
let replicas: AmikoProcess[] = [];
let caddy: ChildProcess | null = null;
let caddyOutput = '';
let url = '';
let dir = '';
const sockets: MessagingSocket[] = [];

describe.skipIf(!hasCaddy)('two replicas behind Caddy with deploy/Caddyfile (PostgreSQL + Redis)', () => {
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env = {
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_PREFIX: `amiko-test-${randomBytes(6).toString('hex')}`,
      // As docker-compose.scale.yml sets them: the public address is the proxy's, which Amiko trusts.
      PUBLIC_URL: url,
      TRUST_PROXY: 'true',
      SHUTDOWN_DELAY_MS: '3000',
    };
    replicas = await Promise.all([spawnAmiko({ database, env }), spawnAmiko({ database, env })]);
    dir = mkdtempSync(join(tmpdir(), 'amiko-caddy-'));
    const file = join(dir, 'Caddyfile');
    writeFileSync(file, caddyfileFor(replicas.map((r) => new URL(r.listening).host)));
    caddy = spawn(CADDY, ['run', '--config', file, '--adapter', 'caddyfile'], {
      env: { ...process.env, AMIKO_SITE: url, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout!.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
    caddy.stderr!.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString()));
    const deadline = Date.now() + 20_000;
    for (;;) {
      const ready = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline || caddy.exitCode !== null)
        throw new Error(`Caddy did not serve:\n${caddyOutput}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((resolve) => caddy!.once('exit', resolve));
      caddy.kill('SIGTERM');
      await exited;
    }
    await Promise.all(replicas.map((r) => r.stop()));
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('passes WebSockets through, to either replica: members connected through the proxy talk live', async () => {
    const ana = await memberWithSession(replicas[0]!.db(), { name: 'Ana' });
    const ben = await memberWithSession(replicas[0]!.db(), { name: 'Ben' });
    const anaSocket = await connectSocketWithState(url, { cookie: sessionCookie(ana.token) });
    const benSocket = await connectSocketWithState(url, { cookie: sessionCookie(ben.token) });
    sockets.push(anaSocket, benSocket);
    // The browser's socket.io client is WebSocket only: these are WebSockets through Caddy.
    expect(anaSocket.io.engine.transport.name).toBe('websocket');

    const arrived = nextEvent(benSocket, 'message:new');
    const ack = await sendOver(anaSocket, ben.id, 'Hello through the proxy');
    expect(ack.ok).toBe(true);
    expect(await arrived).toEqual({
      ...(ack as { data: MessageView }).data,
      unread: { hasUnread: true, unreadConversations: 1 },
    });
    // A mutation through the proxy passes the Origin check against PUBLIC_URL, the proxy's address.
    const { message } = await clientFor(url, ben.token).trpc.messages.send.mutate({
      to: ana.id,
      clientId: randomUUID(),
      body: 'And back, over HTTP',
    });
    expect(message.body).toBe('And back, over HTTP');
  });

  it('spreads requests over both replicas', async () => {
    const marker = `spread-${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 30; i += 1) {
      const response = await fetch(`${url}/trpc/meta.memberCount?${marker}=${i}`);
      expect(response.status).toBe(200);
    }
    // Each request's log line is written once it has been answered: the last may still be on its way.
    const servedBy = () => replicas.map((r) => r.output().split(marker).length - 1);
    await expect.poll(() => servedBy().reduce((a, b) => a + b), { timeout: 5000 }).toBeGreaterThanOrEqual(30);
    const served = servedBy();
    expect(served[0]).toBeGreaterThan(0);
    expect(served[1]).toBeGreaterThan(0);
  });

  it('names each request by an id of Caddy’s, which the replica logs and sends back', async () => {
    const response = await fetch(`${url}/trpc/meta.memberCount`, {
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await expect
      .poll(() => replicas.some((r) => r.output().includes(`"reqId":"${id}"`)), { timeout: 5000 })
      .toBe(true);
    expect(replicas.some((r) => r.output().includes('chosen-by-the-client'))).toBe(false);
  });

  it('keeps answering while a replica stops (SIGTERM, as in a rolling restart)', async () => {
    const stopping = replicas[0]!.stop();
    const started = Date.now();
    const statuses: number[] = [];
    // Through the replica's drain (readiness 503, SHUTDOWN_DELAY_MS) and its exit.
    while (Date.now() - started < 6000) {
      statuses.push((await fetch(`${url}/trpc/meta.memberCount`)).status);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await stopping).toBe(0);
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // A member connecting now reaches the replica that is left.
    const cem = await memberWithSession(replicas[1]!.db(), { name: 'Cem' });
    const socket = await connectSocket(url, { cookie: sessionCookie(cem.token) });
    sockets.push(socket);
    expect(socket.connected).toBe(true);
  });
});
