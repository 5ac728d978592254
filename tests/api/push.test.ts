import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { SESSION_COOKIE } from '@amiko/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database.ts';
import { failure } from '../support/errors.ts';
import { connectSocket, sessionCookie } from '../support/messaging.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { parseMetrics, sampleValue } from '../support/prometheus.ts';
import { deviceOf, startPushService, vapidKeyPair, type PushService } from '../support/push-service.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// Web Push (issue 31), against a push service written here (tests/support/push-service.ts) that checks
// each push's VAPID JWT and decrypts its payload with the subscribing "browser's" keys, on both databases.

const VAPID = vapidKeyPair();
const PUSH_ENV = {
  VAPID_PUBLIC_KEY: VAPID.publicKey,
  VAPID_PRIVATE_KEY: VAPID.privateKey,
  METRICS_PORT: '0',
  JOB_POLL_MS: '100',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const send = (from: TestMember, to: TestMember, body = 'Shall we go hiking on Sunday?') =>
  from.client.trpc.messages.send.mutate({ to: to.id, clientId: randomUUID(), body });

async function pushMetrics(ts: TestServer) {
  const samples = parseMetrics(await (await fetch(ts.metricsUrl!)).text());
  const value = (outcome: string) =>
    sampleValue(samples, 'amiko_push_deliveries_total', { outcome }) ?? Number.NaN;
  return { sent: value('sent'), failed: value('failed'), removed: value('removed') };
}

describe('web push', () => {
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
    service.turnedAway.length = 0;
  });

  /** A member with `count` devices that get pushes (each a browser subscribed at the local service). */
  async function memberWithDevices(count: number, options: Parameters<typeof createMember>[1] = {}) {
    const member = await createMember(ts, options);
    const { publicKey } = await member.client.trpc.push.devices.query();
    expect(publicKey).toBe(VAPID.publicKey);
    const devices = [];
    for (let i = 0; i < count; i += 1) {
      const subscription = service.subscribe(publicKey!);
      await member.client.trpc.push.subscribe.mutate({ ...subscription, device: `Browser ${i + 1}` });
      devices.push(deviceOf(subscription));
    }
    return { member, devices };
  }

  it('pushes a new message to each device of a member away, encrypted for it, signed with the VAPID key, naming the sender without the text', async () => {
    const ana = await createMember(ts, { name: 'Ana Lima' });
    const { member: bea, devices } = await memberWithDevices(2);
    const before = await pushMetrics(ts);
    const { message } = await send(ana, bea);
    const pushes = await service.waitFor(2);
    expect(pushes.map((p) => p.device).sort()).toEqual([...devices].sort());
    for (const push of pushes) {
      expect(push.payload).toEqual({
        title: 'New message from Ana',
        body: '',
        path: `/messages?with=${ana.id}`,
        tag: `conversation:${message.conversationId}`,
      });
      expect(push.claims.sub).toBe('mailto:team@amiko.local');
      expect(push.headers.urgency).toBe('high');
      expect(push.headers.topic).toMatch(/^[\w-]{32}$/);
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    }
    // Once each: no second push arrives.
    await sleep(500);
    expect(service.received).toHaveLength(2);
    const after = await pushMetrics(ts);
    expect(after.sent - before.sent).toBe(2);
    expect(after.failed - before.failed).toBe(0);
  });

  it('shows the text only to a member who chose it, and speaks the member’s language', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const { member: bea } = await memberWithDevices(1, { language: 'de' });
    await bea.client.trpc.account.setNotifications.mutate({ showMessageText: true });
    await send(ana, bea, 'Wollen wir am Sonntag wandern?');
    const [push] = await service.waitFor(1);
    expect(push!.payload).toMatchObject({
      title: 'Neue Nachricht von Ana',
      body: 'Wollen wir am Sonntag wandern?',
    });
  });

  it('removes a device the push service says is gone (410, 404), and counts it', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const { member: bea, devices } = await memberWithDevices(3);
    service.answer(devices[0]!, 410);
    service.answer(devices[1]!, 404);
    const before = await pushMetrics(ts);
    await send(ana, bea);
    await service.waitFor(1);
    const deadline = Date.now() + 5000;
    while ((await bea.client.trpc.push.devices.query()).devices.length > 1 && Date.now() < deadline)
      await sleep(50);
    expect((await bea.client.trpc.push.devices.query()).devices.map((d) => d.device)).toEqual(['Browser 3']);
    const after = await pushMetrics(ts);
    expect(after.removed - before.removed).toBe(2);
    expect(after.sent - before.sent).toBe(1);
  });

  it('counts a push the push service fails (5xx) as failed, and keeps the device for the next message', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const { member: bea, devices } = await memberWithDevices(2);
    service.answer(devices[0]!, 500);
    const before = await pushMetrics(ts);
    await send(ana, bea);
    const [push] = await service.waitFor(1);
    expect(push!.device).toBe(devices[1]);
    const deadline = Date.now() + 5000;
    while ((await pushMetrics(ts)).failed - before.failed < 1 && Date.now() < deadline) await sleep(50);
    expect(service.turnedAway).toEqual([{ device: devices[0], status: 500 }]);
    const after = await pushMetrics(ts);
    expect(after.failed - before.failed).toBe(1);
    expect(after.sent - before.sent).toBe(1);
    expect(after.removed - before.removed).toBe(0);
    // A failing push service is no gone subscription: both devices stay, and once it is back the next
    // message reaches the device again.
    expect((await bea.client.trpc.push.devices.query()).devices.map((d) => d.device)).toEqual([
      'Browser 1',
      'Browser 2',
    ]);
    service.answer(devices[0]!, 201);
    await send(ana, bea, 'Are you there?');
    const pushes = await service.waitFor(3);
    expect(
      pushes
        .slice(1)
        .map((p) => p.device)
        .sort(),
    ).toEqual([...devices].sort());
  });

  it('sends nothing while the member has a live connection', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const { member: bea } = await memberWithDevices(1);
    const token = bea.client.http.cookies.get(SESSION_COOKIE)!;
    const socket = await connectSocket(ts.url, { cookie: sessionCookie(token) });
    await send(ana, bea);
    await sleep(1000);
    expect(service.received).toEqual([]);
    socket.close();
    await sleep(200);
    await send(ana, bea);
    expect(await service.waitFor(1)).toHaveLength(1);
  });

  it('names the sender only as the one visibility decision allows: none for a suspended sender', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const { member: bea } = await memberWithDevices(1);
    const { message } = await send(ana, bea);
    await service.waitFor(1);
    service.received.length = 0;
    const { db, t } = ts.server.database;
    await db.update(t.members).set({ suspendedAt: new Date() }).where(eq(t.members.id, ana.id));
    // The same push left to the job runners (as by a process that died before sending it): no push now.
    await db.delete(t.jobs).where(eq(t.jobs.key, `pushMessage:${message.id}`));
    await db.insert(t.jobs).values({
      kind: 'pushMessage',
      key: `pushMessage:${message.id}`,
      memberId: bea.id,
      payload: { messageId: message.id },
      runAt: new Date(),
      createdAt: new Date(),
    });
    const deadline = Date.now() + 5000;
    const done = async () =>
      (
        await db
          .select()
          .from(t.jobs)
          .where(eq(t.jobs.key, `pushMessage:${message.id}`))
      )[0]?.doneAt;
    while (!(await done()) && Date.now() < deadline) await sleep(50);
    expect(await done()).toBeTruthy();
    expect(service.received).toEqual([]);
  });

  it('lets a member list their devices (this one marked), remove one, and take only push services', async () => {
    const { member: bea } = await memberWithDevices(1);
    const other = ts.client();
    const { token } = await ts.server.deps.sessions.create(bea.id);
    other.http.cookies.set(SESSION_COOKIE, token);
    const subscription = service.subscribe(VAPID.publicKey);
    const listed = await other.trpc.push.subscribe.mutate({ ...subscription, device: 'Firefox on Linux' });
    expect(listed.devices.map((d) => [d.device, d.thisDevice])).toEqual([
      ['Browser 1', false],
      ['Firefox on Linux', true],
    ]);
    expect((await bea.client.trpc.push.devices.query()).devices.map((d) => d.thisDevice)).toEqual([
      true,
      false,
    ]);

    // Someone else cannot remove it; the member can.
    const mallory = await createMember(ts);
    await mallory.client.trpc.push.remove.mutate({ id: listed.devices[1]!.id });
    expect((await bea.client.trpc.push.devices.query()).devices).toHaveLength(2);
    const left = await bea.client.trpc.push.remove.mutate({ id: listed.devices[1]!.id });
    expect(left.devices.map((d) => d.device)).toEqual(['Browser 1']);

    // The server posts only to the browsers' push services (and, in development, this machine's).
    for (const endpoint of [
      'https://push.example/send/1',
      'http://10.0.0.1/push/1',
      'http://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
    ]) {
      const error = await failure(
        bea.client.trpc.push.subscribe.mutate({ ...subscription, endpoint, device: 'x' }),
      );
      expect(error.message, endpoint).toBe('settings:errors.pushUnsupported');
    }
    // Keys that are no point of P-256 could never be encrypted for.
    const notAKey = { ...subscription.keys, p256dh: `B${'A'.repeat(86)}` };
    expect(
      (await failure(bea.client.trpc.push.subscribe.mutate({ ...subscription, keys: notAKey, device: 'x' })))
        .message,
    ).toBe('settings:errors.pushUnsupported');
    await bea.client.trpc.push.subscribe.mutate({
      ...subscription,
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      device: 'Chrome on Android',
    });
  });

  it('moves a browser’s subscription to the member who signs in on it, and drops it when its session ends', async () => {
    const { member: ana } = await memberWithDevices(0);
    const subscription = service.subscribe(VAPID.publicKey);
    await ana.client.trpc.push.subscribe.mutate({ ...subscription, device: 'Shared laptop' });
    const bea = await createMember(ts);
    await bea.client.trpc.push.subscribe.mutate({ ...subscription, device: 'Shared laptop' });
    expect((await ana.client.trpc.push.devices.query()).devices).toEqual([]);
    expect((await bea.client.trpc.push.devices.query()).devices).toHaveLength(1);
    await bea.client.trpc.auth.signOut.mutate();
    const { db, t } = ts.server.database;
    const rows = await db.select().from(t.pushSubscriptions).where(eq(t.pushSubscriptions.memberId, bea.id));
    expect(rows).toEqual([]);
  });

  it('keeps the message mail back longer for a member whose devices get pushes', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const { member: bea } = await memberWithDevices(1);
    const cleo = await createMember(ts);
    const sentAt = Date.now();
    await send(ana, bea);
    await send(ana, cleo);
    const { db, t } = ts.server.database;
    const runAt = async (member: TestMember) =>
      (
        await db
          .select({ runAt: t.jobs.runAt })
          .from(t.jobs)
          .where(and(eq(t.jobs.kind, 'messageMail'), eq(t.jobs.memberId, member.id)))
      )[0]!.runAt.getTime() - sentAt;
    // The defaults: 15 minutes, and an hour with push.
    expect(await runAt(cleo)).toBeGreaterThan(14 * 60_000);
    expect(await runAt(cleo)).toBeLessThan(16 * 60_000);
    expect(await runAt(bea)).toBeGreaterThan(59 * 60_000);
    expect(await runAt(bea)).toBeLessThan(61 * 60_000);
  });
});

