import { POD_UNREAD_COUNTED } from '@amiko/core';
import {
  lockPod,
  perDatabase,
  preparedPerConnection,
  type Database,
  type Db,
  type RecipientPod,
} from '@amiko/db';
import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PodUnreadState } from '../contracts.ts';
import type { Deps } from '../context.ts';
import { createUnreadOrder } from './unread-order.ts';

// A member's unread pods (issue 34), as the server counts them: per pod, the messages after their read mark
// that are not their own nor from anyone on the other side of a block, up to POD_UNREAD_COUNTED; and their
// pending invitations to pods. Pushed to the member's devices (pod:unread) after a message to them (without
// the invitations, which a message does not change), after they read, join or leave a pod or are invited to
// one, and to each socket as it connects. docs/decisions.md, "Pods".
//
// The count is kept in pod_members.unread_count, not counted for every recipient of every message (which
// was most of a pod message's cost; docs/performance.md): the send that stores a message adds one for its
// recipients (countNewMessage), and it is counted again from the messages when the member's read mark
// moves or a block between two members is made or lifted (unreadAfter, recountPodUnread). Each of those
// holds the pod's lock, as a send does, so no message is counted twice or missed between them.

const ph = (name: string) => sql.placeholder(name);

/** A column spelled out with its table: drizzle leaves columns unqualified in a one-table query. */
export const col = (table: SQL | unknown, name: string) => sql`${table}.${sql.identifier(name)}`;

/** No block in either direction between `me` and `other`. */
export function noBlock(database: Database, me: unknown, other: SQL): SQL {
  const { blocks } = database.t;
  return sql`not exists (select 1 from ${blocks} where (${col(blocks, 'blocker_id')} = ${me} and ${col(blocks, 'blocked_id')} = ${other}) or (${col(blocks, 'blocker_id')} = ${other} and ${col(blocks, 'blocked_id')} = ${me}))`;
}

/**
 * For a pod_members row, the messages of its pod after `mark` that count as unread for its member (not their
 * own, nobody's on the other side of a block), up to POD_UNREAD_COUNTED: a range of the (pod_id, id) index,
 * never more than a page of it.
 */
export function unreadAfter(database: Database, mark: SQL): SQL<number> {
  const m = database.t.podMessages;
  const member = col(database.t.podMembers, 'member_id');
  return sql<number>`(select count(*) from (select 1 from ${m} where ${col(m, 'pod_id')} = ${col(database.t.podMembers, 'pod_id')} and ${col(m, 'id')} > coalesce(${mark}, 0) and ${col(m, 'sender_id')} <> ${member} and ${noBlock(database, member, col(m, 'sender_id'))} limit ${POD_UNREAD_COUNTED}) as ${sql.identifier('unread_page')})`;
}

