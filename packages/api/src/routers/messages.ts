import {
  conversationRefSchema,
  idSchema,
  markReadSchema,
  sendMessageSchema,
  syncSchema,
  threadPageSchema,
} from '@amiko/core';
import { z } from 'zod';
import {
  clearUnread,
  deleteConversation,
  listConversations,
  markRead,
  messagesAfter,
  openConversation,
  publishMessage,
  publishRead,
  sendMessage,
  threadPage,
  unreadState,
} from '../services/messages.ts';
import { memberProcedure, router, verifiedProcedure } from '../trpc.ts';

// Reading, read receipts and deleting are open to every verified member; sending needs access (paid or
// early access). The socket server (apps/server/src/plugins/socket.ts) offers the same operations over
// the live connection, through the same service functions and the same checks.
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
  /** Every message of the member's conversations after a message id. */
  sync: verifiedProcedure
    .input(syncSchema)
    .query(({ ctx, input }) => messagesAfter(ctx.deps, ctx.member.id, input.after)),
  send: memberProcedure.input(sendMessageSchema).mutation(async ({ ctx, input }) => {
    const { message, created } = await sendMessage(ctx.deps, ctx.member.id, input);
    // A repeat is published again too: the first attempt may have been stored by a process that died
    // before it could tell anyone. Clients ignore ids they already have.
    publishMessage(ctx.deps, message);
    return { message, created };
  }),
  markRead: verifiedProcedure.input(markReadSchema).mutation(async ({ ctx, input }) => {
    const event = await markRead(ctx.deps, ctx.member.id, input);
    if (event) await publishRead(ctx.deps, event);
    return { upTo: event?.upTo ?? null };
  }),
  delete: verifiedProcedure.input(conversationRefSchema).mutation(async ({ ctx, input }) => {
    await deleteConversation(ctx.deps, ctx.member.id, input.conversationId);
    return { ok: true as const };
  }),
  /** SPEC §4 unread flag and the number of conversations with unread messages. */
  unread: verifiedProcedure.query(({ ctx }) => unreadState(ctx.deps, ctx.member.id)),
  /** Clicking the messages icon clears the flag (kept on the server, so on every device). */
  clearUnread: verifiedProcedure.mutation(({ ctx }) => clearUnread(ctx.deps, ctx.member.id)),
});
