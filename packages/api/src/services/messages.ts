import { canMessage, type SendMessageInput } from '@amiko/core';
import {
  lockMembers,
  newId,
  perDatabase,
  preparedPerConnection,
  type Database,
  type Db,
  type StoredMessage,
} from '@amiko/db';
import { and, asc, desc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
// Db is typed as PostgreSQL's query builder for both dialects (packages/db/src/client.ts), and so is a
// subquery of it.
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Deps } from '../context.ts';

import { AppError, appError } from '../errors.ts';
import { sendRefusalOf } from '../metrics.ts';
import { scheduleMessageMail } from './message-mail.ts';
import {
  may,
  NO_BLOCKS,
  notFound,
  peerView,
  seenBy,
  visibilityColumns,
  visibilityOf,
  type PeerView,
} from './views.ts';

// One-to-one private messages (SPEC §2 Messages, §3 Conversation and message, §4 unread flag).
//
// Delivery is "persist, then emit": a message is stored in one transaction (conversation, message,
// counters: database.sendMessage, written in SQL per dialect), then emitted with its stored id to both
// members. A client sends its own id (clientId, unique per sender in the database) and repeats the send
// with the same id until it hears back, so a repeat never stores a copy; after every (re)connect it asks
// for the messages after the last id it has seen.
// For that question to have a complete answer, ids must become visible in increasing order for each
// member: see lockMembers and docs/decisions.md ("Message ids in commit order").

/** A stored message as clients see it; times are epoch milliseconds. readAt set means readBy = [recipient]. */
export type MessageView = StoredMessage;

export interface ConversationReadEvent {
  conversationId: string;
  readerId: string;
  /** Every message to the reader with an id up to this one is read. */
  upTo: number;
  readAt: number;
}

/** SPEC §4's unread flag, and the number of conversations with unread messages (tab title, desktop badge). */
export interface UnreadState {
  hasUnread: boolean;
  unreadConversations: number;
}

export type { PeerView };

export interface ConversationView {
  id: string;
  other: PeerView;
  lastMessage: Pick<MessageView, 'id' | 'senderId' | 'body' | 'createdAt' | 'readAt'> | null;
  /** When the last message was sent (or the conversation started), for sorting and display. */
  updatedAt: number;
  /** Messages to the member in this conversation they have not read. */
  unreadCount: number;
  /** The member has blocked the other participant. */
  blockedByMe: boolean;
}

export interface SendResult {
  message: MessageView;
  /** False when the clientId was already stored: the send was a repeat and nothing new was stored. */
  created: boolean;
}

/** Messages per replay page at most; the client asks for the next page until it has caught up. */
export const SYNC_PAGE_SIZE = 50;

/**
 * Bytes of message text per page (replay and thread pages), besides their count: a page takes messages while
 * the texts before them add up to less than this, so it holds at most this plus one message (a message of
 * MESSAGE_MAX_LENGTH three-byte characters is 12 KB) and says there is more. Ten calls of a tRPC batch stay
 * under ~1 MB together however long and wide the messages are (issue 17: no single request may make the server
 * hold more than that); messages as members write them (a few hundred bytes) fill a page by count first.
 */
export const PAGE_TEXT_BYTES = 32 * 1024;

/** "<smaller id>:<larger id>": one conversation per pair of members (conversations.pair_key is unique). */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/** The other member of a pair key. */
export function otherOf(key: string, memberId: string): string {
  const [a, b] = key.split(':') as [string, string];
  return a === memberId ? b : a;
}

const ph = (name: string) => sql.placeholder(name);

/** A message row as drizzle reads it (times as Dates) turned into the view (epoch milliseconds). */
function toView({
  createdAt,
  readAt,
  ...rest
}: Omit<MessageView, 'createdAt' | 'readAt'> & { createdAt: Date; readAt: Date | null }): MessageView {
  return { ...rest, createdAt: createdAt.getTime(), readAt: readAt ? readAt.getTime() : null };
}

