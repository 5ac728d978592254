import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE } from '@amiko/core';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, sessionCookie } from '../support/messaging.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { podInput } from '../support/pods.ts';
import { deviceOf, startPushService, vapidKeyPair, type PushService } from '../support/push-service.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// Web Push for pod messages (issues 31 and 34): each member of the pod who is away gets "New messages in
// Board games Hamburg" on their devices, in their language, never the text nor the writer; not the writer,
// not anyone on the other side of a block with the writer, nobody with a live window, nobody who has read it.
// Against the push service of tests/support/push-service.ts (VAPID checked, payload decrypted), on both
// databases.

const VAPID = vapidKeyPair();
const PUSH_ENV = {
  VAPID_PUBLIC_KEY: VAPID.publicKey,
  VAPID_PRIVATE_KEY: VAPID.privateKey,
  JOB_POLL_MS: '100',
};
const POD_NAME = 'Board games Hamburg';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const say = (from: TestMember, podId: string, body = 'Secret plans for Sunday') =>
  from.client.trpc.pods.send.mutate({ podId, clientId: randomUUID(), body });

describe('web push for pod messages', () => {
  let ts: TestServer;
  let service: PushService;
  beforeAll(async () => {
    ts = await startTestServer({ env: PUSH_ENV });
    service = await startPushService();
  });
  afterAll(async () => {
    await ts?.stop();
    await service?.stop();
  });
  afterEach(() => {
    service.received.length = 0;
  });

  /** A member whose one device gets pushes; the device's id at the push service. */
  async function memberWithDevice(options: Parameters<typeof createMember>[1] = {}) {
    const member = await createMember(ts, options);
    const subscription = service.subscribe(VAPID.publicKey);
    await member.client.trpc.push.subscribe.mutate({ ...subscription, device: 'Phone' });
    return { member, device: deviceOf(subscription) };
  }

  /** A pod started by the first member, which the others have joined. */
  async function podOf(starter: TestMember, ...others: TestMember[]): Promise<string> {
    const pod = await starter.client.trpc.pods.start.mutate(podInput({ name: POD_NAME }));
    for (const other of others) await other.client.trpc.pods.join.mutate({ podId: pod.id });
    return pod.id;
  }

  it('pushes each member away, in their language, the pod’s name without text or writer, a click into the pod; not the writer, nobody across a block', async () => {
    const { member: ana, device: anas } = await memberWithDevice({ name: 'Ana Lopez' });
    const { member: ben, device: bens } = await memberWithDevice();
    const { member: jorg, device: jorgs } = await memberWithDevice({ language: 'de' });
    const { member: cleo, device: cleos } = await memberWithDevice();
    const dan = await createMember(ts);
    const podId = await podOf(ana, ben, jorg, cleo, dan);
    await cleo.client.trpc.blocks.block.mutate({ memberId: ana.id });
    // Even a member who chose to see message texts gets none from a pod.
    await ben.client.trpc.account.setNotifications.mutate({ showMessageText: true });

    await say(ana, podId);
    const pushes = await service.waitFor(2);
    await sleep(700);
    expect(service.received).toHaveLength(2);
    expect(service.refused).toEqual([]);
    const byDevice = new Map(pushes.map((p) => [p.device, p]));
    expect([...byDevice.keys()].sort()).toEqual([bens, jorgs].sort());
    expect(byDevice.has(anas) || byDevice.has(cleos)).toBe(false);
    expect(byDevice.get(bens)!.payload).toEqual({
      title: `New messages in ${POD_NAME}`,
      body: '',
      path: `/pods/${podId}`,
      tag: `pod:${podId}`,
    });
    expect(byDevice.get(jorgs)!.payload).toMatchObject({
      title: `Neue Nachrichten in ${POD_NAME}`,
      body: '',
    });
    for (const push of pushes) {
      expect(JSON.stringify(push.payload)).not.toMatch(/Secret|Ana|Lopez/);
      expect(push.headers.topic).toMatch(/^[\w-]{32}$/);
      expect(push.headers.urgency).toBe('high');
    }
    // One Topic per pod: the push service keeps only the newest of a pod's pushes for a device that is off.
    expect(byDevice.get(bens)!.headers.topic).toBe(byDevice.get(jorgs)!.headers.topic);

    // As in one-to-one chat, each new message is pushed (its notification replaces the pod's last one); Ben's
    // reaches Cleo too, hers does not reach Ana.
    service.received.length = 0;
    await say(ben, podId, 'Catan at three?');
    const next = await service.waitFor(3);
    await sleep(700);
    expect(service.received.map((p) => p.device).sort()).toEqual([anas, jorgs, cleos].sort());
    expect(next.every((p) => (p.payload as { tag: string }).tag === `pod:${podId}`)).toBe(true);
    service.received.length = 0;
    await say(cleo, podId, 'I am in');
    const fromCleo = await service.waitFor(2);
    await sleep(700);
    expect(service.received.map((p) => p.device).sort()).toEqual([bens, jorgs].sort());
    expect(fromCleo).toHaveLength(2);
  });

  it('sends nothing to a member with a live window, nor once they have read it, nor after they left', async () => {
    const { member: ana } = await memberWithDevice({ name: 'Ana' });
    const { member: ben, device: bens } = await memberWithDevice();
    const { member: cleo } = await memberWithDevice();
    const podId = await podOf(ana, ben, cleo);

    // Ben is live (a socket of this process), Cleo reads before her push's job runs.
    const socket = await connectSocket(ts.url, {
      cookie: sessionCookie(ben.client.http.cookies.get(SESSION_COOKIE)!),
    });
    const { message } = await say(ana, podId);
    await service.waitFor(1);
    await sleep(500);
    expect(service.received.map((p) => p.device)).not.toContain(bens);
    socket.close();
    service.received.length = 0;

    // The same pushes left to the job runners (as by a process that died before sending them): Cleo has
    // read the pod meanwhile and Ben has left it, so neither gets one.
    await cleo.client.trpc.pods.read.mutate({ podId });
    await ben.client.trpc.pods.leave.mutate({ podId });
    await sleep(200);
    const { db, t } = ts.server.database;
    const keys = [ben, cleo].map((m) => `pushPodMessage:${message.id}:${m.id}`);
    await db.delete(t.jobs).where(like(t.jobs.key, `pushPodMessage:${message.id}:%`));
    for (const [i, who] of [ben, cleo].entries())
      await db.insert(t.jobs).values({
        kind: 'pushPodMessage',
        key: keys[i]!,
        memberId: who.id,
        payload: { podMessageId: message.id },
        runAt: new Date(),
        createdAt: new Date(),
      });
    const deadline = Date.now() + 5000;
    const finished = async () => {
      const rows = await Promise.all(
        keys.map((key) => db.select({ doneAt: t.jobs.doneAt }).from(t.jobs).where(eq(t.jobs.key, key))),
      );
      return rows.every(([row]) => row?.doneAt);
    };
    while (!(await finished()) && Date.now() < deadline) await sleep(50);
    expect(await finished()).toBe(true);
    expect(service.received).toEqual([]);
  });

  it('keeps the pod’s mail back longer for a member whose devices get pushes', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const { member: ben } = await memberWithDevice();
    const cleo = await createMember(ts);
    const podId = await podOf(ana, ben, cleo);
    const sentAt = Date.now();
    await say(ana, podId);
    await service.waitFor(1);
    const { db, t } = ts.server.database;
    const runAt = async (member: TestMember) =>
      (
        await db
          .select({ runAt: t.jobs.runAt })
          .from(t.jobs)
          .where(and(eq(t.jobs.kind, 'podMessageMail'), eq(t.jobs.memberId, member.id)))
      )[0]!.runAt.getTime() - sentAt;
    // The defaults: 15 minutes, and an hour with push.
    expect(await runAt(cleo)).toBeGreaterThan(14 * 60_000);
    expect(await runAt(cleo)).toBeLessThan(16 * 60_000);
    expect(await runAt(ben)).toBeGreaterThan(59 * 60_000);
    expect(await runAt(ben)).toBeLessThan(61 * 60_000);
  });
});
