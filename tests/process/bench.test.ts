import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// `pnpm bench messaging` on a small scale, so that the benchmark keeps working between the runs that
// measure: both servers start, every client process connects its members, and the table is printed.
const RUN = fileURLToPath(new URL('../bench/run.ts', import.meta.url));

it('pnpm bench messaging runs end to end and loses nothing', { timeout: 120_000 }, async () => {
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--disable-warning=ExperimentalWarning',
      RUN,
      'messaging',
      '--members=20',
      '--rate=50',
      '--seconds=1',
      '--warmup-seconds=1',
      '--saturation-seconds=1',
      '--in-flight=8',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code, output).toBe(0);
  for (const name of ['bare relay', 'amiko']) {
    // BUSY refusals (several sends in flight on one socket) are sent again, as the app does: not lost.
    const counts = new RegExp(
      `^${name}: (\\d+) sent, (\\d+) received, (\\d+) refused, \\d+ sent again after BUSY$`,
      'm',
    ).exec(output);
    expect(counts, output).not.toBeNull();
    const [, sent, received, refused] = counts!.map(Number);
    expect(sent).toBeGreaterThan(100);
    expect(received).toBe(sent);
    expect(refused).toBe(0);
  }
  for (const row of ['latency p99 (ms)', 'throughput at saturation (msg/s)', 'memory per idle member (KB)'])
    expect(output).toContain(row);
});