/** The frequent statements of messaging (the send itself is database.sendMessage), built once per database. */
function buildStatements(database: Database) {
  const { t } = database;
  const m = t.messages;
  const c = t.conversations;
  const p = t.conversationParticipants;
  const messageColumns = {
    id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    recipientId: m.recipientId,
    clientId: m.clientId,
    body: m.body,
    createdAt: m.createdAt,
    readAt: m.readAt,
  };
  const sizedColumns = { ...messageColumns, bytes: sql<number>`octet_length(${m.body})`.as('bytes') };
  /**
   * A page of messages (at most `limit`, chosen in the subquery) cut at PAGE_TEXT_BYTES: the window sums the
   * texts in page order, and a message whose predecessors already reach the budget comes without its text
   * (null), which pageOf drops. The database reads the texts; the server never receives those past the cut.
   */
  const withinTextBudget = (
    db: Db,
    page: SubqueryWithSelection<typeof sizedColumns, 'page'>,
    order: 'asc' | 'desc',
  ) => {
    const byId = order === 'asc' ? sql`${page.id}` : sql`${page.id} desc`;
    return db
      .select({
        id: page.id,
        conversationId: page.conversationId,
        senderId: page.senderId,
        recipientId: page.recipientId,
        clientId: page.clientId,
        createdAt: page.createdAt,
        readAt: page.readAt,
        body: sql<
          string | null
        >`case when sum(${page.bytes}) over (order by ${byId}) - ${page.bytes} < ${ph('budget')} then ${page.body} end`,
      })
      .from(page)
      .orderBy(order === 'asc' ? asc(page.id) : desc(page.id));
  };

  return {
    /** What visibilityOf decides on, of one member (`other`) as another (`me`) sees them. */
    peerState: preparedPerConnection(database, 'msg_peer_state', (db) =>
      db
        .select(visibilityColumns(t, ph('me')))
        .from(t.members)
        .where(eq(t.members.id, ph('other'))),
    ),
    access: preparedPerConnection(database, 'msg_access', (db) =>
      db
        .select({ hasPaid: t.members.hasPaid, hasFreeAccess: t.members.hasFreeAccess })
        .from(t.members)
        .where(and(eq(t.members.id, ph('id')), isNull(t.members.deletedAt))),
    ),
    conversationByPair: preparedPerConnection(database, 'msg_conversation_by_pair', (db) =>
      db
        .select({ id: c.id })
        .from(c)
        .where(eq(c.pairKey, ph('pairKey'))),
    ),
    messageByClientId: preparedPerConnection(database, 'msg_by_client_id', (db) =>
      db
        .select(messageColumns)
        .from(m)
        .where(and(eq(m.senderId, ph('senderId')), eq(m.clientId, ph('clientId')))),
    ),
    participation: preparedPerConnection(database, 'msg_participation', (db) =>
      db
        .select({ pairKey: c.pairKey })
        .from(p)
        .innerJoin(c, eq(c.id, p.conversationId))
        .where(and(eq(p.conversationId, ph('id')), eq(p.memberId, ph('me')))),
    ),
    sync: preparedPerConnection(database, 'msg_sync', (db) =>
      withinTextBudget(
        db,
        db
          .select(sizedColumns)
          .from(m)
          .innerJoin(p, and(eq(p.conversationId, m.conversationId), eq(p.memberId, ph('me'))))
          .where(gt(m.id, ph('after')))
          .orderBy(asc(m.id))
          .limit(ph('limit'))
          .as('page'),
        'asc',
      ),
    ),
    thread: preparedPerConnection(database, 'msg_thread', (db) =>
      withinTextBudget(
        db,
        db
          .select(sizedColumns)
          .from(m)
          .where(and(eq(m.conversationId, ph('id')), lt(m.id, ph('before'))))
          .orderBy(desc(m.id))
          .limit(ph('limit'))
          .as('page'),
        'desc',
      ),
    ),
    unreadState: preparedPerConnection(database, 'msg_unread_state', (db) =>
      db
        .select({
          // Columns spelled out with their table: drizzle leaves them unqualified in a one-table query.
          hasUnread:
            sql<boolean>`exists(select 1 from ${m} where ${m}.${sql.identifier('recipient_id')} = ${ph('me')} and ${m}.${sql.identifier('read_at')} is null and ${m}.${sql.identifier('id')} > ${t.members}.${sql.identifier('unread_cleared_through')})`.mapWith(
              Boolean,
            ),
          unreadConversations:
            sql<number>`(select count(*) from ${p} where ${p}.${sql.identifier('member_id')} = ${ph('me')} and ${p}.${sql.identifier('unread_count')} > 0)`.mapWith(
              Number,
            ),
        })
        .from(t.members)
        .where(eq(t.members.id, ph('me'))),
    ),
  };
}

const statementsOf = perDatabase(buildStatements);

