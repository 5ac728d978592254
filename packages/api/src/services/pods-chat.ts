import { canMessage, POD_UNREAD_COUNTED, type PodSendInput } from '@amiko/core';
import { lockPod, perDatabase, preparedPerConnection, type Database, type Db } from '@amiko/db';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PodMessageEvent, PodMessageView, PodSendResult, PodUnreadState } from '../contracts.ts';
import type { Deps } from '../context.ts';
import { AppError, appError } from '../errors.ts';
import { podReadMoved, schedulePodMessageMails } from './message-mail.ts';
import type { Sender } from './messaging/send.ts';
import { statementsOf as messagingStatements } from './messaging/store.ts';
import {
  col,
  countNewMessage,
  noBlock,
  podUnreadMark,
  unreadCarriedAlong,
  publishPodUnread,
  publishRecipientsUnread,
  unreadAfter,
  type CarriedUnread,
} from './pods-unread.ts';
import { membersWithPush, pushAboutPodMessage } from './push.ts';

// Read by the routers and other services from here, as before unread pods had a file of their own.
export { podUnreadState, publishPodUnread } from './pods-unread.ts';

// A pod's chat (issue 34), on the one-to-one chat's terms: a message is stored before it is delivered (to
// every member of the pod, through the realtime fan-out, in every process), a client's id per message makes
// a repeat harmless, and a member replays a pod after the last id they saw. Members only; writing follows
// the messaging rule (paid or early access). A block between two members hides each one's messages, typing
// and read marks from the other, both ways. Read state is one watermark per member (pod_members.
// last_read_message_id): unread is what comes after it, "Seen by" counts the marks that have passed a
// message. docs/decisions.md, "Pods". Its pages and replay are in pods-chat-pages.ts.
//
// Ids of one pod become visible in increasing order: a send takes the pod's row lock (lockPod) before it
// draws its id, as one-to-one sends take the members' (docs/decisions.md, "Message ids in commit order");
// so replay is per pod, after the last id the member saw of that pod.

const ph = (name: string) => sql.placeholder(name);

export type PodMessageRow = Omit<PodMessageView, 'createdAt' | 'meetup'> & {
  createdAt: Date;
  meetupId: string | null;
};
export type CardMeetups = Map<string, NonNullable<PodMessageView['meetup']>>;

export function toView(
  { createdAt, meetupId, ...rest }: PodMessageRow,
  meetups: CardMeetups = new Map(),
): PodMessageView {
  return {
    ...rest,
    createdAt: createdAt.getTime(),
    meetup: meetupId === null ? null : (meetups.get(meetupId) ?? null),
  };
}

function buildStatements(database: Database) {
  const { t } = database;
  const m = t.podMessages;
  const pm = t.podMembers;
  const noBlockBetween = (me: unknown, other: SQL) => noBlock(database, me, other);
  const columns = columnsOf(database);

  return {
    /** The member's place in an open pod, and their read mark; no row: not in it (or it is closed). */
    membership: preparedPerConnection(database, 'pod_chat_membership', (db) =>
      db
        .select({ role: pm.role, lastRead: pm.lastReadMessageId })
        .from(pm)
        .innerJoin(t.pods, eq(t.pods.id, pm.podId))
        .where(and(eq(pm.podId, ph('pod')), eq(pm.memberId, ph('me')), isNull(t.pods.closedAt))),
    ),
    byClientId: preparedPerConnection(database, 'pod_chat_by_client_id', (db) =>
      db
        .select(columns)
        .from(m)
        .where(and(eq(m.senderId, ph('sender')), eq(m.clientId, ph('client')))),
    ),
    /** The members of a pod who see `about` there: nobody who blocked them or whom they blocked. */
    audience: preparedPerConnection(database, 'pod_chat_audience', (db) =>
      db
        .select({ memberId: pm.memberId })
        .from(pm)
        .where(and(eq(pm.podId, ph('pod')), noBlockBetween(ph('about'), col(pm, 'member_id')))),
    ),
  };
}

const statementsOf = perDatabase(buildStatements);

