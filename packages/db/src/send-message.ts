import type BetterSqlite3 from 'better-sqlite3';
import type postgres from 'postgres';

// The send path of messaging, written once per dialect in plain SQL: on PostgreSQL the function
// amiko_send_message (migrations/pg/0002, last redefined in 0034), several at once through
// amiko_send_messages (0031, pg-sends.ts); on SQLite the statements below, in group-committed batches
// (sqlite-sends.ts). Both take the same request and answer with the same outcome;
// the API suite runs every messaging case on both databases. See docs/decisions.md ("PostgreSQL: a send is one
// statement" and "SQLite: messages in group-committed batches").

export interface SendMessageRequest {
  senderId: string;
  recipientId: string;
  clientId: string;
  body: string;
  /** When the message is stored, epoch milliseconds. */
  now: number;
  /** conversations.pair_key of the two members. */
  pairKey: string;
  /** The id a new conversation gets, if this is the pair's first message. */
  newConversationId: string;
}

/** A message as stored; times are epoch milliseconds. */
export interface StoredMessage {
  id: number;
  conversationId: string;
  senderId: string;
  recipientId: string;
  clientId: string;
  body: string;
  createdAt: number;
  readAt: number | null;
}

export type SendMessageOutcome =
  /**
   * Stored now. `unread`: the recipient's unread state after it, when it changed that state (their
   * conversation had nothing unread, or they had cleared the unread dot since their last unread message),
   * else null. Read in the send's own transaction, it travels with the message to the recipient (issue 32:
   * no read and no socket frame of its own), and only when it changed.
   */
  | { outcome: 'created'; message: StoredMessage; unread: ChangedUnreadState | null }
  /** Stored before under the same client id. */
  | { outcome: 'repeat'; message: StoredMessage }
  /**
   * The recipient does not exist (or is unverified or suspended), is deleted, or a block stands between the
   * two. Nothing was stored.
   */
  | { outcome: 'not_found' | 'deleted' | 'blocked' };

/** A member's unread state right after a message to them: something is unread, in this many conversations. */
export interface ChangedUnreadState {
  hasUnread: true;
  unreadConversations: number;
}

const MESSAGE_COLUMNS = `id, conversation_id AS conversationId, sender_id AS senderId,
  recipient_id AS recipientId, client_id AS clientId, body, created_at AS createdAt, read_at AS readAt`;

/**
 * What the unread state's count says (packages/api's unreadState), within the send's transaction: the
 * member's row of member_unread, which triggers keep (migrations sqlite/0025), not a count of their
 * conversations. No row: nothing unread.
 */
export const UNREAD_CONVERSATIONS_SQL =
  'SELECT conversations AS count FROM member_unread WHERE member_id = ?';

/**
 * SQLite: stores one send, inside the batch's transaction (sqlite-sends.ts). Synchronous, on the event loop.
 * The steps are amiko_send_message's, without its row locks: SQLite has one writer at a time, so message ids
 * become visible in increasing order by construction.
 */
