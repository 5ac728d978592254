import { catalogKey, labelInSentence } from '@amiko/i18n';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { composeMail } from '../mail/templates.ts';
import type { JobOutcome } from './job-queue.ts';
import { scheduleJob, scheduleJobs, type JobHandler } from './jobs.ts';
import { col } from './pods-unread.ts';
import { hasPushDevices } from './push.ts';
import { firstName, may, seenBy } from './views.ts';

// "Mail when a message waits" (issue 19.1): a member without a live connection who has an unread message
// gets one mail per conversation after a delay, until they have been back; or one daily summary; or none.
// A pod's messages (issue 34.4) take the same way: one mail per pod ("New messages in Board games Hamburg")
// after the same delay, then none about that pod until the member's read mark there has passed what was
// mailed (pod_members.mailed_up_to); the daily summary names their writers too. An invitation to a suggested
// pod (issue 34.3) is mailed once, at once.

export const MESSAGE_MAIL = 'messageMail';
export const MESSAGE_DIGEST = 'messageDigest';
export const POD_MESSAGE_MAIL = 'podMessageMail';
export const POD_INVITATION_MAIL = 'podInvitationMail';
const MAIL_KINDS = [MESSAGE_MAIL, MESSAGE_DIGEST, POD_MESSAGE_MAIL];
const DAY_MS = 24 * 60 * 60 * 1000;

/** When a mail about messages is due: later for a member whose devices get pushes (told already). */
function mailDueAt(deps: Deps, pushed: boolean): Date {
  return new Date(
    Date.now() + (pushed ? deps.config.messageMailDelayWithPushMs : deps.config.messageMailDelayMs),
  );
}

/** A conversation's mail job; its key is per recipient and conversation. */
function messageMailJob(
  recipientId: string,
  { senderId, conversationId }: { senderId: string; conversationId: string },
  runAt: Date,
) {
  return {
    kind: MESSAGE_MAIL,
    key: `${MESSAGE_MAIL}:${recipientId}:${conversationId}`,
    memberId: recipientId,
    payload: { conversationId, senderId },
    runAt,
  };
}

const podMailKey = (memberId: string, podId: string) => `${POD_MESSAGE_MAIL}:${memberId}:${podId}`;

/** A pod's mail job for one member; its key is per member and pod. */
function podMailJob(memberId: string, podId: string, runAt: Date) {
  return { kind: POD_MESSAGE_MAIL, key: podMailKey(memberId, podId), memberId, payload: { podId }, runAt };
}

/**
 * After a new message is stored: schedules its mail after the delay, a longer one for a member whose devices
 * get pushes (they have been told already). The key is per recipient and conversation, so further messages
 * add nothing until the member has been back (forgetMessageMails).
 */
export async function scheduleMessageMail(
  deps: Deps,
  message: { recipientId: string; senderId: string; conversationId: string },
): Promise<void> {
  const runAt = mailDueAt(deps, await hasPushDevices(deps, message.recipientId));
  await scheduleJob(deps, messageMailJob(message.recipientId, message, runAt));
}

/**
 * After a pod message is stored: schedules the pod's mail for each of `recipients` (the pod's members who see
 * the sender, the sender left out by the caller) after the delay, a longer one for those of them `pushed` to
 * (whose devices get pushes). The key is per member and pod, so further messages add nothing while one waits,
 * or after one was sent until the member has been back.
 */
export async function schedulePodMessageMails(
  deps: Deps,
  podId: string,
  recipients: readonly string[],
  pushed: readonly string[] = [],
): Promise<void> {
  const runAt = mailDueAt(deps, false);
  const laterAt = mailDueAt(deps, true);
  await scheduleJobs(
    deps,
    recipients.map((memberId) => podMailJob(memberId, podId, pushed.includes(memberId) ? laterAt : runAt)),
  );
}

/**
 * After a suggested pod is started (issue 34.3): one mail to each member invited to it, now, so that a
 * neighbour who is not on Amiko hears of it. Keyed per member and pod: never twice for one invitation.
 */
export async function schedulePodInvitationMails(
  deps: Deps,
  podId: string,
  invitees: readonly string[],
): Promise<void> {
  const now = new Date();
  await scheduleJobs(
    deps,
    invitees.map((memberId) => ({
      kind: POD_INVITATION_MAIL,
      key: `${POD_INVITATION_MAIL}:${memberId}:${podId}`,
      memberId,
      payload: { podId },
      runAt: now,
    })),
  );
}

/**
 * The member's read mark in a pod has moved to `upTo`: once it has passed what their last mail about the pod
 * told them of (`mailedUpTo`), the next message there may be mailed about again.
 */