/** A pod message's columns as a RETURNING list. */
export function columnsOf({ t }: Database) {
  const m = t.podMessages;
  return {
    id: m.id,
    podId: m.podId,
    senderId: m.senderId,
    clientId: m.clientId,
    body: m.body,
    createdAt: m.createdAt,
    meetupId: m.meetupId,
  };
}

/**
 * The newest message of a pod, as an SQL value: the read mark of a member who joins now (what was said
 * before they came is not unread for them; it is there to read).
 */
export function latestPodMessage(database: Database, podId: string): SQL<number | null> {
  const m = database.t.podMessages;
  return sql<number | null>`(select max(${col(m, 'id')}) from ${m} where ${col(m, 'pod_id')} = ${podId})`;
}

/** The member's place in an open pod; NOT_FOUND (as pods.get answers) when they are not in it. */
export async function membershipOf(deps: Deps, connection: Db, memberId: string, podId: string) {
  const [row] = await statementsOf(deps.database)
    .membership(connection)
    .execute({ pod: podId, me: memberId });
  if (!row) throw appError('NOT_FOUND', 'pods:errors.notFound');
  return row;
}

/** The members of a pod who see `aboutId` there (their own devices included). */
async function audienceOf(deps: Deps, podId: string, aboutId: string): Promise<string[]> {
  const rows = await statementsOf(deps.database)
    .audience(deps.database.db)
    .execute({ pod: podId, about: aboutId });
  return rows.map((r) => r.memberId);
}

/** Whether a member may write now: the messaging rule (paid or early access) on their row. */
async function hasMessagingAccess(deps: Deps, memberId: string): Promise<boolean> {
  const [row] = await messagingStatements(deps.database).access(deps.database.db).execute({ id: memberId });
  return row !== undefined && canMessage(row);
}

/**
 * Sends a message to a pod, for both transports (pods.send and the socket's pod:send): access as in
 * one-to-one chat (the same PAYMENT_REQUIRED, so the client keeps the draft across the payment), store, then
 * tell every member of the pod who sees the sender. A repeat is published again: the first attempt may have
 * been stored by a process that died before it could tell anyone; clients ignore ids they already have.
 */
export async function sendToPod(
  deps: Deps,
  sender: Sender,
  input: PodSendInput,
  origin: { exceptSocket?: string } = {},
): Promise<PodSendResult> {
  if (!sender.canMessage && !(await hasMessagingAccess(deps, sender.id)))
    throw appError('PAYMENT_REQUIRED', 'payment:errors.paymentRequired');
  const { message, created, recipients, carried } = await storePodMessage(deps, sender.id, input);
  await deliverPodMessage(deps, message, recipients, origin.exceptSocket, carried);
  return { message, created };
}

/**
 * Delivers a stored message: to every member of the pod who sees the sender, live; and when it is new (its
 * `recipients` counted in the send's transaction; null for a repeat), a push and a reminder mail to the
 * others who are away.
 */
async function deliverPodMessage(
  deps: Deps,
  message: PodMessageView,
  recipients: string[] | null,
  exceptSocket?: string,
  carried?: CarriedUnread,
): Promise<void> {
  const members = await publishPodMessage(deps, message, recipients, exceptSocket, carried);
  const created = recipients !== null;
  // After the message is stored, as in one-to-one chat (send.ts): a failure loses one reminder mail or push,
  // never the message. A member connected to this process reads it live, and their disconnect schedules the
  // mail if they left it unread. Who of the others has devices that get pushes is read for them all at once:
  // they are pushed to (unless live in another process: the push's job looks), and their mail waits longer.
  if (created) {
    const away = members.filter((id) => id !== message.senderId && !deps.realtime.isConnectedHere(id));
    try {
      const pushed = await membersWithPush(deps, away);
      pushAboutPodMessage(deps, message, pushed);
      await schedulePodMessageMails(deps, message.podId, away, pushed);
    } catch (error) {
      deps.log.error({ err: error, podMessageId: message.id }, 'pod message mails not scheduled');
    }
  }
}

