import { lockMembers } from '@amiko/db';
import { and, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { ConversationReadEvent, UnreadState } from '../../contracts.ts';
import type { Deps } from '../../context.ts';
import { createUnreadOrder } from '../unread-order.ts';
import { otherParticipant, statementsOf } from './store.ts';

// What a member has read: read marks per conversation, and SPEC §4's unread flag with the count of
// conversations with unread messages, published to every device of the member.

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
 * events themselves, so the number cannot drift): after a message to them, a read, a deletion; or only to
 * `deliver`, a socket as it connects (apps/server/src/plugins/socket.ts), in turn with the others, so that a
 * state read before a message's never reaches that socket after it.
 */
export function publishUnread(
  deps: Deps,
  memberId: string,
  deliver = (state: UnreadState) => deps.realtime.emitTo(memberId, 'unread:changed', state),
): Promise<void> {
  startsPublishing(memberId);
  const previous = unreadPublications.get(memberId) ?? Promise.resolve();
  const publication = previous.then(async () => {
    try {
      deliver(await unreadState(deps, memberId));
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

// A message's unread state may travel with it (send.ts), when nothing read later can have gone out first.
const order = createUnreadOrder();

/** A publication of the member's state starts (or a clearing of their dot): states read before wait behind it. */
function startsPublishing(memberId: string) {
  order.starts(memberId);
}

/** Taken before a message is stored: what `takesUnreadAlong` compares with. */
export function unreadMark(): number {
  return order.mark();
}

/**
 * Whether the unread state read with message `messageId` to `memberId` may go out with it: no publication of
 * the member's state started since `mark` (taken before the send) or is under way, and no newer message's
 * state went out. Otherwise the state is published again as it stands (publishUnread), in order after those.
 */
export function takesUnreadAlong(memberId: string, messageId: number, mark: number): boolean {
  return order.takesAlong(memberId, messageId, mark, unreadPublications.has(memberId));
}

/** Clears the unread flag through the newest unread message, on the server so that it holds on every device. */
export async function clearUnread(deps: Deps, memberId: string): Promise<{ through: number }> {
  const { db, t } = deps.database;
  const m = t.messages;
  // A message's state read before the clearing says its dot is on: it must not follow the clearing out.
  startsPublishing(memberId);
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
