// `pnpm bench messaging [--members=1000] [--rate=200] [--seconds=30] [--warmup-seconds=3]
//   [--saturation-seconds=5] [--in-flight=256] [--database=sqlite|postgres] [--cpu-prof=<dir>]
//   [--heap-snapshot=<dir>]`
//
// N members connected at once, exchanging one-to-one messages at a given total rate between random pairs,
// against Amiko and against a bare socket.io relay measured in the same run (chat-bench.ts: how, and what
// each figure means), with the targets of issue 5.
import {
  IDLE_MEMBER_KB,
  measureBesideRelay,
  parseOptions,
  printChecks,
  printComparison,
} from './chat-bench.ts';

export async function run(args: string[]): Promise<void> {
  const options = parseOptions(args);
  const { amiko, bare } = await measureBesideRelay(options, 'pairs');
  printComparison(amiko, bare);
  printChecks(
    options.database === 'sqlite'
      ? 'Targets (issue 5, 2 cores, SQLite, 1,000 members at 200 msg/s):'
      : "Issue 5's targets, which are set for SQLite, beside this PostgreSQL run:",
    [
      [`p99 ≤ 25 ms at ${options.rate} msg/s`, amiko.p99 <= 25],
      ['p99 ≤ 3× the bare relay', amiko.p99 <= 3 * bare.p99],
      ['≥ 3,000 msg/s persisted and delivered', amiko.throughput >= 3000],
      [`≤ ${IDLE_MEMBER_KB} KB per idle connected member`, amiko.memoryPerMemberKb <= IDLE_MEMBER_KB],
      ['no message refused', amiko.errors === 0],
    ],
  );
}