/** A meetup's card as stored, with whom it counts as unread for (deliverMeetupCard's input). */
export type StoredMeetupCard = { message: PodMessageView; recipients: string[] };

/**
 * A proposed meetup's card in the pod's chat (issue 35.1), written in the proposal's transaction (which holds
 * the pod's lock, so its id is drawn in order): from the proposer, with no text, its clientId "meetup:<id>"
 * (never a client's, which are UUIDs), so a meetup has one card. Deliver it with deliverMeetupCard after commit.
 */
export async function storeMeetupCard(
  deps: Deps,
  tx: Db,
  meetup: { id: string; podId: string; proposedBy: string; startsAt: Date },
): Promise<StoredMeetupCard> {
  const { t } = deps.database;
  const [stored] = await tx
    .insert(t.podMessages)
    .values({
      podId: meetup.podId,
      senderId: meetup.proposedBy,
      clientId: `meetup:${meetup.id}`,
      body: '',
      createdAt: new Date(),
      meetupId: meetup.id,
    })
    .returning(columnsOf(deps.database));
  const recipients = await countNewMessage(deps.database, tx, meetup.podId, meetup.proposedBy);
  const card = { id: meetup.id, startsAt: meetup.startsAt.getTime(), cancelled: false };
  return { message: toView(stored!, new Map([[meetup.id, card]])), recipients };
}

/** Tells the pod of a meetup's card as of a message (live, unread, push, mail); a failure is logged. */
export async function deliverMeetupCard(
  deps: Deps,
  { message, recipients }: StoredMeetupCard,
): Promise<void> {
  try {
    await deliverPodMessage(deps, message, recipients);
  } catch (error) {
    deps.log.error({ err: error, podMessageId: message.id }, 'meetup card not delivered');
  }
}

/**
 * A send's outcome, with whom a new message counts as unread for (null: a repeat, counted before) and their
 * unread pods after it.
 */
type StoredPodMessage = PodSendResult & { recipients: string[] | null; carried?: CarriedUnread };

/**
 * Stores a message from `senderId` (whose access the caller has checked) in the pod, if they are in it, and
 * counts it as unread for its recipients. A repeat of a stored clientId returns the stored message with
 * created: false, also when the limit, or their having left, would now refuse it: it was accepted once.
 */
async function storePodMessage(deps: Deps, senderId: string, input: PodSendInput): Promise<StoredPodMessage> {
  const { database } = deps;
  const s = statementsOf(database);
  const earlier = async (): Promise<StoredPodMessage | null> => {
    const [row] = await s.byClientId(database.db).execute({ sender: senderId, client: input.clientId });
    return row ? { message: toView(row), created: false, recipients: null } : null;
  };
  try {
    await deps.limiter.check('message:account', senderId);
  } catch (error) {
    const repeat = await earlier();
    if (repeat) return repeat;
    if (error instanceof AppError && error.appCode === 'RATE_LIMITED')
      throw appError('RATE_LIMITED', 'messages:errors.tooFast');
    throw error;
  }
  try {
    return await storeOnce(deps, senderId, input);
  } catch (error) {
    if (error instanceof AppError && error.appCode === 'NOT_FOUND') {
      const repeat = await earlier();
      if (repeat) return repeat;
    }
    throw error;
  }
}

/**
 * Stores the message (or finds the sender's earlier one with its client id) and counts it as unread, in one
 * call (packages/db's send-pod-message.ts: one round trip on PostgreSQL, a group-committed batch on SQLite).
 * NOT_FOUND when the sender is not in the open pod.
 */
async function storeOnce(deps: Deps, senderId: string, input: PodSendInput): Promise<StoredPodMessage> {
  const mark = podUnreadMark();
  const sent = await deps.database.sendPodMessage({
    podId: input.podId,
    senderId,
    clientId: input.clientId,
    body: input.body,
    now: Date.now(),
    unreadCounted: POD_UNREAD_COUNTED,
  });
  if (sent.outcome === 'not_found') throw appError('NOT_FOUND', 'pods:errors.notFound');
  const message = toView(sent.message);
  return sent.outcome === 'created'
    ? {
        message,
        created: true,
        recipients: sent.recipients,
        carried: { mark, recipientPods: sent.recipientPods },
      }
    : { message, created: false, recipients: null };
}

