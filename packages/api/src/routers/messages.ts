import {
  canMessage,
  conversationRefSchema,
  idSchema,
  markReadSchema,
  sendMessageSchema,
  syncSchema,
  threadPageSchema,
} from '@amiko/core';
import { z } from 'zod';
import {
  deleteConversation,
  listConversations,
  openConversation,
} from '../services/messaging/conversations.ts';
import { clearUnread, readConversation, unreadState } from '../services/messaging/read.ts';
import { send } from '../services/messaging/send.ts';
import { sync, threadPage } from '../services/messaging/sync.ts';
import { router, verifiedProcedure } from '../trpc.ts';

// Reading, read receipts and deleting are open to every verified member; sending needs access (paid or
// early access), checked in send() itself, for both transports alike (and each refusal counted once). The
// socket server (apps/server/src/plugins/socket.ts) offers the same operations over the live connection:
// each action is one service function (send, sync, readConversation) both call.
export const messagesRouter = router({
  /** The member's conversations, newest first, with the cursor to sync from. */
  conversations: verifiedProcedure.query(({ ctx }) => listConversations(ctx.deps, ctx.member.id)),
  /** What /messages?with=<memberId> opens: that member and the conversation with them, if any. */
  open: verifiedProcedure
    .input(z.object({ with: idSchema }))
    .query(({ ctx, input }) => openConversation(ctx.deps, ctx.member.id, input.with)),
  /** A page of a conversation, oldest first; older pages with `before`. */
  thread: verifiedProcedure
    .input(threadPageSchema)
    .query(({ ctx, input }) => threadPage(ctx.deps, ctx.member.id, input)),
  /** A page of the member's messages after a message id (ask again after its last id while `more`). */
  sync: verifiedProcedure
    .input(syncSchema)
    .query(({ ctx, input }) => sync(ctx.deps, ctx.member.id, input.after)),
  send: verifiedProcedure
    .input(sendMessageSchema)
    .mutation(({ ctx, input }) =>
      send(ctx.deps, { id: ctx.member.id, canMessage: canMessage(ctx.member) }, input),
    ),
  markRead: verifiedProcedure
    .input(markReadSchema)
    .mutation(({ ctx, input }) => readConversation(ctx.deps, ctx.member.id, input)),
  delete: verifiedProcedure.input(conversationRefSchema).mutation(async ({ ctx, input }) => {
    await deleteConversation(ctx.deps, ctx.member.id, input.conversationId);
    return { ok: true as const };
  }),
  /** SPEC §4 unread flag and the number of conversations with unread messages. */
  unread: verifiedProcedure.query(({ ctx }) => unreadState(ctx.deps, ctx.member.id)),
  /** Clicking the messages icon clears the flag (kept on the server, so on every device). */
  clearUnread: verifiedProcedure.mutation(({ ctx }) => clearUnread(ctx.deps, ctx.member.id)),
});
