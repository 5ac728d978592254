import { createECDH, createHash } from 'node:crypto';
import type { PushSubscriptionInput } from '@amiko/core';
import { newId } from '@amiko/db';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushConfig } from '../config.ts';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { scheduleClaimedJob, scheduleClaimedJobs, finishJob, type JobOutcome } from './job-queue.ts';
import type { JobHandler } from './jobs.ts';
import { col, noBlock } from './pods-unread.ts';
import { firstName, may, seenBy } from './views.ts';

// Web Push (issue 31): a channel beside mail in the same jobs (ARCHITECTURE.md). A member turns it on per
// device (Settings → Notifications); a new message to a member with no live connection is pushed to their
// devices at once, by one job per message, so exactly one server process sends it. The web-push library
// encrypts the payload (RFC 8291) and signs the VAPID JWT (RFC 8292); the request itself goes out with fetch,
// so that it follows no redirect and gives up after PUSH_TIMEOUT_MS. The service worker (apps/web/src/sw.js)
// shows it unless a window of Amiko has the focus. A pod's message (issue 34) is pushed the same way to each
// member of the pod who is away: "New messages in Board games Hamburg", never its text nor its writer.

/** What the service worker gets: a title naming the sender, the text only if chosen, where a click goes. */
export interface PushPayload {
  title: string;
  body: string;
  path: string;
  /** One notification per conversation: the next replaces it. */
  tag: string;
}

export const PUSH_MESSAGE = 'pushMessage';
export const PUSH_POD_MESSAGE = 'pushPodMessage';
/** A device's list holds at most this many (the oldest goes): each is a request per message. */
const MAX_DEVICES = 10;
const PUSH_TIMEOUT_MS = 10_000;
/** Held while the pushes of one message go out: far longer than PUSH_TIMEOUT_MS, as the job runners' lease. */
const PUSH_LEASE_MS = 60_000;
/** How long a push service keeps a push for a device that is off; a newer one of the conversation replaces it. */
const PUSH_TTL_SECONDS = 12 * 60 * 60;
/** A message's text in a push, when the member chose to see it: a notification shows no more. */
const BODY_MAX = 200;