/** Whether a member may send now, read from the database: core's rule (paid or early access) on their row. */
async function hasMessagingAccess(deps: Deps, memberId: string): Promise<boolean> {
  const [row] = await statementsOf(deps.database).access(deps.database.db).execute({ id: memberId });
  return row !== undefined && canMessage(row);
}

/** Who is acting, as a transport knows them from the session. */
export interface Sender {
  id: string;
  /** What the session said; access only grows (a payment may have arrived since), so false is looked up again. */
  canMessage: boolean;
}

/**
 * Sending, the one path both transports take (tRPC's messages.send and the socket's message:send): access,
 * store, then tell both members. A repeat is published again too: the first attempt may have been stored by a
 * process that died before it could tell anyone; clients ignore ids they already have.
 */
export async function send(
  deps: Deps,
  sender: Sender,
  input: SendMessageInput,
  origin: { exceptSocket?: string } = {},
): Promise<SendResult> {
  let result: SendResult;
  try {
    if (!sender.canMessage && !(await hasMessagingAccess(deps, sender.id)))
      throw appError('PAYMENT_REQUIRED', 'payment:errors.paymentRequired');
    result = await sendMessage(deps, sender.id, input);
  } catch (error) {
    if (error instanceof AppError) deps.metrics.sendRefused(sendRefusalOf(error.appCode));
    throw error;
  }
  if (result.created) deps.metrics.messageStored();
  publishMessage(deps, result.message, origin.exceptSocket);
  // After the message is stored, not in its transaction (the send is one statement per dialect, in
  // @amiko/db): a failure here loses one reminder mail, never the message, and is logged. A recipient
  // connected to this process reads it live; if they leave it unread, their disconnect schedules the mail
  // (scheduleWaitingMails), so the send path writes nothing more for them.
  if (result.created && !deps.realtime.isConnectedHere(result.message.recipientId)) {
    await scheduleMessageMail(deps, result.message).catch((error: unknown) =>
      deps.log.error({ err: error, messageId: result.message.id }, 'message mail not scheduled'),
    );
  }
  return result;
}

/** Replay, for both transports: a page of the member's messages after a message id, within the rate limit. */
export async function sync(
  deps: Deps,
  memberId: string,
  after: number,
): Promise<{ messages: MessageView[]; more: boolean }> {
  await deps.limiter.check('sync:account', memberId);
  const page = await messagesAfter(deps, memberId, after);
  const received = page.messages.filter((m) => m.recipientId === memberId).length;
  if (received > 0) deps.metrics.messagesDelivered('replay', received);
  return page;
}

/** Read marks, for both transports: mark, then tell both participants and the reader's devices. */
export async function readConversation(
  deps: Deps,
  memberId: string,
  input: { conversationId: string; upTo?: number | undefined },
): Promise<{ upTo: number | null }> {
  await deps.limiter.check('read:account', memberId);
  const event = await markRead(deps, memberId, input);
  if (event) await publishRead(deps, event);
  return { upTo: event?.upTo ?? null };
}

/**
 * Stores a message from `senderId` (whose access the caller has checked). A repeat of an already stored
 * clientId returns the stored message with created: false, also when the limit or a block would now refuse
 * it: it was accepted once.
 */
async function sendMessage(deps: Deps, senderId: string, input: SendMessageInput): Promise<SendResult> {
  const { database } = deps;
  const s = statementsOf(database);
  if (input.to === senderId)
    throw appError('VALIDATION', 'messages:errors.cannotMessageSelf', { field: 'to' });
  const earlier = async (): Promise<SendResult | null> => {
    const [row] = await s.messageByClientId(database.db).execute({ senderId, clientId: input.clientId });
    return row ? { message: toView(row), created: false } : null;
  };
  try {
    await deps.limiter.check('message:account', senderId);
  } catch (error) {
    const repeat = await earlier();
    if (repeat) return repeat;
    if (error instanceof AppError && error.appCode === 'RATE_LIMITED') {
      throw appError('RATE_LIMITED', 'messages:errors.tooFast');
    }
    throw error;
  }
  const stored = await database.sendMessage({
    senderId,
    recipientId: input.to,
    clientId: input.clientId,
    body: input.body,
    now: Date.now(),
    pairKey: pairKey(senderId, input.to),
    newConversationId: newId(),
  });
  if (stored.outcome === 'created' || stored.outcome === 'repeat') {
    return { message: stored.message, created: stored.outcome === 'created' };
  }
  if (stored.outcome === 'not_found') throw appError('NOT_FOUND', 'messages:errors.memberNotFound');
  // A block or a deleted account refuses new messages, not the repeat of one stored before.
  const repeat = await earlier();
  if (repeat) return repeat;
  throw stored.outcome === 'deleted'
    ? appError('FORBIDDEN', 'messages:errors.memberDeleted')
    : appError('BLOCKED', 'messages:errors.blocked');
}

