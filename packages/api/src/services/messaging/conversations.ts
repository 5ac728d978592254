import { lockMembers, newTimeOrderedId, type Db } from '@amiko/db';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { ConversationView, PeerView } from '../../contracts.ts';
import type { Deps } from '../../context.ts';
import { appError } from '../../errors.ts';
import { may, NO_BLOCKS, notFound, peerView, seenBy, visibilityOf } from '../views.ts';
import { publishUnread } from './read.ts';
import { otherOf, otherParticipant, pairKey, statementsOf } from './store.ts';

// Conversations between two members: finding one, listing a member's, opening and deleting one.

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
 * The conversation of two members, made empty if they have none (a mutual "see you again", issue 35.5): the
 * conversation and its two participants as the send path makes them, in the caller's transaction, under both
 * members' locks, which every send takes before it looks for the pair's conversation. No message is written:
 * the first one is sent as any other, by whoever may send (paid or early access). Null when either blocked
 * the other.
 */
export async function ensureConversation(
  deps: Pick<Deps, 'database'>,
  tx: Db,
  a: string,
  b: string,
): Promise<string | null> {
  const { database } = deps;
  const { t } = database;
  await lockMembers(database, tx, [a, b]);
  const [blocked] = await tx
    .select({ one: sql`1` })
    .from(t.blocks)
    .where(
      or(
        and(eq(t.blocks.blockerId, a), eq(t.blocks.blockedId, b)),
        and(eq(t.blocks.blockerId, b), eq(t.blocks.blockedId, a)),
      ),
    )
    .limit(1);
  if (blocked) return null;
  const key = pairKey(a, b);
  const [found] = await statementsOf(database).conversationByPair(tx).execute({ pairKey: key });
  if (found) return found.id;
  const id = newTimeOrderedId();
  await tx.insert(t.conversations).values({ id, pairKey: key, createdAt: new Date() });
  await tx.insert(t.conversationParticipants).values([
    { conversationId: id, memberId: a, unreadCount: 0 },
    { conversationId: id, memberId: b, unreadCount: 0 },
  ]);
  return id;
}