export function createSqliteMessageStore(
  client: BetterSqlite3.Database,
): (request: SendMessageRequest) => SendMessageOutcome {
  // The recipient's state, a block in either direction and the pair's conversation, in one statement. A
  // recipient whose address is not verified is not found: they could not read the message; nor is a
  // suspended one, hidden from other members until an operator lifts the suspension.
  const peer = client.prepare<
    [string, string, string, string, string, string],
    { deleted: number; blocked: number; conversationId: string | null }
  >(
    `SELECT deleted_at IS NOT NULL AS deleted,
       EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = ? AND blocked_id = ?) OR (blocker_id = ? AND blocked_id = ?)) AS blocked,
       (SELECT id FROM conversations WHERE pair_key = ?) AS conversationId
     FROM members WHERE id = ? AND email_verified = 1 AND suspended_at IS NULL`,
  );
  const insertConversation = client.prepare<[string, string, number]>(
    'INSERT INTO conversations (id, pair_key, created_at) VALUES (?, ?, ?)',
  );
  // The sender's row and the recipient's, with this many unread.
  const insertParticipants = client.prepare<[string, string, string, string, number]>(
    'INSERT INTO conversation_participants (conversation_id, member_id, unread_count) VALUES (?, ?, 0), (?, ?, ?)',
  );
  const insertMessage = client.prepare<[string, string, string, string, string, number], StoredMessage>(
    `INSERT INTO messages (conversation_id, sender_id, recipient_id, client_id, body, created_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (sender_id, client_id) DO NOTHING RETURNING ${MESSAGE_COLUMNS}`,
  );
  const messageByClientId = client.prepare<[string, string], StoredMessage>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE sender_id = ? AND client_id = ?`,
  );
  const touchConversation = client.prepare<[number, number, string]>(
    'UPDATE conversations SET last_message_id = ?, last_message_at = ? WHERE id = ?',
  );
  const countUnread = client.prepare<[string, string], { unreadCount: number }>(
    `UPDATE conversation_participants SET unread_count = unread_count + 1
     WHERE conversation_id = ? AND member_id = ? RETURNING unread_count AS unreadCount`,
  );
  // Whether the recipient had an unread message before this one that their unread dot still shows (newer
  // than the one they cleared it through): amiko_send_message asks the same.
  const unreadBefore = client.prepare<[string, number, string], { unread: number }>(
    `SELECT EXISTS (SELECT 1 FROM messages WHERE recipient_id = ? AND read_at IS NULL AND id < ?
       AND id > (SELECT unread_cleared_through FROM members WHERE id = ?)) AS unread`,
  );

  const unreadConversations = client.prepare<[string], { count: number }>(UNREAD_CONVERSATIONS_SQL);

  const storeOne = (r: SendMessageRequest): SendMessageOutcome => {
    const state = peer.get(r.senderId, r.recipientId, r.recipientId, r.senderId, r.pairKey, r.recipientId);
    if (!state) return { outcome: 'not_found' };
    if (state.deleted) return { outcome: 'deleted' };
    if (state.blocked) return { outcome: 'blocked' };
    const newConversation = state.conversationId === null;
    const conversationId = state.conversationId ?? r.newConversationId;
    if (newConversation) insertConversation.run(conversationId, r.pairKey, r.now);
    const inserted = insertMessage.get(conversationId, r.senderId, r.recipientId, r.clientId, r.body, r.now);
    if (!inserted) {
      // The client id was used before, to someone else: the new conversation stays, with nothing unread.
      if (newConversation)
        insertParticipants.run(conversationId, r.senderId, conversationId, r.recipientId, 0);
      return { outcome: 'repeat', message: messageByClientId.get(r.senderId, r.clientId)! };
    }
    touchConversation.run(inserted.id, r.now, conversationId);
    // A new conversation's participants come with its first message, the recipient with it unread: one
    // statement where an insert and an update of the same row were two.
    if (newConversation) insertParticipants.run(conversationId, r.senderId, conversationId, r.recipientId, 1);
    const unreadCount = newConversation ? 1 : countUnread.get(conversationId, r.recipientId)!.unreadCount;
    const unreadChanged =
      unreadCount === 1 || !unreadBefore.get(r.recipientId, inserted.id, r.recipientId)!.unread;
    const unread = unreadChanged
      ? { hasUnread: true as const, unreadConversations: unreadConversations.get(r.recipientId)?.count ?? 0 }
      : null;
    return { outcome: 'created', message: inserted, unread };
  };
  return storeOne;
}

interface PostgresSendRow {
  outcome: SendMessageOutcome['outcome'];
  message_id: string | null;
  message_conversation_id: string;
  message_sender_id: string;
  message_recipient_id: string;
  message_client_id: string;
  message_body: string;
  message_created_at: string;
  message_read_at: string | null;
  /** Set only when the message changed the recipient's unread state. */
  unread_conversations: number | null;
}

/** PostgreSQL: one call of amiko_send_message, one round trip. */
export async function sendMessageInPostgres(
  client: postgres.Sql,
  r: SendMessageRequest,
): Promise<SendMessageOutcome> {
  // Times travel as text: the driver's own date handling is left to drizzle's columns elsewhere.
  const [row] = await client<[PostgresSendRow]>`select * from amiko_send_message(${r.senderId},
    ${r.recipientId}, ${r.clientId}, ${r.body}, ${new Date(r.now).toISOString()}, ${r.pairKey},
    ${r.newConversationId})`;
  return outcomeOf(row);
}

/**
 * PostgreSQL: several sends in one call of amiko_send_messages (migrations/pg/0031), one statement and one
 * commit, each send's outcome as amiko_send_message's, in the order of `requests`. All or nothing: if one
 * send fails, none is stored (pg-sends.ts then sends each alone).
 */
export async function sendMessagesInPostgres(
  client: postgres.Sql,
  requests: SendMessageRequest[],
): Promise<SendMessageOutcome[]> {
  const column = (value: (r: SendMessageRequest) => string) => client.array(requests.map(value));
  const rows = await client<(PostgresSendRow & { ord: number })[]>`select * from amiko_send_messages(
    ${column((r) => r.senderId)}, ${column((r) => r.recipientId)}, ${column((r) => r.clientId)},
    ${column((r) => r.body)}, ${column((r) => new Date(r.now).toISOString())}::timestamptz[],
    ${column((r) => r.pairKey)}, ${column((r) => r.newConversationId)})`;
  const outcomes: SendMessageOutcome[] = [];
  for (const row of rows) outcomes[row.ord - 1] = outcomeOf(row);
  return outcomes;
}

function outcomeOf(row: PostgresSendRow): SendMessageOutcome {
  if (row.outcome !== 'created' && row.outcome !== 'repeat') return { outcome: row.outcome };
  const message: StoredMessage = {
    id: Number(row.message_id),
    conversationId: row.message_conversation_id,
    senderId: row.message_sender_id,
    recipientId: row.message_recipient_id,
    clientId: row.message_client_id,
    body: row.message_body,
    createdAt: new Date(row.message_created_at).getTime(),
    readAt: row.message_read_at === null ? null : new Date(row.message_read_at).getTime(),
  };
  return row.outcome === 'created'
    ? {
        outcome: 'created',
        message,
        unread:
          row.unread_conversations === null
            ? null
            : { hasUnread: true, unreadConversations: row.unread_conversations },
      }
    : { outcome: 'repeat', message };
}