/** Tells both members (every device) about a stored message, and the recipient their new unread count. */
function publishMessage(deps: Deps, message: MessageView, exceptSocket?: string): void {
  deps.realtime.emitTo(
    { members: [message.recipientId, message.senderId], exceptSocket },
    'message:new',
    message,
  );
  void publishUnread(deps, message.recipientId);
}

/** The other participant of a conversation the member takes part in; NOT_FOUND for anyone else. */
async function otherParticipant(
  deps: Deps,
  tx: Db,
  memberId: string,
  conversationId: string,
): Promise<string> {
  const [row] = await statementsOf(deps.database)
    .participation(tx)
    .execute({ id: conversationId, me: memberId });
  if (!row) throw appError('NOT_FOUND', 'messages:errors.conversationNotFound');
  return otherOf(row.pairKey, memberId);
}

/** A page of a conversation's messages, oldest first: the newest page, or the one before a message id. */
export async function threadPage(
  deps: Deps,
  memberId: string,
  input: { conversationId: string; before?: number | undefined; limit: number },
): Promise<{ messages: MessageView[]; hasMore: boolean }> {
  const { database } = deps;
  await otherParticipant(deps, database.db, memberId, input.conversationId);
  const rows = await statementsOf(database)
    .thread(database.db)
    .execute({
      id: input.conversationId,
      before: input.before ?? Number.MAX_SAFE_INTEGER,
      limit: input.limit + 1,
      budget: PAGE_TEXT_BYTES,
    });
  const { messages, more } = pageOf(rows, input.limit);
  return { messages: messages.reverse(), hasMore: more };
}

/**
 * The messages of a page as read (one more than `size` asked for, those past the text budget without their
 * text): at most `size` of them, up to the first without text; more when the database had any beyond.
 */
function pageOf(
  rows: (Omit<Parameters<typeof toView>[0], 'body'> & { body: string | null })[],
  size: number,
): { messages: MessageView[]; more: boolean } {
  const cut = rows.findIndex((row) => row.body === null);
  const kept = rows.slice(0, Math.min(size, cut === -1 ? rows.length : cut));
  return {
    messages: kept.map(({ body, ...row }) => toView({ ...row, body: body ?? '' })),
    more: rows.length > kept.length,
  };
}

/** The member's messages after `after`, ascending, a page at a time (by count and by bytes of text). */
async function messagesAfter(
  deps: Deps,
  memberId: string,
  after: number,
): Promise<{ messages: MessageView[]; more: boolean }> {
  const { database } = deps;
  const rows = await statementsOf(database)
    .sync(database.db)
    .execute({ me: memberId, after, limit: SYNC_PAGE_SIZE + 1, budget: PAGE_TEXT_BYTES });
  return pageOf(rows, SYNC_PAGE_SIZE);
}

/**
 * Marks the member's incoming messages of a conversation read, up to `upTo` (default: all), and recounts
 * the conversation's unread messages. Returns the read event to publish, or null when nothing changed.
 */
async function markRead(
  deps: Deps,
  memberId: string,
  input: { conversationId: string; upTo?: number | undefined },
): Promise<ConversationReadEvent | null> {
  const { database } = deps;
  const { t } = database;
  const m = t.messages;
  const p = t.conversationParticipants;
  const readAt = new Date();
  return database.transaction(async (tx) => {
    // The same lock a send to this member takes: the recount below cannot miss a message being stored.
    await lockMembers(database, tx, [memberId]);
    await otherParticipant(deps, tx, memberId, input.conversationId);
    const marked = await tx
      .update(m)
      .set({ readAt })
      .where(
        and(
          eq(m.conversationId, input.conversationId),
          eq(m.recipientId, memberId),
          isNull(m.readAt),
          input.upTo === undefined ? undefined : lte(m.id, input.upTo),
        ),
      )
      .returning({ id: m.id });
    if (marked.length === 0) return null;
    await tx
      .update(p)
      .set({
        unreadCount: sql`(select count(*) from ${m} where ${m.conversationId} = ${input.conversationId} and ${m.recipientId} = ${memberId} and ${m.readAt} is null)`,
      })
      .where(and(eq(p.conversationId, input.conversationId), eq(p.memberId, memberId)));
    return {
      conversationId: input.conversationId,
      readerId: memberId,
      upTo: Math.max(...marked.map((r) => r.id)),
      readAt: readAt.getTime(),
    };
  });
}

