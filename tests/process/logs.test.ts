import { describe, expect, it } from 'vitest';
import { spawnAmiko } from '../support/amiko-process.ts';

// Issue 36.4: logs an operator can read. Behind Caddy, 96 of a replica's 257 lines were its health checks
// (about 86,000 a day); every request was two lines. Now: one line per request (method, URL, route,
// status, duration) under the request's id, which the proxy may give and every answer names; the probes at
// debug; and a last line saying the process stopped.

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  route?: string | null;
  status?: number;
  ms?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the log', () => {
  it('has one line per request, the probes at debug, the request id of the proxy or its own, and a last "stopped"', async () => {
    const amiko = await spawnAmiko({ env: { LOG_LEVEL: 'debug', TRUST_PROXY: 'true' } });
    const { listening } = amiko;
    let code: number | null;
    try {
      await expect
        .poll(async () => (await fetch(`${listening}/readyz`)).status, { timeout: 20_000 })
        .toBe(200);
      for (let i = 0; i < 3; i += 1) {
        expect((await fetch(`${listening}/healthz`)).status).toBe(200);
        expect((await fetch(`${listening}/readyz`)).status).toBe(200);
      }
      const fromProxy = await fetch(`${listening}/trpc/auth.me`, {
        headers: { 'x-request-id': 'caddy-4f2a-91' },
      });
      expect(fromProxy.status).toBe(200);
      expect(fromProxy.headers.get('x-request-id')).toBe('caddy-4f2a-91');
      const own = await fetch(`${listening}/trpc/auth.me?input=%7B%7D`);
      expect(own.headers.get('x-request-id')).toMatch(UUID);
      // A request id that could forge log fields or lines is not taken over.
      const odd = await fetch(`${listening}/healthz`, { headers: { 'x-request-id': 'a b"\u00e9' } });
      expect(odd.headers.get('x-request-id')).toMatch(UUID);
      const missing = await fetch(`${listening}/no/such/api.json`);
      expect(missing.status).toBe(404);
    } finally {
      code = await amiko.stop('SIGTERM');
    }
    expect(code).toBe(0);

    const lines = amiko
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
    expect(lines.filter((line) => /incoming request|request completed/.test(line.msg))).toEqual([]);
    const requests = lines.filter((line) => line.msg === 'request');
    const probes = requests.filter((line) => line.route === '/healthz' || line.route === '/readyz');
    expect(probes.length).toBeGreaterThanOrEqual(7);
    expect(probes.every((line) => line.level === 20)).toBe(true);

    const me = requests.find((line) => line.reqId === 'caddy-4f2a-91');
    expect(me).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/trpc/auth.me',
      route: '/trpc/:path',
      status: 200,
    });
    expect(me!.ms).toBeGreaterThanOrEqual(0);
    expect(requests.filter((line) => line.url === '/trpc/auth.me')).toHaveLength(1);
    expect(requests.find((line) => line.url === '/no/such/api.json')).toMatchObject({
      level: 30,
      status: 404,
      route: null,
    });
    expect(lines.at(-1)).toMatchObject({ level: 30, msg: 'stopped' });
  }, 90_000);
});
