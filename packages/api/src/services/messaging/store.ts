import { perDatabase, preparedPerConnection, type Database, type Db } from '@amiko/db';
import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
// Db is typed as PostgreSQL's query builder for both dialects (packages/db/src/client.ts), and so is a
// subquery of it.
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { MessageView } from '../../contracts.ts';
import type { Deps } from '../../context.ts';
import { appError } from '../../errors.ts';
import { visibilityColumns } from '../views.ts';

// Where messaging meets the database: the frequent statements, prepared once per database (the send itself
// is database.sendMessage, in @amiko/db), and the facts every path asks first (who is in a conversation).

export const ph = (name: string) => sql.placeholder(name);

/** A message row as drizzle reads it (times as Dates) turned into the view (epoch milliseconds). */
export function toView({
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
  const u = t.memberUnread;
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
          // Kept by triggers on the participants' unread counts (migrations sqlite/0025, pg/0032).
          unreadConversations:
            sql<number>`coalesce((select ${u}.${sql.identifier('conversations')} from ${u} where ${u}.${sql.identifier('member_id')} = ${ph('me')}), 0)`.mapWith(
              Number,
            ),
        })
        .from(t.members)
        .where(eq(t.members.id, ph('me'))),
    ),
  };
}

export const statementsOf = perDatabase(buildStatements);

/** "<smaller id>:<larger id>": one conversation per pair of members (conversations.pair_key is unique). */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/** The other member of a pair key. */
export function otherOf(key: string, memberId: string): string {
  const [a, b] = key.split(':') as [string, string];
  return a === memberId ? b : a;
}

/** The other participant of a conversation the member takes part in; NOT_FOUND for anyone else. */
export async function otherParticipant(
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
