import { randomUUID } from 'node:crypto';
import { sweepQuietPods } from '@amiko/api';
import { and, eq, gte, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { eventually } from '../support/messaging.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { podInput } from '../support/pods.ts';

// How alive a pod is, and pods gone quiet (issue 34.2), on both databases: each card counts the pod's
// messages of the last seven days; a pod without a message for 30 days is offered to nobody new, and its
// members are asked once per quiet spell whether to keep it or let it close; it closes when every member who
// counts has let it go, or by the daily sweep after 30 + 14 quiet days that nobody chose to keep. Time is
// moved by writing the pod's dates into the past in the database.

const DAY_MS = 86_400_000;

let ts: TestServer;
let second: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ env: { JOB_POLL_MS: '50' } });
  // A second server process on the same database: answers and sweeps arrive through both at once.
  second = await startTestServer({ database: ts.db, env: { JOB_POLL_MS: '50' } });
});
afterAll(async () => {
  await second?.stop();
  await ts?.stop();
});

const member = (server: TestServer = ts) => createMember(server, { access: 'paid' });

/** A pod started by the first member, which the others have joined. */
async function podOf(name: string, starter: TestMember, ...others: TestMember[]): Promise<string> {
  const pod = await starter.client.trpc.pods.start.mutate(podInput({ name }));
  for (const other of others) await other.client.trpc.pods.join.mutate({ podId: pod.id });
  return pod.id;
}

const say = (from: TestMember, podId: string, body = 'Hello all') =>
  from.client.trpc.pods.send.mutate({ podId, clientId: randomUUID(), body });

/** Moves everything that dates the pod `days` into the past: its start, its messages, its members' answers. */
async function backdate(podId: string, days: number) {
  const { db, t } = ts.server.database;
  const back = (at: Date) => new Date(at.getTime() - days * DAY_MS);
  const [pod] = await db.select().from(t.pods).where(eq(t.pods.id, podId));
  await db
    .update(t.pods)
    .set({ createdAt: back(pod!.createdAt) })
    .where(eq(t.pods.id, podId));
  const messages = await db.select().from(t.podMessages).where(eq(t.podMessages.podId, podId));
  for (const message of messages)
    await db
      .update(t.podMessages)
      .set({ createdAt: back(message.createdAt) })
      .where(eq(t.podMessages.id, message.id));
  const members = await db.select().from(t.podMembers).where(eq(t.podMembers.podId, podId));
  for (const row of members)
    if (row.quietAnsweredAt)
      await db
        .update(t.podMembers)
        .set({ quietAnsweredAt: back(row.quietAnsweredAt) })
        .where(and(eq(t.podMembers.podId, podId), eq(t.podMembers.memberId, row.memberId)));
}

const mine = async (who: TestMember, podId: string) =>
  (await who.client.trpc.pods.mine.query()).find((pod) => pod.id === podId);
const offered = async (who: TestMember, podId: string) =>
  (await who.client.trpc.pods.find.query({ where: 'anywhere' })).some((pod) => pod.id === podId);

async function closedAt(podId: string) {
  const { db, t } = ts.server.database;
  const [pod] = await db.select({ closedAt: t.pods.closedAt }).from(t.pods).where(eq(t.pods.id, podId));
  return pod!.closedAt;
}

async function appCode(call: Promise<unknown>) {
  const error = await failure(call);
  return [error.data?.appCode, error.message];
}