export async function podReadMoved(
  deps: Deps,
  memberId: string,
  podId: string,
  marks: { upTo: number; mailedUpTo: number | null },
): Promise<void> {
  if (marks.mailedUpTo === null || marks.upTo < marks.mailedUpTo) return;
  const j = deps.database.t.jobs;
  await deps.database.db.delete(j).where(eq(j.key, podMailKey(memberId, podId)));
}

/**
 * The member's last live socket in this process has closed: schedules the mail of every conversation in
 * which messages to them wait unread (the same jobs a send schedules; existing ones are kept), and of every
 * pod with messages after their read mark.
 */
export async function scheduleWaitingMails(deps: Deps, memberId: string): Promise<void> {
  const { db, t } = deps.database;
  const p = t.conversationParticipants;
  const c = t.conversations;
  const waiting = await db
    .select({ conversationId: p.conversationId, pairKey: c.pairKey })
    .from(p)
    .innerJoin(c, eq(c.id, p.conversationId))
    .where(and(eq(p.memberId, memberId), gt(p.unreadCount, 0)));
  const pm = t.podMembers;
  const pods = await db
    .select({ podId: pm.podId })
    .from(pm)
    .innerJoin(t.pods, and(eq(t.pods.id, pm.podId), isNull(t.pods.closedAt)))
    .where(
      and(
        eq(pm.memberId, memberId),
        sql`exists (select 1 from ${t.podMessages} where ${col(t.podMessages, 'pod_id')} = ${col(pm, 'pod_id')} and ${col(t.podMessages, 'id')} > coalesce(${col(pm, 'last_read_message_id')}, 0) and ${col(t.podMessages, 'sender_id')} <> ${memberId})`,
      ),
    );
  if (waiting.length === 0 && pods.length === 0) return;
  // One look at their devices and one insert for them all: when many members leave at once (a restart drains
  // its sockets), a look and an insert per conversation made thousands of statements.
  const runAt = mailDueAt(deps, await hasPushDevices(deps, memberId));
  await scheduleJobs(deps, [
    ...waiting.map(({ conversationId, pairKey }) => {
      const [a, b] = pairKey.split(':') as [string, string];
      return messageMailJob(memberId, { senderId: a === memberId ? b : a, conversationId }, runAt);
    }),
    ...pods.map(({ podId }) => podMailJob(memberId, podId, runAt)),
  ]);
}

/** The member is back (a live connection): their next unread messages may be mailed about again. */
export async function forgetMessageMails(deps: Deps, memberId: string): Promise<void> {
  const j = deps.database.t.jobs;
  await deps.database.db.delete(j).where(and(eq(j.memberId, memberId), inArray(j.kind, MAIL_KINDS)));
}

export async function recipientOf(deps: Deps, memberId: string) {
  const m = deps.database.t.members;
  const [row] = await deps.database.db
    .select({
      id: m.id,
      email: m.email,
      emailVerified: m.emailVerified,
      language: m.language,
      frequency: m.emailAboutMessages,
      unsubscribeKey: m.unsubscribeKey,
      deletedAt: m.deletedAt,
      suspendedAt: m.suspendedAt,
    })
    .from(m)
    .where(eq(m.id, memberId));
  return row?.email && row.emailVerified && !row.deletedAt && !row.suspendedAt
    ? { ...row, email: row.email }
    : null;
}

/**
 * The member's secret for links in mails that work without signing in: the unsubscribe link carries it, a
 * meetup's "Can't make it" link a signature made with it (meetups-notices.ts). Made on first use.
 */
export async function memberLinkKey(
  deps: Deps,
  member: { id: string; unsubscribeKey: string | null },
): Promise<string> {
  let key = member.unsubscribeKey;
  if (!key) {
    const m = deps.database.t.members;
    key = randomBytes(24).toString('base64url');
    await deps.database.db
      .update(m)
      .set({ unsubscribeKey: key })
      .where(and(eq(m.id, member.id), isNull(m.unsubscribeKey)));
    // Two jobs at once: the first key stored wins.
    const [row] = await deps.database.db.select({ key: m.unsubscribeKey }).from(m).where(eq(m.id, member.id));
    key = row?.key ?? key;
  }
  return key;
}

/** The link that turns these mails off without signing in (RFC 8058 one-click, and a page for GET). */
async function unsubscribeUrl(deps: Deps, member: { id: string; unsubscribeKey: string | null }) {
  const key = await memberLinkKey(deps, member);
  const url = new URL('/unsubscribe/messages', deps.config.publicUrl);
  url.searchParams.set('m', member.id);
  url.searchParams.set('k', key);
  return url.toString();
}

/**
 * Senders with unread messages to the member that a mail may name (visibilityOf's `reach`: no block either
 * way, neither deleted nor suspended), with their first names.
 */
