import { request } from 'node:http';
import { createServer as createTcpServer, connect, type Socket } from 'node:net';
import { createServer } from '@amiko/server';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';
import { connectSocket, disconnection, memberWithSession, sessionCookie } from '../support/messaging.ts';

// Issue 16.7, graceful operations: on SIGTERM /readyz turns 503 at once, sockets are told to reconnect
// elsewhere, the running request finishes and the process exits well within 10 s; /readyz waits for the
// directory index, which start-up builds in the background.

let amiko: AmikoProcess | null = null;
afterEach(async () => {
  await amiko?.stop('SIGKILL').catch(() => undefined);
  amiko = null;
});

/** A POST whose body arrives in two parts `gapMs` apart: a request still running when SIGTERM comes. */
function slowRequest(url: string, gapMs: number): { sent: Promise<void>; answer: Promise<number> } {
  let firstPartSent!: () => void;
  const sent = new Promise<void>((resolve) => (firstPartSent = resolve));
  const answer = new Promise<number>((resolve, reject) => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' });
    const req = request(`${url}/trpc/auth.signIn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    req.on('error', reject);
    req.write(body.slice(0, 10), () => firstPartSent());
    setTimeout(() => req.end(body.slice(10)), gapMs);
  });
  return { sent, answer };
}

describe('SIGTERM', () => {
  it('drains: readiness 503, sockets told to reconnect, the running request answered, exit within 10 s', async () => {
    amiko = await spawnAmiko({ env: { SHUTDOWN_DELAY_MS: '1500' } });
    const { url } = amiko;
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 10_000 }).toBe(200);
    const member = await memberWithSession(amiko.db());
    const socket = await connectSocket(url, { cookie: sessionCookie(member.token) });
    const closed = disconnection(socket, 8000);
    const running = slowRequest(url, 2500);
    await running.sent;

    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => amiko!.process.once('exit', resolve));
    amiko.process.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 1000 }).toBe(503);
    // Closed transport, not a server "disconnect": socket.io clients reconnect by themselves.
    expect(await closed).toBe('transport close');
    // An unknown address: the procedure's own answer, not a dropped connection or a 503.
    expect(await running.answer).toBe(404);
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  }, 30_000);
});

describe('start-up', () => {
  it('answers /readyz 503 until the directory index is built, which start-up does by itself', async () => {
    const server = createServer({
      env: {
        NODE_ENV: 'development',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: 'file::memory:',
        LOG_LEVEL: 'silent',
      },
      logger: false,
    });
    try {
      const before = await server.app.inject({ url: '/readyz' });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toMatchObject({ reason: 'directory index not built yet' });
      expect(server.deps.directory.isBuilt()).toBe(false);
      const { url } = await server.start();
      await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 10_000 }).toBe(200);
      expect(server.deps.directory.isBuilt()).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('readiness with Redis', () => {
  it('answers /readyz 503 while Redis cannot be reached, and 200 again once it can', async () => {
    // A TCP relay in front of the test Redis: cutting it is Redis going away for this server alone.
    const redis = new URL(process.env.TEST_REDIS_URL!);
    let open = true;
    const sockets = new Set<Socket>();
    const relay = createTcpServer((client) => {
      if (!open) return client.destroy();
      const upstream = connect(Number(redis.port || 6379), redis.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const { port } = relay.address() as { port: number };
    const server = createServer({
      env: {
        NODE_ENV: 'development',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: 'file::memory:',
        REDIS_URL: `redis://127.0.0.1:${port}`,
        REDIS_PREFIX: `readyz-${process.pid}`,
        LOG_LEVEL: 'silent',
      },
      logger: false,
    });
    try {
      const { port: serverPort } = await server.start();
      const readyz = `http://127.0.0.1:${serverPort}/readyz`;
      await expect.poll(async () => (await fetch(readyz)).status, { timeout: 10_000 }).toBe(200);
      open = false;
      for (const socket of sockets) socket.destroy();
      await expect.poll(async () => (await fetch(readyz)).status, { timeout: 10_000 }).toBe(503);
      expect(await (await fetch(readyz)).json()).toEqual({ status: 'unavailable', reason: 'redis' });
      open = true;
      await expect.poll(async () => (await fetch(readyz)).status, { timeout: 15_000 }).toBe(200);
    } finally {
      await server.stop();
      await new Promise((resolve) => relay.close(resolve));
    }
  }, 60_000);
});