/**
 * Tells every member of the pod who sees the sender (every device; a new message's recipients as its send
 * counted them, a repeat's read again), and them their unread pods: in the message's own frame when the
 * send read them and they may go out (PodMessageEvent), else read again after it; returns those members.
 */
async function publishPodMessage(
  deps: Deps,
  message: PodMessageView,
  counted: string[] | null,
  exceptSocket?: string,
  carried?: CarriedUnread,
): Promise<string[]> {
  const members = counted
    ? [message.senderId, ...counted]
    : await audienceOf(deps, message.podId, message.senderId);
  const recipients = members.filter((member) => member !== message.senderId);
  const { along, again } = carried
    ? unreadCarriedAlong(message, recipients, carried)
    : { along: new Map<string, PodUnreadState>(), again: recipients };
  // The sender is always among the plain message's members (never an empty list: that would be everyone).
  const plain = along.size > 0 ? members.filter((member) => !along.has(member)) : members;
  deps.realtime.emitTo({ members: plain, exceptSocket }, 'pod:message', message);
  for (const [member, unread] of along)
    deps.realtime.emitTo(member, 'pod:message', { ...message, unread } satisfies PodMessageEvent);
  if (again.length > 0) void publishRecipientsUnread(deps, message.podId, message.senderId, again);
  return members;
}

/**
 * Moves the member's read mark in a pod forward, to `upTo` (default: the pod's newest message), never past the
 * newest message there is nor back. Tells the pod's members who see the reader ("Seen by") and the reader's
 * devices their unread pods. `upTo` null: nothing changed.
 */
export async function readPod(
  deps: Deps,
  memberId: string,
  input: { podId: string; upTo?: number | undefined },
): Promise<{ upTo: number | null }> {
  const { database } = deps;
  const pm = database.t.podMembers;
  const m = database.t.podMessages;
  await deps.limiter.check('read:account', memberId);
  await membershipOf(deps, database.db, memberId, input.podId);
  const mark = sql<number>`(select max(${col(m, 'id')}) from ${m} where ${col(m, 'pod_id')} = ${input.podId} and ${col(m, 'id')} <= ${input.upTo ?? Number.MAX_SAFE_INTEGER})`;
  // One conditional UPDATE: of two reads at once, the later mark wins whatever order they commit in. The
  // unread count is counted again after the new mark, under the pod's lock: no send counts meanwhile.
  const [moved] = await database.transaction(async (tx) => {
    await lockPod(database, tx, input.podId);
    return tx
      .update(pm)
      .set({ lastReadMessageId: mark, unreadCount: unreadAfter(database, mark) })
      .where(
        and(
          eq(pm.podId, input.podId),
          eq(pm.memberId, memberId),
          sql`coalesce(${col(pm, 'last_read_message_id')}, 0) < ${mark}`,
        ),
      )
      .returning({ upTo: pm.lastReadMessageId, mailedUpTo: pm.mailedUpTo });
  });
  if (!moved || moved.upTo === null) return { upTo: null };
  await podReadMoved(deps, memberId, input.podId, { upTo: moved.upTo, mailedUpTo: moved.mailedUpTo });
  const members = await audienceOf(deps, input.podId, memberId);
  deps.realtime.emitTo({ members }, 'pod:read', { podId: input.podId, readerId: memberId, upTo: moved.upTo });
  await publishPodUnread(deps, memberId);
  return { upTo: moved.upTo };
}

/** Whom a member's "typing" in a pod reaches: the others there who see them. NOT_FOUND to a non-member. */
export async function podTypingAudience(deps: Deps, memberId: string, podId: string): Promise<string[]> {
  await membershipOf(deps, deps.database.db, memberId, podId);
  return (await audienceOf(deps, podId, memberId)).filter((id) => id !== memberId);
}
