import { canMessage, type PodReadMark, type PodSendInput } from '@amiko/core';
import { lockPod, perDatabase, preparedPerConnection, type Database, type Db } from '@amiko/db';
import { and, asc, desc, eq, gt, inArray, isNull, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
// Db is typed as PostgreSQL's query builder for both dialects (packages/db/src/client.ts), and so is a
// subquery of it.
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { PeerView, PodMessageView, PodSendResult, PodSyncResult, PodThreadPage } from '../contracts.ts';
import type { Deps } from '../context.ts';
import { AppError, appError } from '../errors.ts';
import { podReadMoved, schedulePodMessageMails } from './message-mail.ts';
import type { Sender } from './messaging/send.ts';
import { statementsOf as messagingStatements } from './messaging/store.ts';
import { PAGE_TEXT_BYTES, SYNC_PAGE_SIZE } from './messaging/sync.ts';
import { podTogether } from './pods-icebreakers.ts';
import { col, noBlock, publishPodUnread, publishRecipientsUnread } from './pods-unread.ts';
import { membersWithPush, pushAboutPodMessage } from './push.ts';
import { firstName, may, seenBy, type SeenMember } from './views.ts';

// Read by the routers and other services from here, as before unread pods had a file of their own.
export { podUnreadState, publishPodUnread } from './pods-unread.ts';

// A pod's chat (issue 34), on the one-to-one chat's terms: a message is stored before it is delivered (to
// every member of the pod, through the realtime fan-out, in every process), a client's id per message makes
// a repeat harmless, and a member replays a pod after the last id they saw. Members only; writing follows
// the messaging rule (paid or early access). A block between two members hides each one's messages, typing
// and read marks from the other, both ways. Read state is one watermark per member (pod_members.
// last_read_message_id): unread is what comes after it, "Seen by" counts the marks that have passed a
// message. docs/decisions.md, "Pods".
//
// Ids of one pod become visible in increasing order: a send takes the pod's row lock (lockPod) before it
// draws its id, as one-to-one sends take the members' (docs/decisions.md, "Message ids in commit order");
// so replay is per pod, after the last id the member saw of that pod.

const ph = (name: string) => sql.placeholder(name);

type PodMessageRow = Omit<PodMessageView, 'createdAt' | 'meetup'> & {
  createdAt: Date;
  meetupId: string | null;
};
type CardMeetups = Map<string, NonNullable<PodMessageView['meetup']>>;

function toView(
  { createdAt, meetupId, ...rest }: PodMessageRow,
  meetups: CardMeetups = new Map(),
): PodMessageView {
  return {
    ...rest,
    createdAt: createdAt.getTime(),
    meetup: meetupId === null ? null : (meetups.get(meetupId) ?? null),
  };
}

/** The meetups that messages carry as cards: when they start and whether they were cancelled. */
async function cardMeetupsOf(database: Database, rows: { meetupId: string | null }[]): Promise<CardMeetups> {
  const ids = [...new Set(rows.flatMap((r) => (r.meetupId === null ? [] : [r.meetupId])))];
  if (ids.length === 0) return new Map();
  const { t } = database;
  const found = await database.db
    .select({ id: t.meetups.id, startsAt: t.meetups.startsAt, cancelledAt: t.meetups.cancelledAt })
    .from(t.meetups)
    .where(inArray(t.meetups.id, ids));
  return new Map(
    found.map((f) => [f.id, { id: f.id, startsAt: f.startsAt.getTime(), cancelled: f.cancelledAt !== null }]),
  );
}

function buildStatements(database: Database) {
  const { t } = database;
  const m = t.podMessages;
  const pm = t.podMembers;
  const noBlockBetween = (me: unknown, other: SQL) => noBlock(database, me, other);
  const columns = columnsOf(database);
  const sized = { ...columns, bytes: sql<number>`octet_length(${m.body})`.as('bytes') };
  /** As messaging's pages: at most `limit` messages, those past PAGE_TEXT_BYTES of text without it. */
  const withinTextBudget = (
    db: Db,
    page: SubqueryWithSelection<typeof sized, 'page'>,
    order: 'asc' | 'desc',
  ) => {
    const byId = order === 'asc' ? sql`${page.id}` : sql`${page.id} desc`;
    return db
      .select({
        id: page.id,
        podId: page.podId,
        senderId: page.senderId,
        clientId: page.clientId,
        createdAt: page.createdAt,
        meetupId: page.meetupId,
        body: sql<
          string | null
        >`case when sum(${page.bytes}) over (order by ${byId}) - ${page.bytes} < ${ph('budget')} then ${page.body} end`,
      })
      .from(page)
      .orderBy(order === 'asc' ? asc(page.id) : desc(page.id));
  };
  const visibleTo = noBlockBetween(ph('me'), col(m, 'sender_id'));

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
    marks: preparedPerConnection(database, 'pod_chat_marks', (db) =>
      db
        .select({ memberId: pm.memberId, upTo: pm.lastReadMessageId })
        .from(pm)
        .where(and(eq(pm.podId, ph('pod')), isNotNull(pm.lastReadMessageId))),
    ),
    thread: preparedPerConnection(database, 'pod_chat_thread', (db) =>
      withinTextBudget(
        db,
        db
          .select(sized)
          .from(m)
          .where(and(eq(m.podId, ph('pod')), lt(m.id, ph('before')), visibleTo))
          .orderBy(desc(m.id))
          .limit(ph('limit'))
          .as('page'),
        'desc',
      ),
    ),
    sync: preparedPerConnection(database, 'pod_chat_sync', (db) =>
      withinTextBudget(
        db,
        db
          .select(sized)
          .from(m)
          .where(and(eq(m.podId, ph('pod')), gt(m.id, ph('after')), visibleTo))
          .orderBy(asc(m.id))
          .limit(ph('limit'))
          .as('page'),
        'asc',
      ),
    ),
  };
}

