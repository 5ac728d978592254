import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// `pnpm bench messaging` and `pnpm bench pods` on a small scale, so that the benchmarks keep working between
// the runs that measure: both servers start, every client process connects its members, each message
// reaches each member it is for exactly once, and the table is printed.
const RUN = fileURLToPath(new URL('../bench/run.ts', import.meta.url));

async function bench(suite: string, options: string[]): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--disable-warning=ExperimentalWarning', RUN, suite, ...options],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code, output).toBe(0);
  return output;
}

/** Each server's counts: every delivery owed was made once, none twice or to anyone else, none refused. */
function expectEveryDeliveryOnce(output: string, deliveriesPerMessage: number) {
  for (const name of ['bare relay', 'amiko']) {
    // BUSY refusals (several sends in flight on one socket) are sent again, as the app does: not lost.
    const counts = new RegExp(
      `^${name}: (\\d+) sent, (\\d+) of (\\d+) deliveries, (\\d+) missing, (\\d+) unexpected, (\\d+) refused, \\d+ sent again after BUSY$`,
      'm',
    ).exec(output);
    expect(counts, output).not.toBeNull();
    const [, sent, delivered, expected, missing, unexpected, refused] = counts!.map(Number);
    expect(sent).toBeGreaterThan(100);
    expect(expected).toBe(sent! * deliveriesPerMessage);
    expect(delivered).toBe(expected);
    expect([missing, unexpected, refused]).toEqual([0, 0, 0]);
  }
  for (const row of ['latency p99 (ms)', 'throughput at saturation (msg/s)', 'memory per idle member (KB)'])
    expect(output).toContain(row);
}

const SHORT = ['--rate=50', '--seconds=1', '--warmup-seconds=1', '--saturation-seconds=1', '--in-flight=8'];

it('pnpm bench messaging runs end to end and loses nothing', { timeout: 120_000 }, async () => {
  expectEveryDeliveryOnce(await bench('messaging', ['--members=20', ...SHORT]), 1);
});

it(
  'pnpm bench pods delivers each message to the pod’s 5 others exactly once',
  { timeout: 120_000 },
  async () => {
    const output = await bench('pods', ['--members=24', '--pod-size=6', ...SHORT]);
    expectEveryDeliveryOnce(output, 5);
    expect(output).toContain('server CPU per delivery (µs)');
  },
);