/**
 * The browsers' push services (each browser subscribes only at its maker's): a member's endpoint must be
 * one of them, over https on the default port, or the server would post wherever a member told it to
 * (SSRF). Services on this machine only with `localServices` (the dev conveniences' conditions).
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /(^|\.)push\.apple\.com$/,
  /(^|\.)notify\.windows\.com$/,
];
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isPushService(endpoint: string, config: Pick<PushConfig, 'localServices'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (config.localServices && LOOPBACK_HOSTS.has(url.hostname)) {
    return url.protocol === 'http:' || url.protocol === 'https:';
  }
  return (
    url.protocol === 'https:' && url.port === '' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))
  );
}

/** Whether the browser's key is a point of P-256 (a push to any other could never be encrypted). */
function isPublicKey(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

export interface PushDevices {
  /** The server's VAPID public key, for PushManager.subscribe; null when push is off. */
  publicKey: string | null;
  devices: { id: string; device: string; createdAt: Date; thisDevice: boolean }[];
}

/** Settings → Notifications: the member's devices that get pushes; `thisDevice` is the asking session's. */
export async function pushDevices(deps: Deps, memberId: string, sessionId: string): Promise<PushDevices> {
  const p = deps.database.t.pushSubscriptions;
  const rows = await deps.database.db
    .select({ id: p.id, device: p.device, createdAt: p.createdAt, sessionId: p.sessionId })
    .from(p)
    .where(eq(p.memberId, memberId))
    .orderBy(asc(p.createdAt), asc(p.id));
  return {
    publicKey: deps.config.push.vapid?.publicKey ?? null,
    devices: rows.map(({ sessionId: owner, ...row }) => ({ ...row, thisDevice: owner === sessionId })),
  };
}

/**
 * "Notify me on this device": stores the browser's subscription for the member and this session. The same
 * browser subscribing again (or for another member who signed in on it) replaces its earlier row.
 */
export async function subscribePush(
  deps: Deps,
  member: { id: string; sessionId: string },
  input: PushSubscriptionInput,
): Promise<PushDevices> {
  if (!deps.config.push.vapid) throw appError('CONFLICT', 'settings:errors.pushOff');
  if (!isPushService(input.endpoint, deps.config.push))
    throw appError('VALIDATION', 'settings:errors.pushUnsupported', { field: 'endpoint' });
  if (!isPublicKey(input.keys.p256dh))
    throw appError('VALIDATION', 'settings:errors.pushUnsupported', { field: 'keys' });
  const { db, t } = deps.database;
  const p = t.pushSubscriptions;
  const row = {
    memberId: member.id,
    sessionId: member.sessionId,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    device: input.device,
    createdAt: new Date(),
  };
  await db
    .insert(p)
    .values({ id: newId(), endpoint: input.endpoint, ...row })
    .onConflictDoUpdate({ target: p.endpoint, set: row });
  const [{ devices } = { devices: 0 }] = await db
    .select({ devices: count() })
    .from(p)
    .where(eq(p.memberId, member.id));
  if (devices > MAX_DEVICES) {
    const oldest = await db
      .select({ id: p.id })
      .from(p)
      .where(eq(p.memberId, member.id))
      .orderBy(asc(p.createdAt), asc(p.id))
      .limit(devices - MAX_DEVICES);
    await db.delete(p).where(
      inArray(
        p.id,
        oldest.map((o) => o.id),
      ),
    );
  }
  return pushDevices(deps, member.id, member.sessionId);
}

/** A device removed from the member's list: it gets no more pushes. */
export async function removePushDevice(
  deps: Deps,
  member: { id: string; sessionId: string },
  deviceId: string,
): Promise<PushDevices> {
  const p = deps.database.t.pushSubscriptions;
  await deps.database.db.delete(p).where(and(eq(p.id, deviceId), eq(p.memberId, member.id)));
  return pushDevices(deps, member.id, member.sessionId);
}

/**
 * Which of these members have a device that gets pushes, in one statement (a pod message's recipients): none
 * when push is off.
 */
export async function membersWithPush(deps: Deps, memberIds: readonly string[]): Promise<string[]> {
  if (!deps.config.push.vapid || memberIds.length === 0) return [];
  const p = deps.database.t.pushSubscriptions;
  const rows = await deps.database.db
    .select({ memberId: p.memberId })
    .from(p)
    .where(inArray(p.memberId, [...memberIds]))
    .groupBy(p.memberId);
  return rows.map((row) => row.memberId);
}

/** Whether any device of the member gets pushes (their message mails then wait longer). */
export async function hasPushDevices(deps: Deps, memberId: string): Promise<boolean> {
  if (!deps.config.push.vapid) return false;
  const p = deps.database.t.pushSubscriptions;
  const [row] = await deps.database.db.select({ id: p.id }).from(p).where(eq(p.memberId, memberId)).limit(1);
  return row !== undefined;
}

/** The push request's headers as fetch takes them (web-push gives numbers for TTL and Content-Length). */
function headersOf(details: webpush.RequestDetails): Record<string, string> {
  return Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
}

/**
 * Pushes `payload` to every device of the member. A device whose push service says it is gone (404, 410)
 * is removed; a failure is logged and counted, not retried: a late notification about a message is worth
 * less than none, and the message mail follows for a member who does not come back.
 */
export async function sendPush(
  deps: Deps,
  memberId: string,
  payload: PushPayload,
  options: { topic?: string } = {},
): Promise<void> {
  const vapid = deps.config.push.vapid;
  if (!vapid) return;
  const p = deps.database.t.pushSubscriptions;
  const devices = await deps.database.db.select().from(p).where(eq(p.memberId, memberId));
  const body = JSON.stringify(payload);
  await Promise.all(
    devices.map(async (device) => {
      const gone = async () => {
        await deps.database.db.delete(p).where(eq(p.id, device.id));
        deps.metrics.pushDelivery('removed');
      };
      // Checked again: a row stored while other services were allowed (a changed setting) gets nothing.
      if (!isPushService(device.endpoint, deps.config.push)) return gone();
      try {
        const details = webpush.generateRequestDetails(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          body,
          {
            vapidDetails: vapid,
            TTL: PUSH_TTL_SECONDS,
            urgency: 'high',
            ...(options.topic ? { topic: options.topic } : {}),
          },
        );
        const response = await fetch(details.endpoint, {
          method: 'POST',
          headers: headersOf(details),
          body: details.body ? new Uint8Array(details.body) : undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.status === 404 || response.status === 410) return gone();
        if (response.status < 200 || response.status >= 300)
          throw new Error(`push service: HTTP ${response.status}`);
        deps.metrics.pushDelivery('sent');
      } catch (error) {
        deps.metrics.pushDelivery('failed');
        deps.log.warn({ err: error, memberId, deviceId: device.id }, 'push not delivered');
      }
    }),
  );
}

/**
 * A push's Topic header (RFC 8030 §5.4: at most 32 base64url characters): one pending push per conversation
 * (or pod: `pod:<id>`).
 */
function topicOf(conversationId: string): string {
  return createHash('sha256').update(conversationId).digest('base64url').slice(0, 32);
}

/** Pushes under way in each server (its Deps), which a stop waits for before the database closes. */
const underWay = new WeakMap<Deps, Set<Promise<void>>>();

/** Waits for the pushes this server has started (graceful stop, tests). */
export async function drainPushes(deps: Deps): Promise<void> {
  await Promise.allSettled([...(underWay.get(deps) ?? [])]);
}

/** Runs `push` in the background (the sender waits for no push service); drainPushes waits for it. */
function inBackground(deps: Deps, push: Promise<void>): void {
  let pending = underWay.get(deps);
  if (!pending) underWay.set(deps, (pending = new Set()));
  pending.add(push);
  void push.finally(() => pending.delete(push));
}

/**
 * After a new message is stored for a recipient not connected to this process: its push, in the
 * background. A failure is logged.
 */
export function pushAboutMessage(deps: Deps, message: { id: number; recipientId: string }): void {
  inBackground(
    deps,
    runMessagePush(deps, message).catch((error: unknown) =>
      deps.log.error({ err: error, messageId: message.id }, 'message push not sent'),
    ),
  );
}

/**
 * After a new pod message is stored: its push to each of `members` (members of the pod who see its writer,
 * not connected to this process, whose devices get pushes: membersWithPush), in the background. Their jobs
 * are written in one statement, keyed per message and member, so each is pushed once whichever process
 * asks; if this process dies first, the job runners take them up once the lease runs out.
 */
export function pushAboutPodMessage(deps: Deps, message: { id: number }, members: readonly string[]): void {
  if (members.length === 0) return;
  const run = async () => {
    const jobs = await scheduleClaimedJobs(
      deps.database,
      members.map((memberId) => ({
        kind: PUSH_POD_MESSAGE,
        key: `${PUSH_POD_MESSAGE}:${message.id}:${memberId}`,
        memberId,
        payload: { podMessageId: message.id },
      })),
      PUSH_LEASE_MS,
    );
    const outcomes = await Promise.allSettled(
      jobs.map(async (job) => finishJob(deps.database, job, await sendPodMessagePush(deps, job))),
    );
    for (const outcome of outcomes)
      if (outcome.status === 'rejected')
        deps.log.error({ err: outcome.reason, podMessageId: message.id }, 'pod message push not sent');
  };
  inBackground(
    deps,
    run().catch((error: unknown) =>
      deps.log.error({ err: error, podMessageId: message.id }, 'pod message pushes not scheduled'),
    ),
  );
}

/**
 * A message's push as a job claimed by this process and run at once (if this process dies first, a job
 * runner takes it up once the lease runs out). The key is the message's: it is pushed once, whichever
 * process asks.
 */
async function runMessagePush(deps: Deps, message: { id: number; recipientId: string }): Promise<void> {
  if (!(await hasPushDevices(deps, message.recipientId))) return;
  const job = await scheduleClaimedJob(
    deps.database,
    {
      kind: PUSH_MESSAGE,
      key: `${PUSH_MESSAGE}:${message.id}`,
      memberId: message.recipientId,
      payload: { messageId: message.id },
    },
    PUSH_LEASE_MS,
  );
  if (job) await finishJob(deps.database, job, await sendMessagePush(deps, job));
}

/** One message's push: "New message from Bruno", the text only if the member chose it, a click into the chat. */
const sendMessagePush: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const { messageId } = job.payload as { messageId: number };
  const { db, t } = deps.database;
  const [message] = await db
    .select({
      senderId: t.messages.senderId,
      recipientId: t.messages.recipientId,
      conversationId: t.messages.conversationId,
      body: t.messages.body,
      readAt: t.messages.readAt,
      language: t.members.language,
      showText: t.members.notifyMessageText,
      deletedAt: t.members.deletedAt,
    })
    .from(t.messages)
    .innerJoin(t.members, eq(t.members.id, t.messages.recipientId))
    .where(eq(t.messages.id, messageId));
  if (!message || message.readAt || message.deletedAt) return 'done';
  // A live window (on any server process) shows the message itself.
  if (await deps.realtime.isOnline(message.recipientId)) return 'done';
  // Named only as the one visibility decision allows (services/views.ts), as the message mail does.
  const sender = (await seenBy(deps.database, message.recipientId, [message.senderId])).get(message.senderId);
  const name = sender && may(sender.visibility, 'reach') ? firstName(sender.name) : '';
  if (!name) return 'done';
  const path = `/messages?${new URLSearchParams({ with: message.senderId })}`;
  await sendPush(
    deps,
    message.recipientId,
    {
      title: deps.t(message.language, 'messages:notification.from', { name }),
      body: message.showText ? message.body.slice(0, BODY_MAX) : '',
      path,
      tag: `conversation:${message.conversationId}`,
    },
    { topic: topicOf(message.conversationId) },
  );
  return 'done';
};

/**
 * One pod message's push to one member: "New messages in Board games Hamburg" in their language, never the
 * text nor the writer (as the pod's mail), a click into the pod, one notification per pod. Nothing once they
 * have read it, have left the pod, it has closed, or a block stands between them and the writer.
 */
const sendPodMessagePush: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const { podMessageId } = job.payload as { podMessageId: number };
  const memberId = job.memberId;
  if (!memberId) return 'done';
  const { database } = deps;
  const { t } = database;
  const m = t.podMessages;
  const pm = t.podMembers;
  const [row] = await database.db
    .select({
      podId: m.podId,
      name: t.pods.name,
      lastRead: pm.lastReadMessageId,
      language: t.members.language,
    })
    .from(m)
    .innerJoin(t.pods, and(eq(t.pods.id, m.podId), isNull(t.pods.closedAt)))
    .innerJoin(pm, and(eq(pm.podId, m.podId), eq(pm.memberId, memberId)))
    .innerJoin(
      t.members,
      and(eq(t.members.id, memberId), isNull(t.members.deletedAt), isNull(t.members.suspendedAt)),
    )
    .where(and(eq(m.id, podMessageId), noBlock(database, memberId, col(m, 'sender_id'))));
  if (!row || (row.lastRead ?? 0) >= podMessageId) return 'done';
  if (await deps.realtime.isOnline(memberId)) return 'done';
  await sendPush(
    deps,
    memberId,
    {
      title: deps.t(row.language, 'pods:notification.messages', { podName: row.name }),
      body: '',
      path: `/pods/${encodeURIComponent(row.podId)}`,
      tag: `pod:${row.podId}`,
    },
    { topic: topicOf(`pod:${row.podId}`) },
  );
  return 'done';
};

export const PUSH_HANDLERS: Record<string, JobHandler> = {
  [PUSH_MESSAGE]: sendMessagePush,
  [PUSH_POD_MESSAGE]: sendPodMessagePush,
};