/** Tells both participants that messages were read (the sender shows read marks). */
async function publishRead(deps: Deps, event: ConversationReadEvent): Promise<void> {
  const other = await otherParticipant(deps, deps.database.db, event.readerId, event.conversationId).catch(
    () => null,
  );
  deps.realtime.emitTo(event.readerId, 'conversation:read', event);
  if (other) deps.realtime.emitTo(other, 'conversation:read', event);
  // The reader's other devices (the desktop badge while the phone reads) get the count from here.
  await publishUnread(deps, event.readerId);
}

/** The other participant, for the typing indicator: null unless both take part and neither blocked the other. */
export async function typingRecipient(
  deps: Deps,
  memberId: string,
  conversationId: string,
): Promise<string | null> {
  const { database } = deps;
  const [row] = await statementsOf(database)
    .participation(database.db)
    .execute({ id: conversationId, me: memberId });
  if (!row) return null;
  const other = otherOf(row.pairKey, memberId);
  const [peer] = await statementsOf(database).peerState(database.db).execute({ me: memberId, other });
  return may(visibilityOf(peer, peer ?? NO_BLOCKS), 'reach') ? other : null;
}

/**
 * Deletes a conversation the member takes part in, with all its messages, for both participants
 * (irreversible). Tells both members' devices.
 */
export async function deleteConversation(
  deps: Deps,
  memberId: string,
  conversationId: string,
): Promise<void> {
  const { database } = deps;
  const { t } = database;
  const other = await database.transaction(async (tx) => {
    const peer = await otherParticipant(deps, tx, memberId, conversationId);
    // Sends lock both members before they find the conversation: with the same locks, no message can be
    // stored into a conversation that is being deleted.
    await lockMembers(database, tx, [memberId, peer]);
    const deleted = await tx
      .delete(t.conversations)
      .where(eq(t.conversations.id, conversationId))
      .returning({ id: t.conversations.id });
    if (deleted.length === 0) throw appError('NOT_FOUND', 'messages:errors.conversationNotFound');
    return peer;
  });
  deps.realtime.emitTo(memberId, 'conversation:deleted', { conversationId });
  deps.realtime.emitTo(other, 'conversation:deleted', { conversationId });
  await Promise.all([publishUnread(deps, memberId), publishUnread(deps, other)]);
}

/**
 * The member's conversations, most recent first, and the replay cursor that goes with them: the newest
 * message id of the list, from the same snapshot (a client syncs after it once its socket connects).
 */
export async function listConversations(
  deps: Deps,
  memberId: string,
): Promise<{ conversations: ConversationView[]; cursor: number }> {
  const { db, t } = deps.database;
  const c = t.conversations;
  const p = t.conversationParticipants;
  const m = t.messages;
  const rows = await db
    .select({
      id: c.id,
      pairKey: c.pairKey,
      createdAt: c.createdAt,
      unreadCount: p.unreadCount,
      lastId: m.id,
      lastSenderId: m.senderId,
      lastBody: m.body,
      lastCreatedAt: m.createdAt,
      lastReadAt: m.readAt,
    })
    .from(p)
    .innerJoin(c, eq(c.id, p.conversationId))
    .leftJoin(m, eq(m.id, c.lastMessageId))
    .where(eq(p.memberId, memberId))
    .orderBy(desc(sql`coalesce(${c.lastMessageAt}, ${c.createdAt})`), desc(c.id));
  const others = rows.map((r) => otherOf(r.pairKey, memberId));
  const peers = await seenBy(deps.database, memberId, others);
  let cursor = 0;
  const conversations = rows.map((row, i): ConversationView => {
    const other = peers.get(others[i]!)!;
    if (row.lastId !== null && row.lastId > cursor) cursor = row.lastId;
    return {
      id: row.id,
      other: peerView(other),
      lastMessage:
        row.lastId === null
          ? null
          : {
              id: row.lastId,
              senderId: row.lastSenderId!,
              body: row.lastBody!,
              createdAt: row.lastCreatedAt!.getTime(),
              readAt: row.lastReadAt ? row.lastReadAt.getTime() : null,
            },
      updatedAt: (row.lastCreatedAt ?? row.createdAt).getTime(),
      unreadCount: row.unreadCount,
      blockedByMe: other.viewerBlocked,
    };
  });
  return { conversations, cursor };
}

