import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { podInput } from '../support/pods.ts';
import { deviceOf, startPushService, vapidKeyPair, type PushService } from '../support/push-service.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// A meetup's reminders by Web Push as well as by mail (issues 31 and 35.4): each member going who has a
// device gets "In 2 days: the meetup of …" in their language, a click into the pod, once — a reminder run
// again (as after a crash) pushes nothing more; nobody who is not going. Against the push service of
// tests/support/push-service.ts (VAPID checked, payload decrypted), on both databases.

const VAPID = vapidKeyPair();
const MUNICH = 2867714;
const POD_NAME = 'Board games Munich';
const nextYear = new Date().getUTCFullYear() + 1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let ts: TestServer;
let service: PushService;
beforeAll(async () => {
  ts = await startTestServer({
    env: { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, JOB_POLL_MS: '100' },
  });
  service = await startPushService();
});
afterAll(async () => {
  await ts?.stop();
  await service?.stop();
});

/** A member in Munich with one device that gets pushes; the device's id at the push service. */
async function munich(options: Parameters<typeof createMember>[1] = {}) {
  const member = await createMember(ts, { placeId: MUNICH, city: null, ...options });
  const subscription = service.subscribe(VAPID.publicKey);
  await member.client.trpc.push.subscribe.mutate({ ...subscription, device: 'Phone' });
  return { member, device: deviceOf(subscription) };
}

/** Runs a meetup's reminder jobs of one kind now (as if their time had come), done or not. */
async function runNow(meetupId: string, kind: string, which: string) {
  const { db, t } = ts.server.database;
  await db
    .update(t.jobs)
    .set({ runAt: new Date(), doneAt: null, lockedUntil: null })
    .where(and(eq(t.jobs.kind, kind), like(t.jobs.key, `${kind}:${meetupId}:${which}%`)));
}

describe('meetup reminders by push', () => {
  it('pushes each member going with a device once, in their language, into the pod; nobody else', async () => {
    const { member: ana, device: anas } = await munich({ name: 'Ana' });
    const { member: jorg, device: jorgs } = await munich({ language: 'de' });
    const ben = await createMember(ts, { placeId: MUNICH, city: null });
    const { member: cleo, device: cleos } = await munich();
    const pod = await ana.client.trpc.pods.start.mutate(
      podInput({ name: POD_NAME, languages: ['de', 'en'], placeId: MUNICH, sizeLimit: 5 }),
    );
    for (const other of [jorg, ben, cleo]) await other.client.trpc.pods.join.mutate({ podId: pod.id });
    const meetup = await ana.client.trpc.meetups.propose.mutate({
      podId: pod.id,
      startsAt: `${nextYear}-06-05T19:30`,
      placeKind: 'cafe',
      venueName: 'Café Luitpold',
      venueAddress: 'Brienner Str. 11, München',
      language: 'de',
    });
    for (const going of [jorg, ben])
      await going.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: true });
    await cleo.client.trpc.meetups.rsvp.mutate({ meetupId: meetup.id, going: false });
    // Proposing and answering pushed nothing (the card in the chat is a pod message: clear those first).
    await sleep(1000);
    service.received.length = 0;

    await runNow(meetup.id, 'meetupReminders', 'days2');
    const pushes = await service.waitFor(2);
    await sleep(1000);
    expect(service.refused).toEqual([]);
    expect(service.received.map((p) => p.device).sort()).toEqual([anas, jorgs].sort());
    const byDevice = new Map(pushes.map((p) => [p.device, p.payload]));
    expect(byDevice.get(anas)).toEqual({
      title: `In 2 days: the meetup of ${POD_NAME}`,
      body: '',
      path: `/pods/${pod.id}`,
      tag: `meetup:${meetup.id}`,
    });
    expect(byDevice.get(jorgs)).toMatchObject({ title: `In 2 Tagen: das Treffen von ${POD_NAME}` });
    expect(service.received.map((p) => p.device)).not.toContain(cleos);

    // Run again, fan-out and per-member jobs alike: the reminder was sent, so nothing more.
    await runNow(meetup.id, 'meetupReminders', 'days2');
    await runNow(meetup.id, 'meetupReminderMail', 'days2');
    await sleep(1500);
    expect(service.received).toHaveLength(2);
  });
});
