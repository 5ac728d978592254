import { canMessage, type SendMessageInput } from '@amiko/core';
import { newTimeOrderedId } from '@amiko/db';
import type { SendResult, UnreadState } from '../../contracts.ts';
import type { Deps } from '../../context.ts';
import { AppError, appError } from '../../errors.ts';
import { sendRefusalOf } from '../../metrics.ts';
import { scheduleMessageMail } from '../message-mail.ts';
import { pushAboutMessage } from '../push.ts';
import { publishUnread, takesUnreadAlong, unreadMark } from './read.ts';
import { pairKey, statementsOf, toView } from './store.ts';

// Sending one-to-one private messages (SPEC §2 Messages, §3 Conversation and message).
//
// Delivery is "persist, then emit": a message is stored in one transaction (conversation, message,
// counters: database.sendMessage, written in SQL per dialect), then emitted with its stored id to both
// members. A client sends its own id (clientId, unique per sender in the database) and repeats the send
// with the same id until it hears back, so a repeat never stores a copy; after every (re)connect it asks
// for the messages after the last id it has seen.
// For that question to have a complete answer, ids must become visible in increasing order for each
// member: see lockMembers and docs/decisions.md ("Message ids in commit order").

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
  let result: Stored;
  const mark = unreadMark();
  try {
    if (!sender.canMessage && !(await hasMessagingAccess(deps, sender.id)))
      throw appError('PAYMENT_REQUIRED', 'payment:errors.paymentRequired');
    result = await sendMessage(deps, sender.id, input);
  } catch (error) {
    if (error instanceof AppError) deps.metrics.sendRefused(sendRefusalOf(error.appCode));
    throw error;
  }
  if (result.created) deps.metrics.messageStored();
  publishMessage(deps, result, mark, origin.exceptSocket);
  // After the message is stored, not in its transaction (the send is one statement per dialect, in
  // @amiko/db): a failure here loses one reminder mail, never the message, and is logged. A recipient
  // connected to this process reads it live; if they leave it unread, their disconnect schedules the mail
  // (scheduleWaitingMails), so the send path writes nothing more for them.
  if (result.created && !deps.realtime.isConnectedHere(result.message.recipientId)) {
    await scheduleMessageMail(deps, result.message).catch((error: unknown) =>
      deps.log.error({ err: error, messageId: result.message.id }, 'message mail not scheduled'),
    );
    pushAboutMessage(deps, result.message);
  }
  return { message: result.message, created: result.created };
}

/** A send's result, and the recipient's unread state when the message changed it (then they are told). */
interface Stored extends SendResult {
  unread: UnreadState | null;
}

/**
 * Stores a message from `senderId` (whose access the caller has checked). A repeat of an already stored
 * clientId returns the stored message with created: false, also when the limit or a block would now refuse
 * it: it was accepted once.
 */
async function sendMessage(deps: Deps, senderId: string, input: SendMessageInput): Promise<Stored> {
  const { database } = deps;
  const s = statementsOf(database);
  if (input.to === senderId)
    throw appError('VALIDATION', 'messages:errors.cannotMessageSelf', { field: 'to' });
  const earlier = async (): Promise<Stored | null> => {
    const [row] = await s.messageByClientId(database.db).execute({ senderId, clientId: input.clientId });
    return row ? { message: toView(row), created: false, unread: null } : null;
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
    newConversationId: newTimeOrderedId(),
  });
  if (stored.outcome === 'created') {
    return { message: stored.message, created: true, unread: stored.unread };
  }
  if (stored.outcome === 'repeat') return { message: stored.message, created: false, unread: null };
  if (stored.outcome === 'not_found') throw appError('NOT_FOUND', 'messages:errors.memberNotFound');
  // A block or a deleted account refuses new messages, not the repeat of one stored before.
  const repeat = await earlier();
  if (repeat) return repeat;
  throw stored.outcome === 'deleted'
    ? appError('FORBIDDEN', 'messages:errors.memberDeleted')
    : appError('BLOCKED', 'messages:errors.blocked');
}

/**
 * Tells both members (every device) about a stored message, and the recipient their new unread state when the
 * message changed it. That state was read in the send's transaction and goes with the message, in the same
 * frame, when nothing newer about it can have gone out first (takesUnreadAlong); otherwise it is read again
 * and sent on its own. Most messages arrive in a conversation that is unread already: the state the devices
 * have is still right, and nothing more is sent (issue 32). A repeat changes nothing.
 */
function publishMessage(deps: Deps, stored: Stored, mark: number, exceptSocket?: string): void {
  const { message, unread } = stored;
  if (unread && takesUnreadAlong(message.recipientId, message.id, mark)) {
    // Two emits: the recipient's state is theirs alone, not for the sender's other devices.
    deps.realtime.emitTo(message.recipientId, 'message:new', { ...message, unread });
    deps.realtime.emitTo({ members: [message.senderId], exceptSocket }, 'message:new', message);
    return;
  }
  deps.realtime.emitTo(
    { members: [message.recipientId, message.senderId], exceptSocket },
    'message:new',
    message,
  );
  if (unread) void publishUnread(deps, message.recipientId);
}