async function waitingSenders(
  deps: Deps,
  memberId: string,
  conversationId?: string,
): Promise<{ id: string; name: string }[]> {
  const { db, t } = deps.database;
  const p = t.conversationParticipants;
  const msg = t.messages;
  const rows = await db
    .select({ senderId: msg.senderId })
    .from(msg)
    .innerJoin(p, and(eq(p.conversationId, msg.conversationId), eq(p.memberId, memberId)))
    .where(
      and(
        eq(msg.recipientId, memberId),
        isNull(msg.readAt),
        gt(p.unreadCount, 0),
        conversationId ? eq(msg.conversationId, conversationId) : undefined,
      ),
    )
    .groupBy(msg.senderId);
  return reachable(
    deps,
    memberId,
    rows.map((r) => r.senderId),
  );
}

/** Of `ids`, those a mail to the member may name (visibilityOf's `reach`), with their first names. */
async function reachable(
  deps: Deps,
  memberId: string,
  ids: string[],
): Promise<{ id: string; name: string }[]> {
  const seen = await seenBy(deps.database, memberId, ids);
  return [...seen.values()].flatMap((sender) => {
    const name = firstName(sender.name);
    return may(sender.visibility, 'reach') && name ? [{ id: sender.id, name }] : [];
  });
}

/**
 * The writers of the messages after the member's read mark in their open pods (or in one), that a mail may
 * name, each with the newest such message's id.
 */
async function waitingPodSenders(
  deps: Deps,
  memberId: string,
  podId?: string,
): Promise<{ id: string; name: string; upTo: number }[]> {
  const { db, t } = deps.database;
  const pm = t.podMembers;
  const msg = t.podMessages;
  const rows = await db
    .select({ senderId: msg.senderId, upTo: max(msg.id) })
    .from(msg)
    .innerJoin(pm, and(eq(pm.podId, msg.podId), eq(pm.memberId, memberId)))
    .innerJoin(t.pods, and(eq(t.pods.id, msg.podId), isNull(t.pods.closedAt)))
    .where(
      and(
        podId ? eq(msg.podId, podId) : undefined,
        ne(msg.senderId, memberId),
        sql`${col(msg, 'id')} > coalesce(${col(pm, 'last_read_message_id')}, 0)`,
      ),
    )
    .groupBy(msg.senderId);
  const upTo = new Map(rows.map((r) => [r.senderId, Number(r.upTo)]));
  return (await reachable(deps, memberId, [...upTo.keys()])).map((s) => ({ ...s, upTo: upTo.get(s.id)! }));
}

function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

type MailInput = Parameters<typeof composeMail>[1];

/**
 * One of these mails to a member, in their language: a button to `action` (a path of Amiko's), and the
 * one-click unsubscribe link in the footnote and the headers.
 */
export async function mailMember(
  deps: Deps,
  member: NonNullable<Awaited<ReturnType<typeof recipientOf>>>,
  mail: Pick<MailInput, 'kind' | 'memberText' | 'values'> & { action: string },
): Promise<void> {
  const unsubscribe = await unsubscribeUrl(deps, member);
  await deps.mail.send({
    ...composeMail(deps.t, {
      kind: mail.kind,
      to: member.email,
      language: member.language,
      memberText: mail.memberText,
      values: { ...mail.values, unsubscribeUrl: unsubscribe },
      actionUrl: new URL(mail.action, deps.config.publicUrl).toString(),
      hasFootnote: true,
    }),
    headers: unsubscribeHeaders(unsubscribe),
  });
}

/** The member's daily summary, a day after the first message it tells of. */
async function scheduleDigest(deps: Deps, memberId: string): Promise<void> {
  await scheduleJob(deps, {
    kind: MESSAGE_DIGEST,
    key: `${MESSAGE_DIGEST}:${memberId}`,
    memberId,
    runAt: new Date(Date.now() + DAY_MS - deps.config.messageMailDelayMs),
  });
}

/** One conversation's mail: "Bruno wrote to you on Amiko", a button into the conversation, no text. */
const sendMessageMail: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const { conversationId, senderId } = job.payload as { conversationId: string; senderId: string };
  const member = await recipientOf(deps, job.memberId!);
  // "forget": nothing was mailed, so a later message may schedule a mail again.
  if (!member || member.frequency === 'never') return 'forget';
  if (await deps.realtime.isOnline(member.id)) return 'forget';
  const sender = (await waitingSenders(deps, member.id, conversationId)).find((s) => s.id === senderId);
  if (!sender) return 'forget';
  if (member.frequency === 'daily') {
    await scheduleDigest(deps, member.id);
    return 'forget';
  }
  await mailMember(deps, member, {
    kind: 'messageWaiting',
    memberText: { name: sender.name },
    action: `/messages?${new URLSearchParams({ with: senderId })}`,
  });
  return 'done';
};