const statementsOf = perDatabase(buildStatements);

/** A pod message's columns as a RETURNING list. */
function columnsOf({ t }: Database) {
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
async function membershipOf(deps: Deps, connection: Db, memberId: string, podId: string) {
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
  const result = await storePodMessage(deps, sender.id, input);
  await deliverPodMessage(deps, result.message, result.created, origin.exceptSocket);
  return result;
}

/**
 * Delivers a stored message: to every member of the pod who sees the sender, live; and when it is new, a
 * push and a reminder mail to the others who are away.
 */
async function deliverPodMessage(
  deps: Deps,
  message: PodMessageView,
  created: boolean,
  exceptSocket?: string,
): Promise<void> {
  const members = await publishPodMessage(deps, message, exceptSocket);
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

/**
 * A proposed meetup's card in the pod's chat (issue 35.1), written in the proposal's transaction (which holds
 * the pod's lock, so its id is drawn in order): from the proposer, with no text, its clientId "meetup:<id>"
 * (never a client's, which are UUIDs), so a meetup has one card. Deliver it with deliverMeetupCard after commit.
 */
export async function storeMeetupCard(
  deps: Deps,
  tx: Db,
  meetup: { id: string; podId: string; proposedBy: string; startsAt: Date },
): Promise<PodMessageView> {
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
  const card = { id: meetup.id, startsAt: meetup.startsAt.getTime(), cancelled: false };
  return toView(stored!, new Map([[meetup.id, card]]));
}

/** Tells the pod of a meetup's card as of a message (live, unread, push, mail); a failure is logged. */
export async function deliverMeetupCard(deps: Deps, message: PodMessageView): Promise<void> {
  try {
    await deliverPodMessage(deps, message, true);
  } catch (error) {
    deps.log.error({ err: error, podMessageId: message.id }, 'meetup card not delivered');
  }
}

/**
 * Stores a message from `senderId` (whose access the caller has checked) in the pod, if they are in it. A
 * repeat of a stored clientId returns the stored message with created: false, also when the limit, or their
 * having left, would now refuse it: it was accepted once.
 */
async function storePodMessage(deps: Deps, senderId: string, input: PodSendInput): Promise<PodSendResult> {
  const { database } = deps;
  const s = statementsOf(database);
  const earlier = async (): Promise<PodSendResult | null> => {
    const [row] = await s.byClientId(database.db).execute({ sender: senderId, client: input.clientId });
    return row ? { message: toView(row), created: false } : null;
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
  const { t } = database;
  try {
    return await database.transaction(async (tx) => {
      // The pod's lock before the id is drawn: the pod's ids become visible in increasing order, and a
      // leave (which takes the same lock) is either before this send or after it.
      await lockPod(database, tx, input.podId);
      await membershipOf(deps, tx, senderId, input.podId);
      const [stored] = await tx
        .insert(t.podMessages)
        .values({
          podId: input.podId,
          senderId,
          clientId: input.clientId,
          body: input.body,
          createdAt: new Date(),
        })
        .onConflictDoNothing()
        .returning(columnsOf(database));
      if (stored) return { message: toView(stored), created: true };
      const [row] = await s.byClientId(tx).execute({ sender: senderId, client: input.clientId });
      return { message: toView(row!), created: false };
    });
  } catch (error) {
    if (error instanceof AppError && error.appCode === 'NOT_FOUND') {
      const repeat = await earlier();
      if (repeat) return repeat;
    }
    throw error;
  }
}

/**
 * Tells every member of the pod who sees the sender (every device), and them their unread pods; returns
 * those members.
 */
async function publishPodMessage(
  deps: Deps,
  message: PodMessageView,
  exceptSocket?: string,
): Promise<string[]> {
  const members = await audienceOf(deps, message.podId, message.senderId);
  deps.realtime.emitTo({ members, exceptSocket }, 'pod:message', message);
  const recipients = members.filter((member) => member !== message.senderId);
  if (recipients.length > 0) void publishRecipientsUnread(deps, message.podId, message.senderId, recipients);
  return members;
}

/** Who wrote the messages, as the viewer may name them: first name and photo, or a deleted member. */
function sendersOf(messages: PodMessageView[], seen: Map<string, SeenMember>): PeerView[] {
  return [...new Set(messages.map((m) => m.senderId))].map((id) => {
    const { name, avatarUrl, deleted } = seen.get(id)!;
    return { id, name: firstName(name), avatarUrl, deleted };
  });
}

/** The messages of a page as read (one more than `size`, those past the text budget without text). */
async function pageOf(
  database: Database,
  rows: (Omit<PodMessageRow, 'body'> & { body: string | null })[],
  size: number,
) {
  const cut = rows.findIndex((row) => row.body === null);
  const kept = rows.slice(0, Math.min(size, cut === -1 ? rows.length : cut));
  const meetups = await cardMeetupsOf(database, kept);
  return {
    messages: kept.map(({ body, ...row }) => toView({ ...row, body: body ?? '' }, meetups)),
    more: rows.length > kept.length,
  };
}

/**
 * A page of a pod's chat for one of its members, oldest first: the newest, or the one before a message id.
 * Messages of anyone the viewer blocked or who blocked them are left out; so are their read marks.
 */
export async function podThread(
  deps: Deps,
  viewerId: string,
  input: { podId: string; before?: number | undefined; limit: number },
): Promise<PodThreadPage> {
  const { database } = deps;
  const s = statementsOf(database);
  const me = await membershipOf(deps, database.db, viewerId, input.podId);
  const [rows, marks] = await Promise.all([
    s.thread(database.db).execute({
      pod: input.podId,
      me: viewerId,
      before: input.before ?? Number.MAX_SAFE_INTEGER,
      limit: input.limit + 1,
      budget: PAGE_TEXT_BYTES,
    }),
    s.marks(database.db).execute({ pod: input.podId }),
  ]);
  const { messages, more } = await pageOf(database, rows, input.limit);
  messages.reverse();
  const seen = await seenBy(database, viewerId, [
    ...messages.map((m) => m.senderId),
    ...marks.map((m) => m.memberId),
  ]);
  const reads: PodReadMark[] = marks
    .filter((m) => m.memberId === viewerId || may(seen.get(m.memberId)!.visibility, 'reach'))
    .map((m) => ({ memberId: m.memberId, upTo: m.upTo! }));
  // An empty chat shows first lines drawn from what its members share (issue 34.4).
  const empty = input.before === undefined && messages.length === 0;
  return {
    messages,
    hasMore: more,
    senders: sendersOf(messages, seen),
    reads,
    myReadUpTo: me.lastRead,
    ...(empty && { together: await podTogether(deps, viewerId, input.podId) }),
  };
}

/** Replay, for both transports: a page of a pod's messages after an id, for one of its members. */
export async function syncPod(
  deps: Deps,
  memberId: string,
  input: { podId: string; after: number },
): Promise<PodSyncResult> {
  const { database } = deps;
  await deps.limiter.check('sync:account', memberId);
  await membershipOf(deps, database.db, memberId, input.podId);
  const rows = await statementsOf(database)
    .sync(database.db)
    .execute({
      pod: input.podId,
      me: memberId,
      after: input.after,
      limit: SYNC_PAGE_SIZE + 1,
      budget: PAGE_TEXT_BYTES,
    });
  const { messages, more } = await pageOf(database, rows, SYNC_PAGE_SIZE);
  const seen = await seenBy(
    database,
    memberId,
    messages.map((m) => m.senderId),
  );
  return { messages, more, senders: sendersOf(messages, seen) };
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
  // One conditional UPDATE: of two reads at once, the later mark wins whatever order they commit in.
  const [moved] = await database.db
    .update(pm)
    .set({ lastReadMessageId: mark })
    .where(
      and(
        eq(pm.podId, input.podId),
        eq(pm.memberId, memberId),
        sql`coalesce(${col(pm, 'last_read_message_id')}, 0) < ${mark}`,
      ),
    )
    .returning({ upTo: pm.lastReadMessageId, mailedUpTo: pm.mailedUpTo });
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