describe('web push without VAPID settings', () => {
  it('has keys made once beside the embedded database, or is off on PostgreSQL', async () => {
    const database = await createTestDatabase();
    const first = await startTestServer({ database });
    try {
      const member = await createMember(first);
      const { publicKey } = await member.client.trpc.push.devices.query();
      if (database.dialect === 'sqlite') {
        expect(publicKey).toMatch(/^B[\w-]{86}$/);
        const file = join(dirname(database.url.replace(/^file:/, '')), 'vapid-keys.json');
        expect(statSync(file).mode & 0o777).toBe(0o600);
        // Another start on the same database signs with the same keys: browsers' subscriptions stay valid.
        await first.stop();
        const again = await startTestServer({ database });
        try {
          const other = await createMember(again);
          expect((await other.client.trpc.push.devices.query()).publicKey).toBe(publicKey);
        } finally {
          await again.stop();
        }
      } else {
        expect(publicKey).toBeNull();
        const service = await startPushService();
        try {
          const error = await failure(
            member.client.trpc.push.subscribe.mutate({ ...service.subscribe('x'), device: 'Chrome' }),
          );
          expect(error.message).toBe('settings:errors.pushOff');
        } finally {
          await service.stop();
        }
      }
    } finally {
      await first.stop();
      await database.drop();
    }
  });
});