function buildStatements(database: Database) {
  const { t } = database;
  const pm = t.podMembers;
  /** Unread pods (see `unread`) of the members `whose` picks among pod_members, ordered by member and pod. */
  const unreadPods = (db: Db, whose: SQL) => {
    return db
      .select({ memberId: pm.memberId, podId: pm.podId, unread: pm.unreadCount })
      .from(pm)
      .innerJoin(t.pods, eq(t.pods.id, pm.podId))
      .where(and(whose, isNull(t.pods.closedAt)))
      .orderBy(asc(pm.memberId), asc(pm.podId));
  };

  const inv = t.podInvitations;
  return {
    /**
     * The member's invitations to open pods, but those with someone in them on the other side of a block
     * (My pods leaves those out too).
     */
    invitations: preparedPerConnection(database, 'pod_invitations_pending', (db) =>
      db
        .select({ invitations: count() })
        .from(inv)
        .innerJoin(t.pods, and(eq(t.pods.id, inv.podId), isNull(t.pods.closedAt)))
        .where(
          and(
            eq(inv.memberId, ph('me')),
            sql`not exists (select 1 from ${pm} where ${col(pm, 'pod_id')} = ${col(inv, 'pod_id')} and not ${noBlock(database, ph('me'), col(pm, 'member_id'))})`,
          ),
        ),
    ),
    /** The member's open pods, each with its unread count. */
    unread: preparedPerConnection(database, 'pod_chat_unread', (db) =>
      unreadPods(db, eq(pm.memberId, ph('me'))),
    ),
    /**
     * The same for every member of a pod whom a message from `about` there reaches (as `audience`), but
     * `about`: after a message, its recipients' unread pods in one statement instead of one each.
     */
    unreadOfAudience: preparedPerConnection(database, 'pod_chat_unread_of_audience', (db) => {
      const audience = sql.identifier('audience');
      const audienceMember = sql`${audience}.${sql.identifier('member_id')}`;
      return unreadPods(
        db,
        sql`${col(pm, 'member_id')} in (select ${audienceMember} from ${pm} as ${audience} where ${audience}.${sql.identifier('pod_id')} = ${ph('pod')} and ${audienceMember} <> ${ph('about')} and ${noBlock(database, ph('about'), audienceMember)})`,
      );
    }),
    /**
     * A message from `sender` stored in `pod`: one more unread (up to POD_UNREAD_COUNTED) for each member who
     * sees the sender there, but the sender; returns them, its recipients.
     */
    countNewMessage: preparedPerConnection(database, 'pod_chat_count_new_message', (db) =>
      db
        .update(pm)
        .set({
          unreadCount: sql`case when ${col(pm, 'unread_count')} < ${POD_UNREAD_COUNTED} then ${col(pm, 'unread_count')} + 1 else ${col(pm, 'unread_count')} end`,
        })
        .where(
          and(
            eq(pm.podId, ph('pod')),
            ne(pm.memberId, ph('sender')),
            noBlock(database, ph('sender'), col(pm, 'member_id')),
          ),
        )
        .returning({ memberId: pm.memberId }),
    ),
  };
}

const statementsOf = perDatabase(buildStatements);

/**
 * In the send's transaction, after the message from `senderId` in `podId` is stored: counts it as unread for
 * its recipients (the pod's members who see the sender, but the sender), and returns them.
 */
export async function countNewMessage(
  database: Database,
  tx: Db,
  podId: string,
  senderId: string,
): Promise<string[]> {
  const rows = await statementsOf(database).countNewMessage(tx).execute({ pod: podId, sender: senderId });
  return rows.map((r) => r.memberId);
}

/**
 * Counts the unread messages of every pod the members are in again, in the caller's transaction: after a
 * block between them is made or lifted (which hides or shows each one's messages to the other). Takes those
 * pods' locks first, and those of `alsoLock` (a block's meetups), in one id order, so that no send is counting
 * meanwhile and two blocks at once never deadlock.
 */
export async function recountPodUnread(
  database: Database,
  tx: Db,
  memberIds: string[],
  alsoLock: string[] = [],
): Promise<void> {
  const pm = database.t.podMembers;
  const rows = await tx.select({ podId: pm.podId }).from(pm).where(inArray(pm.memberId, memberIds));
  for (const podId of [...new Set([...rows.map((r) => r.podId), ...alsoLock])].sort())
    await lockPod(database, tx, podId);
  if (rows.length === 0) return;
  await tx
    .update(pm)
    .set({ unreadCount: unreadAfter(database, col(pm, 'last_read_message_id')) })
    .where(inArray(pm.memberId, memberIds));
}

/** Each member's unread pods from rows ordered by member (the `unread` statements'). */
function unreadStates(rows: { memberId: string; podId: string; unread: number }[]) {
  const states = new Map<string, PodUnreadState>();
  for (const { memberId, podId, unread } of rows) {
    let state = states.get(memberId);
    if (!state) states.set(memberId, (state = { unreadPods: 0, pods: [] }));
    state.pods.push({ podId, unread });
    if (unread > 0) state.unreadPods += 1;
  }
  return states;
}

/** The member's unread pods and pending invitations, as the server counts them (no client adds up events). */
export async function podUnreadState(deps: Deps, memberId: string): Promise<PodUnreadState> {
  const { database } = deps;
  const s = statementsOf(database);
  const [rows, [pending]] = await Promise.all([
    s.unread(database.db).execute({ me: memberId }),
    s.invitations(database.db).execute({ me: memberId }),
  ]);
  const state = unreadStates(rows).get(memberId) ?? { unreadPods: 0, pods: [] };
  return { ...state, invitations: pending?.invitations ?? 0 };
}

