import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

// Measurements of CPU time (Lighthouse multiplies what it sees by four for a phone) say as much about the
// machine's other work as about the page: a test that is to run alone waits here until it is.

/** All cores' busy and total jiffies so far, from /proc/stat (Linux). */
function cpuTimes(): { busy: number; total: number } | null {
  let line: string | undefined;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  } catch {
    return null;
  }
  const fields = line?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  // user nice system idle iowait irq softirq steal …: idle and iowait are the idle ones.
  const total = fields.slice(0, 8).reduce((sum, n) => sum + n, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** The share of the machine's CPU that was busy over `ms` (null where /proc/stat cannot be read). */
export async function cpuBusyShare(ms = 1000): Promise<number | null> {
  const before = cpuTimes();
  await sleep(ms);
  const after = cpuTimes();
  if (!before || !after || after.total === before.total) return null;
  return (after.busy - before.busy) / (after.total - before.total);
}

/**
 * Waits until the machine has been mostly idle (at most `maxBusy` of all cores busy) for a second, or
 * `timeoutMs` passed; resolves with the last share seen, for the test's report.
 */
export async function waitForQuietCpu({ maxBusy = 0.2, timeoutMs = 30_000 } = {}): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const busy = await cpuBusyShare();
    if (busy === null || busy <= maxBusy || Date.now() >= deadline) return busy;
  }
}
