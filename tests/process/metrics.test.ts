import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnAmiko } from '../support/amiko-process.ts';
import { parseMetrics, sampleValue } from '../support/prometheus.ts';

// METRICS_PORT as an operator meets it, on the real entry point: without it the process opens no port but
// the public one; with it, one more, serving /metrics; never the public port.

const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));

/** The TCP ports a process listens on, read from /proc: its socket inodes among the LISTEN sockets. */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed while listing
    }
  }
  const ports = new Set<number>();
  for (const table of ['tcp', 'tcp6']) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      if (fields[3] === '0A' && inodes.has(fields[9]!)) ports.add(parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}

describe('METRICS_PORT', () => {
  it('unset: no metrics and no port but the public one', async () => {
    const amiko = await spawnAmiko();
    try {
      const port = Number(new URL(amiko.url).port);
      expect(listeningPorts(amiko.process.pid!)).toEqual([port]);
      expect(amiko.output()).not.toContain('metrics are served');
      expect((await fetch(`${amiko.url}/metrics`)).status).toBe(404);
    } finally {
      await amiko.stop();
    }
  });

  it('set: /metrics on that port only, beside the public one', async () => {
    const amiko = await spawnAmiko({ env: { METRICS_PORT: '0' } });
    try {
      const port = Number(new URL(amiko.url).port);
      const served = /"metrics":"(http:\/\/[^"]+)"/.exec(amiko.output())?.[1];
      expect(served).toBeDefined();
      const metricsPort = Number(new URL(served!).port);
      expect(metricsPort).not.toBe(port);
      expect(listeningPorts(amiko.process.pid!)).toEqual([port, metricsPort].sort((a, b) => a - b));
      const samples = parseMetrics(await (await fetch(served!)).text());
      expect(sampleValue(samples, 'amiko_socket_connections')).toBe(0);
      expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10e6);
      expect((await fetch(`${amiko.url}/metrics`)).status).toBe(404);
    } finally {
      await amiko.stop();
    }
  });

  it('refuses to share the public port, with one clear line', async () => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: '3999', METRICS_PORT: '3999', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'amiko: METRICS_PORT must differ from PORT: the metrics are never served on the public port (got "3999")',
    );
    const bad = spawn(process.execPath, [MAIN], {
      env: { ...process.env, METRICS_PORT: 'nine', HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let badErr = '';
    bad.stderr.on('data', (c: Buffer) => (badErr += c.toString()));
    expect(await new Promise((resolve) => bad.once('exit', resolve))).toBe(1);
    expect(badErr.trim()).toBe('amiko: METRICS_PORT must be a port number from 0 to 65535 (got "nine")');
  });
});
