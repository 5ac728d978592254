import type { OpenReport } from '@amiko/api';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../apps/server/src/ops/admin.ts';
import { failure } from '../support/errors.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { podInput } from '../support/pods.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// Reports after a meetup (issue 35.7), on both databases: someone who was going reports someone else who
// was, from "Who came?", within 14 days; the report keeps the pod's last messages and names the meetup;
// nobody else may (not going, waiting, can't go, or too late); `pnpm admin meetup-reports` lists them.

const MUNICH = 2867714;
const DAY = 24 * 3_600_000;
const nextYear = new Date().getUTCFullYear() + 1;

let ts: TestServer;
let env: Record<string, string>;
beforeAll(async () => {
  ts = await startTestServer();
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

/** A pod of the proposer that everyone joined; a meetup there that `going` went to, `cantGo` not. */
async function meetupOf(proposer: TestMember, going: TestMember[], cantGo: TestMember[]) {
  const pod = await proposer.client.trpc.pods.start.mutate(
    podInput({ name: 'Board games Munich', placeId: MUNICH, sizeLimit: 8 }),
  );
  for (const other of [...going, ...cantGo]) await other.client.trpc.pods.join.mutate({ podId: pod.id });
  await proposer.client.trpc.pods.send.mutate({
    podId: pod.id,
    clientId: randomUUID(),
    body: 'See you there',
  });
  const meetup = await proposer.client.trpc.meetups.propose.mutate({
    podId: pod.id,
    startsAt: `${nextYear}-06-05T19:30`,
    placeKind: 'cafe',
    venueName: 'Café Luitpold',
    venueAddress: 'Brienner Str. 11, München',
    language: 'de',
  });
  for (const other of going)
    await other.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true });
  for (const other of cantGo)
    await other.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: false });
  return { podId: pod.id, meetupId: meetup.id };
}

async function startedAgo(meetupId: string, ms: number) {
  const { db, t } = ts.server.database;
  await db
    .update(t.meetups)
    .set({ startsAt: new Date(Date.now() - ms) })
    .where(eq(t.meetups.id, meetupId));
}

const report = (from: TestMember, meetupId: string, about: TestMember) =>
  from.client.trpc.meetups.report.mutate({
    meetupId,
    memberId: about.id,
    reason: 'harassment',
    note: 'Pushy',
  });

describe('reports after a meetup', () => {
  it('lets someone who was going report someone who was, keeping the pod’s evidence; admin lists it', async () => {
    const [proposer, ben, cleo, dora] = [await munich(), await munich(), await munich(), await munich()];
    const { podId, meetupId } = await meetupOf(proposer, [ben, cleo], [dora]);
    // Not yet begun: nobody may report from it.
    expect((await failure(report(ben, meetupId, proposer))).message).toBe('meetups:errors.notFound');
    await startedAgo(meetupId, 3 * DAY);

    const { id } = await report(ben, meetupId, proposer);
    // Dora could not go: she may not report, nor be reported; a stranger may not either.
    expect((await failure(report(dora, meetupId, proposer))).message).toBe('meetups:errors.notFound');
    expect((await failure(report(cleo, meetupId, dora))).message).toBe('meetups:errors.notThere');
    const stranger = await munich();
    expect((await failure(report(stranger, meetupId, proposer))).message).toBe('meetups:errors.notFound');
    expect((await failure(report(ben, meetupId, ben))).message).toBe('community:errors.cannotReportSelf');

    const { db, t } = ts.server.database;
    const [row] = await db.select().from(t.reports).where(eq(t.reports.id, id));
    expect(row).toMatchObject({
      reporterId: ben.id,
      reportedId: proposer.id,
      podId,
      meetupId,
      status: 'open',
    });
    expect(row!.evidence.map((m) => m.body)).toContain('See you there');

    const listed = await run('meetup-reports');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`Report ${id}`);
    expect(listed.stdout).toContain('Café Luitpold, Brienner Str. 11, München');
    expect(listed.stdout).toContain(`(${meetupId})`);
    expect(listed.stdout).toContain('See you there');
    const json = JSON.parse((await run('meetup-reports', '--json')).stdout) as OpenReport[];
    const mine = json.find((r) => r.id === id)!;
    expect(mine.meetup).toMatchObject({ id: meetupId, timeZone: 'Europe/Berlin' });
    expect(mine.pod?.id).toBe(podId);
    expect(mine.reporter?.id).toBe(ben.id);
    expect(mine.reported.id).toBe(proposer.id);
    expect(json.every((r) => r.meetup !== null)).toBe(true);

    // After 14 days it is too late.
    await startedAgo(meetupId, 15 * DAY);
    expect((await failure(report(cleo, meetupId, proposer))).message).toBe('meetups:errors.notFound');
  });
});
