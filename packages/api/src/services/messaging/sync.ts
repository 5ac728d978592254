import type { MessageView, SyncResult } from '../../contracts.ts';
import type { Deps } from '../../context.ts';
import { otherParticipant, statementsOf, toView } from './store.ts';

// Reading messages back: replay after a message id (every reconnect) and a thread's pages, both bounded by
// count and by bytes of text.

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

/** Replay, for both transports: a page of the member's messages after a message id, within the rate limit. */
export async function sync(deps: Deps, memberId: string, after: number): Promise<SyncResult> {
  await deps.limiter.check('sync:account', memberId);
  const page = await messagesAfter(deps, memberId, after);
  const received = page.messages.filter((m) => m.recipientId === memberId).length;
  if (received > 0) deps.metrics.messagesDelivered('replay', received);
  return page;
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
async function messagesAfter(deps: Deps, memberId: string, after: number): Promise<SyncResult> {
  const { database } = deps;
  const rows = await statementsOf(database)
    .sync(database.db)
    .execute({ me: memberId, after, limit: SYNC_PAGE_SIZE + 1, budget: PAGE_TEXT_BYTES });
  return pageOf(rows, SYNC_PAGE_SIZE);
}
