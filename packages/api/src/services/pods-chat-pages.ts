import type { PodReadMark } from '@amiko/core';
import { perDatabase, preparedPerConnection, type Database, type Db } from '@amiko/db';
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
// Db is typed as PostgreSQL's query builder for both dialects (packages/db/src/client.ts), and so is a
// subquery of it.
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { PeerView, PodMessageView, PodSyncResult, PodThreadPage } from '../contracts.ts';
import type { Deps } from '../context.ts';
import { PAGE_TEXT_BYTES, SYNC_PAGE_SIZE } from './messaging/sync.ts';
import { columnsOf, membershipOf, toView, type CardMeetups, type PodMessageRow } from './pods-chat.ts';
import { podTogether } from './pods-icebreakers.ts';
import { col, noBlock } from './pods-unread.ts';
import { firstName, may, seenBy, type SeenMember } from './views.ts';

// A pod's chat as its members read it (issue 34): a page of the thread (the newest, or before an id) with
// the read marks they may see, and replay after the last id a member saw; the send and the read marks are
// in pods-chat.ts. As in one-to-one chat, messages of anyone on the other side of a block are left out.

const ph = (name: string) => sql.placeholder(name);

function buildStatements(database: Database) {
  const { t } = database;
  const m = t.podMessages;
  const pm = t.podMembers;
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
  const visibleTo = noBlock(database, ph('me'), col(m, 'sender_id'));

  return {
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
