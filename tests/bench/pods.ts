// `pnpm bench pods [--members=1000] [--pod-size=6] [--rate=200] [--seconds=30] [--warmup-seconds=3]
//   [--saturation-seconds=5] [--in-flight=256] [--database=sqlite|postgres] [--cpu-prof=<dir>]
//   [--heap-snapshot=<dir>]`
//
// Issue 34's performance: N members connected at once in pods of 6 (the last pod takes what is left), a
// random member writing to their pod over the socket's pod:send (acked) at a given total rate, each message
// delivered live to the pod's other members; against Amiko and against a bare socket.io relay that fans
// each message out to the pod's sockets, measured in the same run (chat-bench.ts: how, and what each
// figure means). Latency is counted per delivery, from the send to each member's socket. Every delivery is
// checked: each message reaches each of the pod's other members exactly once.
import { ONBOARDED_INTERESTS } from '../support/members.ts';
import {
  IDLE_MEMBER_KB,
  measureBesideRelay,
  numberOption,
  parseOptions,
  printChecks,
  printComparison,
  type PodSeating,
} from './chat-bench.ts';

/** The pods straight into the database, open and online, the first member their starter. */
const seating = (size: number): PodSeating => ({
  size,
  async seed(db, pods) {
    const now = new Date();
    for (let i = 0; i < pods.length; i += 200) {
      const batch = pods.slice(i, i + 200);
      await db.db.insert(db.t.pods).values(
        batch.map((pod, j) => ({
          id: pod.id,
          name: `Bench pod ${i + j}`,
          kind: 'interests' as const,
          interests: [ONBOARDED_INTERESTS[0]],
          languages: ['en' as const],
          placeId: null,
          sizeLimit: Math.max(size, 3),
          startedBy: pod.memberIds[0]!,
          createdAt: now,
        })),
      );
      await db.db.insert(db.t.podMembers).values(
        batch.flatMap((pod) =>
          pod.memberIds.map((memberId, k) => ({
            podId: pod.id,
            memberId,
            role: k === 0 ? ('starter' as const) : ('member' as const),
            joinedAt: now,
          })),
        ),
      );
    }
  },
});

export async function run(args: string[]): Promise<void> {
  const options = parseOptions(args);
  const podSize = numberOption(args, 'pod-size', 6);
  if (podSize < 2 || podSize > 8) throw new Error('--pod-size must be from 2 to 8');
  if (options.members % podSize === 1)
    throw new Error('--members leaves one member alone in the last pod, with nobody to write to');
  console.log(`pods of ${podSize}, each message to the pod's ${podSize - 1} other members`);
  const { amiko, bare } = await measureBesideRelay(options, 'pods', seating(podSize));
  printComparison(amiko, bare, { perDelivery: true });
  printChecks(`Targets (issue 34, ${options.database}):`, [
    ['p99 ≤ 3× the bare relay', amiko.p99 <= 3 * bare.p99],
    [`≤ ${IDLE_MEMBER_KB} KB per idle connected member`, amiko.memoryPerMemberKb <= IDLE_MEMBER_KB],
    ['every message to each of its pod’s other members exactly once', amiko.missing + amiko.unexpected === 0],
    ['no message refused', amiko.errors === 0],
  ]);
}