describe('how alive a pod is', () => {
  it('counts the messages of the last seven days on every card, in one query for the list', async () => {
    const [anna, ben, outsider] = await Promise.all([member(), member(), member()]);
    const podId = await podOf('Lively', anna, ben);
    const silent = await podOf('Silent', ben);
    for (const body of ['One', 'Two', 'Three']) await say(anna, podId, body);
    await say(ben, podId, 'Four');
    // One message of eight days ago is not of this week.
    const { db, t } = ts.server.database;
    const [oldest] = await db
      .select()
      .from(t.podMessages)
      .where(and(eq(t.podMessages.podId, podId), eq(t.podMessages.body, 'One')));
    await db
      .update(t.podMessages)
      .set({ createdAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(eq(t.podMessages.id, oldest!.id));

    expect((await anna.client.trpc.pods.get.query({ podId })).messagesThisWeek).toBe(3);
    expect((await mine(ben, podId))?.messagesThisWeek).toBe(3);
    expect((await mine(ben, silent))?.messagesThisWeek).toBe(0);
    const found = await outsider.client.trpc.pods.find.query({ where: 'anywhere' });
    expect(found.find((pod) => pod.id === podId)).toMatchObject({ messagesThisWeek: 3, quiet: null });
    expect(found.find((pod) => pod.id === silent)).toMatchObject({ messagesThisWeek: 0, quiet: null });

    // Anna blocks Ben: his messages leave her chat, not the count (it shows no one's words).
    await anna.client.trpc.blocks.block.mutate({ memberId: ben.id });
    expect((await anna.client.trpc.pods.get.query({ podId })).messagesThisWeek).toBe(3);
  });
});

describe('a pod gone quiet', () => {
  it('is offered to nobody new, but stays in its members’ pods with the question', async () => {
    const [anna, ben, newcomer] = await Promise.all([member(), member(), member()]);
    const quiet = await podOf('Quiet for a month', anna, ben);
    await say(anna, quiet);
    await backdate(quiet, 31);
    // Started 31 days ago, but a message 29 days ago: alive. Started 10 days ago, never a word: alive.
    const talking = await podOf('Talked last month', anna);
    await say(anna, talking);
    await backdate(talking, 29);
    const young = await podOf('Young and silent', ben);
    await backdate(young, 10);

    expect(await offered(newcomer, quiet)).toBe(false);
    expect(await offered(newcomer, talking)).toBe(true);
    expect(await offered(newcomer, young)).toBe(true);

    expect((await mine(anna, quiet))?.quiet).toEqual({ answer: null });
    expect((await ben.client.trpc.pods.get.query({ podId: quiet })).quiet).toEqual({ answer: null });
    expect((await mine(anna, talking))?.quiet).toBeNull();
    expect((await mine(ben, young))?.quiet).toBeNull();
    // Someone outside the pod is asked nothing, on the page a link may lead them to.
    expect((await newcomer.client.trpc.pods.get.query({ podId: quiet })).quiet).toBeNull();
    expect(await appCode(newcomer.client.trpc.pods.quietAnswer.mutate({ podId: quiet, keep: true }))).toEqual(
      ['NOT_FOUND', 'pods:errors.notFound'],
    );
    // An alive pod has no question to answer.
    expect(await appCode(anna.client.trpc.pods.quietAnswer.mutate({ podId: talking, keep: false }))).toEqual([
      'CONFLICT',
      'pods:errors.notQuiet',
    ]);
  });

  it('asks once per quiet spell: a message ends the spell, and the next one asks again', async () => {
    const [anna, ben, newcomer] = await Promise.all([member(), member(), member()]);
    const podId = await podOf('Wakes up', anna, ben);
    await say(anna, podId);
    await backdate(podId, 31);

    expect(await anna.client.trpc.pods.quietAnswer.mutate({ podId, keep: true })).toEqual({ closed: false });
    // Answered: kept for this spell, asked no more; Ben has not answered and is still asked.
    expect((await mine(anna, podId))?.quiet).toEqual({ answer: 'keep' });
    expect((await mine(ben, podId))?.quiet).toEqual({ answer: null });
    const { db, t } = ts.server.database;
    const [row] = await db
      .select()
      .from(t.podMembers)
      .where(and(eq(t.podMembers.podId, podId), eq(t.podMembers.memberId, anna.id)));
    expect(row).toMatchObject({ quietAnswer: 'keep', quietAnsweredAt: expect.any(Date) });

    // Ben writes: the pod is alive again, offered again, and nobody is asked.
    await say(ben, podId, 'Still here!');
    expect((await mine(anna, podId))?.quiet).toBeNull();
    expect((await mine(ben, podId))?.quiet).toBeNull();
    expect(await offered(newcomer, podId)).toBe(true);

    // A month later it has gone quiet again: Anna's answer was for the spell before, so she is asked again.
    await backdate(podId, 31);
    expect((await mine(anna, podId))?.quiet).toEqual({ answer: null });
    expect(await offered(newcomer, podId)).toBe(false);
  });

  it('closes as soon as every member who counts has let it go, for everyone', async () => {
    const [anna, ben, cleo] = await Promise.all([member(), member(second), member()]);
    const podId = await podOf('Let it go', anna, ben, cleo);
    await backdate(podId, 31);
    // Cleo is suspended: she no longer counts.
    const { db, t } = ts.server.database;
    await db.update(t.members).set({ suspendedAt: new Date() }).where(eq(t.members.id, cleo.id));

    expect(await anna.client.trpc.pods.quietAnswer.mutate({ podId, keep: false })).toEqual({ closed: false });
    expect((await mine(anna, podId))?.quiet).toEqual({ answer: 'close' });
    expect(await closedAt(podId)).toBeNull();
    // Ben lets it go too, through the other server: closed, and gone from everyone's lists.
    expect(await ben.client.trpc.pods.quietAnswer.mutate({ podId, keep: false })).toEqual({ closed: true });
    expect(await closedAt(podId)).toBeInstanceOf(Date);
    expect(await mine(anna, podId)).toBeUndefined();
    expect(await mine(ben, podId)).toBeUndefined();
    expect(await appCode(anna.client.trpc.pods.get.query({ podId }))).toEqual([
      'NOT_FOUND',
      'pods:errors.notFound',
    ]);
    expect((await anna.client.trpc.pods.unread.query()).pods.some((p) => p.podId === podId)).toBe(false);
  });

  it('closes once the last answers arrive at the same moment through two servers', async () => {
    const [anna, ben] = await Promise.all([member(), member(second)]);
    const podId = await podOf('Both at once', anna, ben);
    await backdate(podId, 31);
    const answers = await Promise.all([
      anna.client.trpc.pods.quietAnswer.mutate({ podId, keep: false }),
      ben.client.trpc.pods.quietAnswer.mutate({ podId, keep: false }),
    ]);
    expect(answers.filter((a) => a.closed)).toHaveLength(1);
    expect(await closedAt(podId)).toBeInstanceOf(Date);
  });

  it('closes when the only member who had not let it go leaves', async () => {
    const [anna, ben] = await Promise.all([member(), member()]);
    const podId = await podOf('Last one out', anna, ben);
    await backdate(podId, 31);
    await anna.client.trpc.pods.quietAnswer.mutate({ podId, keep: false });
    // Anna, who chose "let it close", can still leave; Ben is the one who goes here.
    await ben.client.trpc.pods.leave.mutate({ podId });
    expect(await closedAt(podId)).toBeInstanceOf(Date);
  });
});

describe('the daily sweep', () => {
  it('closes a pod quiet for 44 days that nobody keeps, and leaves one somebody keeps', async () => {
    const [anna, ben, cleo] = await Promise.all([member(), member(), member()]);
    const kept = await podOf('Kept', anna, ben);
    await backdate(kept, 31);
    await ben.client.trpc.pods.quietAnswer.mutate({ podId: kept, keep: true });
    await anna.client.trpc.pods.quietAnswer.mutate({ podId: kept, keep: false });
    await backdate(kept, 14);
    const forgotten = await podOf('Forgotten', anna, ben);
    await say(anna, forgotten);
    await backdate(forgotten, 45);
    const inGrace = await podOf('Still in its two weeks', anna, ben);
    await backdate(inGrace, 40);
    // Kept in an earlier spell, then a message, then 45 quiet days: that "keep" was for the spell before.
    const keptBefore = await podOf('Kept before', anna, ben);
    await backdate(keptBefore, 31);
    await anna.client.trpc.pods.quietAnswer.mutate({ podId: keptBefore, keep: true });
    await say(ben, keptBefore);
    await backdate(keptBefore, 45);
    // Anna let it go; Cleo, who never answered, was suspended since: everyone who counts has let it go.
    const lastWord = await podOf('Last word', anna, cleo);
    await backdate(lastWord, 31);
    await anna.client.trpc.pods.quietAnswer.mutate({ podId: lastWord, keep: false });
    const { db, t } = ts.server.database;
    await db.update(t.members).set({ suspendedAt: new Date() }).where(eq(t.members.id, cleo.id));

    // Two processes sweeping at once: each due pod is closed once, by one of them. (On SQLite one after the
    // other: two connections in this one test process would interleave inside each other's transactions,
    // where two processes wait for the write lock.)
    const start = new Date();
    const sweeps = [() => sweepQuietPods(ts.server.deps), () => sweepQuietPods(second.server.deps)];
    const closed =
      ts.server.database.dialect === 'postgres'
        ? await Promise.all(sweeps.map((sweep) => sweep()))
        : [await sweeps[0]!(), await sweeps[1]!()];
    const closedNow = await db.select().from(t.pods).where(gte(t.pods.closedAt, start));
    expect(closed.reduce((sum, n) => sum + n, 0)).toBe(closedNow.length);
    expect(await closedAt(kept)).toBeNull();
    expect(await closedAt(inGrace)).toBeNull();
    expect(await closedAt(forgotten)).toBeInstanceOf(Date);
    expect(await closedAt(keptBefore)).toBeInstanceOf(Date);
    expect(await closedAt(lastWord)).toBeInstanceOf(Date);
    expect(await mine(anna, forgotten)).toBeUndefined();
    expect(await mine(anna, kept)).toBeDefined();
  });

  it('runs as a job each day, scheduling the next, on whichever server claims it', async () => {
    const { db, t } = ts.server.database;
    const today = new Date().toISOString().slice(0, 10);
    const sweeps = () => db.select().from(t.jobs).where(like(t.jobs.key, 'quietPodSweep:%'));
    // Both servers scheduled today's at their start; it ran once and scheduled tomorrow's.
    await eventually(async () => {
      const jobs = await sweeps();
      return jobs.some((j) => j.key === `quietPodSweep:${today}` && j.doneAt !== null);
    }, "today's sweep");
    const pending = (await sweeps()).filter((j) => j.doneAt === null);
    expect(pending).toHaveLength(1);
    const next = pending[0]!;
    expect(next.runAt.getTime()).toBeGreaterThan(Date.now());

    const [anna] = await Promise.all([member()]);
    const podId = await podOf('Swept by the job', anna);
    await backdate(podId, 45);
    // Tomorrow comes: the job runs, closes the pod and schedules the day after.
    await db.update(t.jobs).set({ runAt: new Date() }).where(eq(t.jobs.id, next.id));
    await eventually(async () => (await closedAt(podId)) !== null, 'the pod closed by the job');
    await eventually(
      async () => (await sweeps()).some((j) => j.id === next.id && j.doneAt !== null),
      'the job done',
    );
    const dayAfter = new Date(Date.parse(next.key.split(':')[1]!) + DAY_MS).toISOString().slice(0, 10);
    expect((await sweeps()).filter((j) => j.doneAt === null).map((j) => j.key)).toEqual([
      `quietPodSweep:${dayAfter}`,
    ]);
  });
});