/**
 * One pod's mail: "New messages in Board games Hamburg", a button into the pod, no text nor names. Once: then
 * nothing about the pod until the member's read mark has passed what it told of (the job is kept as done
 * until then; podReadMoved, or a live connection, frees its key).
 */
const sendPodMessageMail: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const { podId } = job.payload as { podId: string };
  const member = await recipientOf(deps, job.memberId!);
  if (!member || member.frequency === 'never') return 'forget';
  if (await deps.realtime.isOnline(member.id)) return 'forget';
  const { db, t } = deps.database;
  const pm = t.podMembers;
  const [place] = await db
    .select({ name: t.pods.name, lastRead: pm.lastReadMessageId, mailedUpTo: pm.mailedUpTo })
    .from(pm)
    .innerJoin(t.pods, and(eq(t.pods.id, pm.podId), isNull(t.pods.closedAt)))
    .where(and(eq(pm.podId, podId), eq(pm.memberId, member.id)));
  if (!place) return 'forget';
  // Mailed before, and not back since: this key stays taken until they are.
  if (place.mailedUpTo !== null && (place.lastRead ?? 0) < place.mailedUpTo) return 'done';
  const senders = await waitingPodSenders(deps, member.id, podId);
  if (senders.length === 0) return 'forget';
  if (member.frequency === 'daily') {
    await scheduleDigest(deps, member.id);
    return 'forget';
  }
  await mailMember(deps, member, {
    kind: 'podMessagesWaiting',
    memberText: { podName: place.name },
    action: `/pods/${encodeURIComponent(podId)}`,
  });
  await db
    .update(pm)
    .set({ mailedUpTo: Math.max(...senders.map((s) => s.upTo)) })
    .where(and(eq(pm.podId, podId), eq(pm.memberId, member.id)));
  return 'done';
};

/**
 * "You're invited to Pottery Dresden": the pod's name and interest, a button to the Pods page where the member
 * says yes or no; no names (the starter is a stranger until the member joins). Follows the member's setting
 * for mails about messages ('never': none), and only while the invitation stands.
 */
const sendPodInvitationMail: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const { podId } = job.payload as { podId: string };
  const member = await recipientOf(deps, job.memberId!);
  if (!member || member.frequency === 'never') return 'forget';
  const { db, t } = deps.database;
  const [pod] = await db
    .select({ name: t.pods.name, interests: t.pods.interests })
    .from(t.podInvitations)
    .innerJoin(t.pods, and(eq(t.pods.id, t.podInvitations.podId), isNull(t.pods.closedAt)))
    .where(and(eq(t.podInvitations.podId, podId), eq(t.podInvitations.memberId, member.id)));
  if (!pod) return 'forget';
  const interest = pod.interests[0];
  await mailMember(deps, member, {
    kind: 'podInvitation',
    memberText: { podName: pod.name },
    values: {
      interest: interest
        ? labelInSentence(deps.t(member.language, catalogKey('interests', interest)), member.language)
        : '',
    },
    action: '/pods',
  });
  return 'done';
};

/** The daily summary: who wrote, in one mail, for members who chose it. */
const sendMessageDigest: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const member = await recipientOf(deps, job.memberId!);
  if (!member || member.frequency !== 'daily') return 'forget';
  if (await deps.realtime.isOnline(member.id)) return 'forget';
  const [direct, inPods] = await Promise.all([
    waitingSenders(deps, member.id),
    waitingPodSenders(deps, member.id),
  ]);
  const names = [...new Map([...direct, ...inPods].map((s) => [s.id, s.name])).values()];
  if (names.length === 0) return 'forget';
  await mailMember(deps, member, {
    kind: 'messageDigest',
    memberText: { names: names.slice(0, 5).join(', ') },
    values: { count: names.length },
    action: '/messages',
  });
  return 'done';
};

export const MESSAGE_MAIL_HANDLERS: Record<string, JobHandler> = {
  [MESSAGE_MAIL]: sendMessageMail,
  [MESSAGE_DIGEST]: sendMessageDigest,
  [POD_MESSAGE_MAIL]: sendPodMessageMail,
  [POD_INVITATION_MAIL]: sendPodInvitationMail,
};

/** Turns message mails off for the member whose link this is; false when the link is not (or no longer) valid. */
export async function unsubscribeFromMessageMails(
  deps: Deps,
  memberId: string,
  key: string,
): Promise<boolean> {
  const m = deps.database.t.members;
  const [row] = await deps.database.db.select({ key: m.unsubscribeKey }).from(m).where(eq(m.id, memberId));
  if (!row?.key) return false;
  const a = Buffer.from(row.key);
  const b = Buffer.from(key);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return false;
  await deps.database.db.update(m).set({ emailAboutMessages: 'never' }).where(eq(m.id, memberId));
  return true;
}
