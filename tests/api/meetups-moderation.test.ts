import type { LoggedAction } from '@amiko/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../apps/server/src/ops/admin.ts';
import { eventually } from '../support/messaging.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { podInput } from '../support/pods.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { mailsTo } from './accounts-support.ts';

// An operator cancels a meetup (`pnpm admin meetup-cancel`, issue 35.7), on both databases: through the
// host's cancel, so everyone going or waiting is told by mail (the proposer too: the operator cancelled, not
// they); logged with who and why; a meetup cancelled already, begun or unknown is said so, with its exit code.

const MUNICH = 2867714;
const HOUR = 3_600_000;
const POD_NAME = 'Board games Munich';
const nextYear = new Date().getUTCFullYear() + 1;

let ts: TestServer;
let env: Record<string, string>;
beforeAll(async () => {
  ts = await startTestServer({ env: { JOB_POLL_MS: '100' } });
  env = { DATABASE_URL: ts.db.url, UPLOADS_DIR: ts.server.env.UPLOADS_DIR };
});
afterAll(() => ts?.stop());

async function run(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await admin(args, {
    env,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

const munich = () => createMember(ts, { placeId: MUNICH, city: null });

/** A meetup proposed by the first member in their pod, the others going. */
async function meetupOf(proposer: TestMember, ...going: TestMember[]) {
  const pod = await proposer.client.trpc.pods.start.mutate(
    podInput({ name: POD_NAME, placeId: MUNICH, sizeLimit: 8 }),
  );
  for (const other of going) await other.client.trpc.pods.join.mutate({ podId: pod.id });
  const meetup = await proposer.client.trpc.meetups.propose.mutate({
    podId: pod.id,
    startsAt: `${nextYear}-06-05T19:30`,
    placeKind: 'cafe',
    venueName: 'Café Luitpold',
    venueAddress: 'Brienner Str. 11, München',
    language: 'en',
  });
  for (const other of going)
    await other.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true });
  return { podId: pod.id, meetupId: meetup.id };
}

const cancelledMails = async (who: TestMember) =>
  (await mailsTo(ts, who.email)).filter((m) => m.subject === `Cancelled: the meetup of ${POD_NAME}`);

describe('pnpm admin meetup-cancel', () => {
  it('cancels a meetup, tells everyone going, and logs who and why', async () => {
    const [proposer, ben] = [await munich(), await munich()];
    const { podId, meetupId } = await meetupOf(proposer, ben);

    const cancelled = await run(
      'meetup-cancel',
      meetupId,
      '--reason',
      'Venue reported unsafe',
      '--by',
      'ops',
    );
    expect(cancelled).toMatchObject({
      code: 0,
      stdout: `Cancelled meetup ${meetupId}: everyone going or waiting is told by mail.\n`,
    });
    expect(await proposer.client.trpc.meetups.ofPod.query({ podId })).toEqual([]);
    for (const who of [proposer, ben])
      await eventually(async () => (await cancelledMails(who)).length === 1, 'the cancellation mailed');

    const log = JSON.parse((await run('log', '--json', '--limit', '1000')).stdout) as LoggedAction[];
    expect(log.find((a) => a.action === 'meetup-cancel' && a.podId === podId)).toMatchObject({
      actor: 'ops',
      reason: `meetup ${meetupId}: Venue reported unsafe`,
      member: null,
    });

    expect(await run('meetup-cancel', meetupId, '--reason', 'again')).toMatchObject({
      code: 0,
      stdout: `Meetup ${meetupId} was cancelled already: nothing to do.\n`,
    });
    expect(await cancelledMails(ben)).toHaveLength(1);
  });

  it('refuses a meetup that has begun or does not exist, and a command line without a reason', async () => {
    const [proposer, ben] = [await munich(), await munich()];
    const { meetupId } = await meetupOf(proposer, ben);
    const { db, t } = ts.server.database;
    await db
      .update(t.meetups)
      .set({ startsAt: new Date(Date.now() - HOUR) })
      .where(eq(t.meetups.id, meetupId));
    const begun = await run('meetup-cancel', meetupId, '--reason', 'x');
    expect(begun.code).toBe(1);
    expect(begun.stderr).toContain(`meetup ${meetupId} has begun`);
    const unknown = await run('meetup-cancel', 'no-such-meetup', '--reason', 'x');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('there is no meetup no-such-meetup');
    expect((await run('meetup-cancel', meetupId)).code).toBe(2);
    expect((await run('meetup-cancel', '--help')).stdout).toContain('Usage: pnpm admin meetup-cancel');
    const [row] = await db.select().from(t.meetups).where(eq(t.meetups.id, meetupId));
    expect(row!.cancelledAt).toBeNull();
  });
});