/**
 * The member a "Message" button points at, and the conversation with them if there is one: what
 * /messages?with=<memberId> opens (a new conversation starts with its first message). Found as profile.view
 * finds them (visibilityOf): nothing of a suspended member, of one who blocked the viewer, or of an
 * unfinished or unverified profile. A deleted account opens as a deleted member; the viewer's own block does
 * not hide them: the thread is where they can lift it.
 */
export async function openConversation(
  deps: Deps,
  memberId: string,
  withId: string,
): Promise<{ conversationId: string | null; other: PeerView; blockedByMe: boolean }> {
  if (withId === memberId) throw appError('VALIDATION', 'messages:errors.cannotMessageSelf');
  const { db, t } = deps.database;
  const [exists, seen, [conversation]] = await Promise.all([
    db.select({ id: t.members.id }).from(t.members).where(eq(t.members.id, withId)),
    seenBy(deps.database, memberId, [withId]),
    statementsOf(deps.database)
      .conversationByPair(db)
      .execute({ pairKey: pairKey(memberId, withId) }),
  ]);
  if (exists.length === 0) throw appError('NOT_FOUND', 'messages:errors.memberNotFound');
  const other = seen.get(withId)!;
  const opens = other.visibility === 'deleted' || other.visibility === 'blockedByViewer';
  if (!opens && !may(other.visibility, 'find')) throw notFound(other.visibility);
  return {
    conversationId: conversation?.id ?? null,
    other: peerView(other),
    blockedByMe: other.viewerBlocked,
  };
}

/**
 * SPEC §4 unread flag: true while a message to the member, not sent by them and not read, is newer than
 * what they cleared by clicking the messages icon. Also the number of conversations with unread messages
 * (the desktop badge).
 */
export async function unreadState(deps: Deps, memberId: string): Promise<UnreadState> {
  const { database } = deps;
  const [row] = await statementsOf(database).unreadState(database.db).execute({ me: memberId });
  return { hasUnread: row?.hasUnread ?? false, unreadConversations: row?.unreadConversations ?? 0 };
}

// The member's latest unread publication in this process: the next one starts after it, so that a count
// read earlier can never reach the devices after one read later.
const unreadPublications = new Map<string, Promise<void>>();

/**
 * Sends every device of the member their unread state, as the server counts it (clients never add up
 * events themselves, so the number cannot drift): after a message to them, a read, a deletion, and to each
 * socket when it connects (apps/server/src/plugins/socket.ts).
 */
export function publishUnread(deps: Deps, memberId: string): Promise<void> {
  const previous = unreadPublications.get(memberId) ?? Promise.resolve();
  const publication = previous.then(async () => {
    try {
      deps.realtime.emitTo(memberId, 'unread:changed', await unreadState(deps, memberId));
    } catch (error) {
      deps.log.error({ err: error, memberId }, 'unread state not published');
    }
  });
  unreadPublications.set(memberId, publication);
  void publication.then(() => {
    if (unreadPublications.get(memberId) === publication) unreadPublications.delete(memberId);
  });
  return publication;
}

/** Clears the unread flag through the newest unread message, on the server so that it holds on every device. */
export async function clearUnread(deps: Deps, memberId: string): Promise<{ through: number }> {
  const { db, t } = deps.database;
  const m = t.messages;
  const [newest] = await db
    .select({ id: sql<number | null>`max(${m.id})`.mapWith(Number) })
    .from(m)
    .where(and(eq(m.recipientId, memberId), isNull(m.readAt)));
  const through = newest?.id ?? 0;
  if (through > 0) {
    const [updated] = await db
      .update(t.members)
      .set({ unreadClearedThrough: through })
      .where(and(eq(t.members.id, memberId), lt(t.members.unreadClearedThrough, through)))
      .returning({ through: t.members.unreadClearedThrough });
    if (updated) deps.realtime.emitTo(memberId, 'unread:cleared', { through });
  }
  return { through };
}
