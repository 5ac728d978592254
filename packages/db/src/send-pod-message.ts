import type BetterSqlite3 from 'better-sqlite3';
import type postgres from 'postgres';

// The send of a pod message, written once per dialect in plain SQL as send-message.ts is for private ones:
// on PostgreSQL one call of amiko_send_pod_message (migrations/pg/0029), one round trip; on SQLite the
// statements below, in the group-committed batches of private messages (sqlite-sends.ts). The steps: the
// pod's lock before the id is drawn (a pod's ids become visible in increasing order; SQLite has one writer
// at a time), the sender's membership of the open pod, the insert (a repeat of the sender's client id answers
// the stored message), and one more unread, up to `unreadCounted`, for every member of the pod who sees the
// sender: the message's recipients, whose unread pods after it are read in the same transaction (sent to
// their devices with no read of their own). The API suite runs every pod chat case on both databases.

export interface SendPodMessageRequest {
  podId: string;
  senderId: string;
  clientId: string;
  body: string;
  /** When the message is stored, epoch milliseconds. */
  now: number;
  /** The most unread messages a member's count for a pod goes up to (POD_UNREAD_COUNTED). */
  unreadCounted: number;
}

export interface StoredPodMessage {
  id: number;
  podId: string;
  senderId: string;
  clientId: string;
  body: string;
  createdAt: Date;
  meetupId: string | null;
}

/** One of a recipient's open pods with their unread count there, after the message: their unread state. */
export interface RecipientPod {
  memberId: string;
  podId: string;
  unread: number;
}

export type SendPodMessageOutcome =
  | { outcome: 'not_found' }
  /**
   * Stored now; counted as unread for `recipients`, the pod's members who see the sender (not the sender),
   * whose open pods and unread counts after it are `recipientPods`, read in the send's transaction.
   */
  | { outcome: 'created'; message: StoredPodMessage; recipients: string[]; recipientPods: RecipientPod[] }
  /** The sender's client id was stored before: that message. */
  | { outcome: 'repeat'; message: StoredPodMessage };

interface PostgresSendPodRow {
  outcome: SendPodMessageOutcome['outcome'];
  message_id: string | null;
  message_created_at: string;
  message_body: string;
  message_meetup_id: string | null;
  recipients: string[] | null;
  /** [member, pod, unread] of each recipient's open pods. */
  recipient_pods: [string, string, number][] | null;
}

/** PostgreSQL: one call of amiko_send_pod_message, one round trip. */
export async function sendPodMessageInPostgres(
  client: postgres.Sql,
  r: SendPodMessageRequest,
): Promise<SendPodMessageOutcome> {
  // Times travel as text, as in sendMessageInPostgres.
  const [row] = await client<[PostgresSendPodRow]>`select * from amiko_send_pod_message(${r.podId},
    ${r.senderId}, ${r.clientId}, ${r.body}, ${new Date(r.now).toISOString()}, ${r.unreadCounted})`;
  if (row.outcome === 'not_found') return { outcome: 'not_found' };
  const message: StoredPodMessage = {
    id: Number(row.message_id),
    podId: r.podId,
    senderId: r.senderId,
    clientId: r.clientId,
    body: row.message_body,
    createdAt: new Date(row.message_created_at),
    meetupId: row.message_meetup_id,
  };
  return row.outcome === 'created'
    ? {
        outcome: 'created',
        message,
        recipients: row.recipients ?? [],
        recipientPods: (row.recipient_pods ?? []).map(([memberId, podId, unread]) => ({
          memberId,
          podId,
          unread,
        })),
      }
    : { outcome: 'repeat', message };
}

const POD_MESSAGE_COLUMNS = `id, pod_id AS podId, sender_id AS senderId, client_id AS clientId, body,
  created_at AS createdAt, meetup_id AS meetupId`;

type SqlitePodMessageRow = Omit<StoredPodMessage, 'createdAt'> & { createdAt: number };

const fromSqlite = (row: SqlitePodMessageRow): StoredPodMessage => ({
  ...row,
  createdAt: new Date(row.createdAt),
});

/** SQLite: stores one pod message, inside the batch's transaction (sqlite-sends.ts). Synchronous. */
export function createSqlitePodMessageStore(
  client: BetterSqlite3.Database,
): (request: SendPodMessageRequest) => SendPodMessageOutcome {
  const membership = client.prepare<[string, string], { one: number }>(
    `SELECT 1 AS one FROM pod_members JOIN pods ON pods.id = pod_members.pod_id
     WHERE pod_members.pod_id = ? AND pod_members.member_id = ? AND pods.closed_at IS NULL`,
  );
  const insert = client.prepare<[string, string, string, string, number], SqlitePodMessageRow>(
    `INSERT INTO pod_messages (pod_id, sender_id, client_id, body, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (sender_id, client_id) DO NOTHING RETURNING ${POD_MESSAGE_COLUMNS}`,
  );
  const byClientId = client.prepare<[string, string], SqlitePodMessageRow>(
    `SELECT ${POD_MESSAGE_COLUMNS} FROM pod_messages WHERE sender_id = ? AND client_id = ?`,
  );
  // Named parameters: better-sqlite3 binds ?NNN only by name.
  const countNew = client.prepare<[{ counted: number; pod: string; sender: string }], { memberId: string }>(
    `UPDATE pod_members
     SET unread_count = CASE WHEN unread_count < @counted THEN unread_count + 1 ELSE unread_count END
     WHERE pod_id = @pod AND member_id <> @sender
       AND NOT EXISTS (SELECT 1 FROM blocks
                       WHERE (blocker_id = @sender AND blocked_id = pod_members.member_id)
                          OR (blocker_id = pod_members.member_id AND blocked_id = @sender))
     RETURNING member_id AS memberId`,
  );
  const recipientPods = client.prepare<[string], RecipientPod>(
    `SELECT pod_members.member_id AS memberId, pod_members.pod_id AS podId, pod_members.unread_count AS unread
     FROM pod_members JOIN pods ON pods.id = pod_members.pod_id
     WHERE pod_members.member_id IN (SELECT value FROM json_each(?)) AND pods.closed_at IS NULL
     ORDER BY pod_members.member_id, pod_members.pod_id`,
  );
  return (r) => {
    if (!membership.get(r.podId, r.senderId)) return { outcome: 'not_found' };
    const inserted = insert.get(r.podId, r.senderId, r.clientId, r.body, r.now);
    if (!inserted) return { outcome: 'repeat', message: fromSqlite(byClientId.get(r.senderId, r.clientId)!) };
    const recipients = countNew
      .all({ counted: r.unreadCounted, pod: r.podId, sender: r.senderId })
      .map((row) => row.memberId);
    return {
      outcome: 'created',
      message: fromSqlite(inserted),
      recipients,
      recipientPods: recipientPods.all(JSON.stringify(recipients)),
    };
  };
}