// Each member's latest publication in this process: the next starts after it, so a state read earlier never
// reaches the devices after one read later (as publishUnread does for conversations).
const podUnreadPublications = new Map<string, Promise<void>>();
// The states read in a send's transaction go along only when nothing read later can have gone out first.
const order = createUnreadOrder();

/** Taken before a pod message is stored: what its recipients' states are compared with (unreadCarriedAlong). */
export function podUnreadMark(): number {
  return order.mark();
}

/**
 * Sends the devices of each of `memberIds` their unread pods (or hands them to `deliver`), as `read` counts
 * them, once every earlier publication to any of them is out.
 */
function publishUnreadStates(
  deps: Deps,
  memberIds: string[],
  read: () => Promise<Map<string, PodUnreadState>>,
  deliver = (id: string, state: PodUnreadState) => deps.realtime.emitTo(id, 'pod:unread', state),
): Promise<void> {
  for (const id of memberIds) order.starts(id);
  const previous = Promise.all(memberIds.map((id) => podUnreadPublications.get(id)));
  const publication = previous.then(async () => {
    try {
      const states = await read();
      for (const id of memberIds) {
        const state = states.get(id);
        if (state) deliver(id, state);
      }
    } catch (error) {
      deps.log.error({ err: error, memberIds }, 'unread pods not published');
    }
  });
  for (const id of memberIds) podUnreadPublications.set(id, publication);
  void publication.then(() => {
    for (const id of memberIds)
      if (podUnreadPublications.get(id) === publication) podUnreadPublications.delete(id);
  });
  return publication;
}

/**
 * Sends every device of the member their unread pods and invitations (or only `deliver`, a socket as it
 * connects): after they read a pod, join or leave one, or are invited to one. In turn with the member's
 * other publications, so that a state read before a message's never reaches a device after it.
 */
export function publishPodUnread(
  deps: Deps,
  memberId: string,
  deliver?: (state: PodUnreadState) => void,
): Promise<void> {
  return publishUnreadStates(
    deps,
    [memberId],
    async () => new Map([[memberId, await podUnreadState(deps, memberId)]]),
    deliver && ((_id, state) => deliver(state)),
  );
}

/**
 * After a message from `senderId` in a pod whose send did not read them (a meetup's card), or read them
 * before a later state may have gone out (unreadCarriedAlong): its recipients' unread pods (`recipients`:
 * the pod's members who see the sender, but the sender), read in one statement for them all. Only those
 * still there when it is read are told: one who left meanwhile heard their state as they left.
 */
export function publishRecipientsUnread(
  deps: Deps,
  podId: string,
  senderId: string,
  recipients: string[],
): Promise<void> {
  const { database } = deps;
  return publishUnreadStates(deps, recipients, async () =>
    unreadStates(
      await statementsOf(database).unreadOfAudience(database.db).execute({ pod: podId, about: senderId }),
    ),
  );
}

/** A pod message's recipients' unread pods as its send read them, and the mark taken before it. */
export type CarriedUnread = { mark: number; recipientPods: RecipientPod[] };

/**
 * A pod message's recipients whose unread pods, as its send read them in its transaction (`recipientPods`;
 * `mark` taken before it), go out with it now, each with theirs (counted as gone out): all but those for
 * whom a state read later may have gone out first, who are `again`, to be read again
 * (publishRecipientsUnread) in order after it.
 */
export function unreadCarriedAlong(
  message: { id: number },
  recipients: string[],
  carried: CarriedUnread,
): { along: Map<string, PodUnreadState>; again: string[] } {
  const states = unreadStates(carried.recipientPods);
  const along = new Map<string, PodUnreadState>();
  const again: string[] = [];
  for (const id of recipients) {
    const state = states.get(id);
    if (state && order.takesAlong(id, message.id, carried.mark, podUnreadPublications.has(id)))
      along.set(id, state);
    else again.push(id);
  }
  return { along, again };
}
