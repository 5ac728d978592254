import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { composeMail } from '../mail/templates.ts';
import type { JobOutcome } from './job-queue.ts';
import { scheduleJob, type JobHandler } from './jobs.ts';
import { hasPushDevices } from './push.ts';
import { firstName, may, seenBy } from './views.ts';

// "Mail when a message waits" (issue 19.1): a member without a live connection who has an unread message
// gets one mail per conversation after a delay, until they have been back; or one daily summary; or none.

export const MESSAGE_MAIL = 'messageMail';
export const MESSAGE_DIGEST = 'messageDigest';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * After a new message is stored: schedules its mail after the delay, a longer one for a member whose devices
 * get pushes (they have been told already). The key is per recipient and conversation, so further messages
 * add nothing until the member has been back (forgetMessageMails).
 */
export async function scheduleMessageMail(
  deps: Deps,
  message: { recipientId: string; senderId: string; conversationId: string },
): Promise<void> {
  const delay = (await hasPushDevices(deps, message.recipientId))
    ? deps.config.messageMailDelayWithPushMs
    : deps.config.messageMailDelayMs;
  await scheduleJob(deps, {
    kind: MESSAGE_MAIL,
    key: `${MESSAGE_MAIL}:${message.recipientId}:${message.conversationId}`,
    memberId: message.recipientId,
    payload: { conversationId: message.conversationId, senderId: message.senderId },
    runAt: new Date(Date.now() + delay),
  });
}

/**
 * The member's last live socket in this process has closed: schedules the mail of every conversation in
 * which messages to them wait unread (the same jobs a send schedules; existing ones are kept).
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
  for (const { conversationId, pairKey } of waiting) {
    const [a, b] = pairKey.split(':') as [string, string];
    const senderId = a === memberId ? b : a;
    await scheduleMessageMail(deps, { recipientId: memberId, senderId, conversationId });
  }
}

/** The member is back (a live connection): their next unread messages may be mailed about again. */
export async function forgetMessageMails(deps: Deps, memberId: string): Promise<void> {
  const j = deps.database.t.jobs;
  await deps.database.db
    .delete(j)
    .where(and(eq(j.memberId, memberId), inArray(j.kind, [MESSAGE_MAIL, MESSAGE_DIGEST])));
}

async function recipientOf(deps: Deps, memberId: string) {
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
    })
    .from(m)
    .where(eq(m.id, memberId));
  return row?.email && row.emailVerified && !row.deletedAt ? { ...row, email: row.email } : null;
}

/** The link that turns these mails off without signing in (RFC 8058 one-click, and a page for GET). */
async function unsubscribeUrl(deps: Deps, member: { id: string; unsubscribeKey: string | null }) {
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
  const seen = await seenBy(
    deps.database,
    memberId,
    rows.map((r) => r.senderId),
  );
  return [...seen.values()].flatMap((sender) => {
    const name = firstName(sender.name);
    return may(sender.visibility, 'reach') && name ? [{ id: sender.id, name }] : [];
  });
}

function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
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
    await scheduleJob(deps, {
      kind: MESSAGE_DIGEST,
      key: `${MESSAGE_DIGEST}:${member.id}`,
      memberId: member.id,
      runAt: new Date(Date.now() + DAY_MS - deps.config.messageMailDelayMs),
    });
    return 'forget';
  }
  const unsubscribe = await unsubscribeUrl(deps, member);
  const link = new URL('/messages', deps.config.publicUrl);
  link.searchParams.set('with', senderId);
  await deps.mail.send({
    ...composeMail(deps.t, {
      kind: 'messageWaiting',
      to: member.email,
      language: member.language,
      memberText: { name: sender.name },
      values: { unsubscribeUrl: unsubscribe },
      actionUrl: link.toString(),
      hasFootnote: true,
    }),
    headers: unsubscribeHeaders(unsubscribe),
  });
  return 'done';
};

/** The daily summary: who wrote, in one mail, for members who chose it. */
const sendMessageDigest: JobHandler = async (deps, job): Promise<JobOutcome> => {
  const member = await recipientOf(deps, job.memberId!);
  if (!member || member.frequency !== 'daily') return 'forget';
  if (await deps.realtime.isOnline(member.id)) return 'forget';
  const names = (await waitingSenders(deps, member.id)).map((s) => s.name);
  if (names.length === 0) return 'forget';
  const unsubscribe = await unsubscribeUrl(deps, member);
  await deps.mail.send({
    ...composeMail(deps.t, {
      kind: 'messageDigest',
      to: member.email,
      language: member.language,
      memberText: { names: names.slice(0, 5).join(', ') },
      values: { count: names.length, unsubscribeUrl: unsubscribe },
      actionUrl: new URL('/messages', deps.config.publicUrl).toString(),
      hasFootnote: true,
    }),
    headers: unsubscribeHeaders(unsubscribe),
  });
  return 'done';
};

export const MESSAGE_MAIL_HANDLERS: Record<string, JobHandler> = {
  [MESSAGE_MAIL]: sendMessageMail,
  [MESSAGE_DIGEST]: sendMessageDigest,
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
