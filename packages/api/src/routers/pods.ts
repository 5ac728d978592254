import {
  canMessage,
  podFiltersSchema,
  podFromSuggestionSchema,
  podInputSchema,
  podQuietAnswerSchema,
  podReadSchema,
  podRemovalSchema,
  podReportSchema,
  podRequestAnswerSchema,
  podRoleSchema,
  podSendSchema,
  podSuggestionSchema,
  podSyncSchema,
  podTargetSchema,
  podThreadSchema,
} from '@amiko/core';
import { findPods } from '../services/pods-finding.ts';
import { answerRequest, getPod, joinPod, leavePod, myPods, startPod } from '../services/pods.ts';
import { publishPodChanged } from '../services/pods-live.ts';
import { removeFromPod, setPodRole } from '../services/pods-moderation.ts';
import { answerQuiet, closeIfLetGo } from '../services/pods-quiet.ts';
import { podUnreadState, publishPodUnread, readPod, sendToPod } from '../services/pods-chat.ts';
import { podThread, syncPod } from '../services/pods-chat-pages.ts';
import { dismissPodSuggestion, podSuggestion, startSuggestedPod } from '../services/pods-suggestions.ts';
import { reportFromPod } from '../services/reports.ts';
import { router, verifiedProcedure } from '../trpc.ts';

// Pods (issue 34): joining and reading need a verified member with a finished profile (the services check
// the profile); nothing here is behind the payment, and leaving never is.
export const podsRouter = router({
  /** The Pods page: pods with room near the member, online or anywhere, best first. */
  find: verifiedProcedure
    .input(podFiltersSchema)
    .query(({ ctx, input }) => findPods(ctx.deps, ctx.member.id, input, ctx.language)),
  /** The pods the member is in or has asked to join. */
  mine: verifiedProcedure.query(({ ctx }) => myPods(ctx.deps, ctx.member.id, ctx.language)),
  /** One pod's page. */
  get: verifiedProcedure
    .input(podTargetSchema)
    .query(({ ctx, input }) => getPod(ctx.deps, ctx.member.id, input.podId, ctx.language)),

  // The pod's chat (services/pods-chat.ts), for its members only (NOT_FOUND to anyone else, as pods.get).
  // The socket offers the same as pod:send, pod:sync and pod:read (apps/server/src/plugins/socket.ts).
  /** A page of the pod's chat, oldest first; older pages with `before`; with the senders and read marks. */
  messages: verifiedProcedure
    .input(podThreadSchema)
    .query(({ ctx, input }) => podThread(ctx.deps, ctx.member.id, input)),
  /** Writing follows the messaging rule (paid or early access): PAYMENT_REQUIRED otherwise, as messages.send. */
  send: verifiedProcedure
    .input(podSendSchema)
    .mutation(({ ctx, input }) =>
      sendToPod(ctx.deps, { id: ctx.member.id, canMessage: canMessage(ctx.member) }, input),
    ),
  /** A page of the pod's messages after an id (ask again after its last id while `more`). */
  sync: verifiedProcedure
    .input(podSyncSchema)
    .query(({ ctx, input }) => syncPod(ctx.deps, ctx.member.id, input)),
  /** Moves the member's read mark forward: { upTo }, null when nothing changed. */
  read: verifiedProcedure
    .input(podReadSchema)
    .mutation(({ ctx, input }) => readPod(ctx.deps, ctx.member.id, input)),
  /** How many of the member's pods have unread messages, and how many each (also pushed as pod:unread). */
  unread: verifiedProcedure.query(({ ctx }) => podUnreadState(ctx.deps, ctx.member.id)),

  start: verifiedProcedure
    .input(podInputSchema)
    .mutation(({ ctx, input }) => startPod(ctx.deps, ctx.member.id, input, ctx.language)),
  /** "N people near you love X — start a pod?", or null (services/pods-suggestions.ts). */
  suggestion: verifiedProcedure.query(({ ctx }) => podSuggestion(ctx.deps, ctx.member.id, ctx.language)),
  /** "Not now": the suggestion for this interest is not shown again. */
  dismissSuggestion: verifiedProcedure.input(podSuggestionSchema).mutation(async ({ ctx, input }) => {
    await dismissPodSuggestion(ctx.deps, ctx.member.id, input.interest);
    return { ok: true as const };
  }),
  /** Starts the suggested pod and invites the neighbours who share its interest: { pod, invited }. */
  startSuggested: verifiedProcedure
    .input(podFromSuggestionSchema)
    .mutation(({ ctx, input }) => startSuggestedPod(ctx.deps, ctx.member.id, input, ctx.language)),
  /**
   * Joins an open pod or one the member is invited to, or asks to join one whose members approve:
   * { outcome: 'joined' | 'requested' }. Declining an invitation is pods.leave.
   */
  join: verifiedProcedure.input(podTargetSchema).mutation(async ({ ctx, input }) => {
    const outcome = await joinPod(ctx.deps, ctx.member.id, input.podId);
    // Their devices count the pod (and no longer its invitation, if they said yes to one).
    await publishPodUnread(ctx.deps, ctx.member.id);
    await publishPodChanged(ctx.deps, input.podId, [ctx.member.id]);
    return { outcome };
  }),
  /** Leaves a pod, withdraws a request to join it, or declines an invitation to it. */
  leave: verifiedProcedure.input(podTargetSchema).mutation(async ({ ctx, input }) => {
    await leavePod(ctx.deps, ctx.member.id, input.podId);
    // In a quiet pod, those who stay may all have let it go already: it closes now.
    await closeIfLetGo(ctx.deps, input.podId);
    // Their devices stop counting the pod's unread messages (or its invitation).
    await publishPodUnread(ctx.deps, ctx.member.id);
    await publishPodChanged(ctx.deps, input.podId, [ctx.member.id]);
    return { ok: true as const };
  }),
  /**
   * A member of a pod gone quiet keeps it or lets it close (once per quiet spell; services/pods-quiet.ts):
   * { closed: true } when every member who counts has now let it go. CONFLICT once a message woke it up.
   */
  quietAnswer: verifiedProcedure
    .input(podQuietAnswerSchema)
    .mutation(({ ctx, input }) => answerQuiet(ctx.deps, ctx.member.id, input)),
  /** The starter or a host approves or declines a request to join. */
  answer: verifiedProcedure.input(podRequestAnswerSchema).mutation(async ({ ctx, input }) => {
    await answerRequest(ctx.deps, ctx.member.id, input);
    await publishPodChanged(ctx.deps, input.podId, [input.memberId]);
    return { ok: true as const };
  }),

  /**
   * The starter or a host removes a member, with a reason kept for moderation: the starter anyone else, a
   * host only members. The member hears nothing more of the pod and comes back only if a host approves.
   */
  remove: verifiedProcedure.input(podRemovalSchema).mutation(async ({ ctx, input }) => {
    await removeFromPod(ctx.deps, { memberId: ctx.member.id }, input);
    // Their devices stop counting the pod's unread messages.
    await publishPodUnread(ctx.deps, input.memberId);
    await publishPodChanged(ctx.deps, input.podId, [input.memberId]);
    return { ok: true as const };
  }),
  /** The starter names a member host, or makes a host a member again. */
  setRole: verifiedProcedure.input(podRoleSchema).mutation(async ({ ctx, input }) => {
    await setPodRole(ctx.deps, ctx.member.id, input);
    await publishPodChanged(ctx.deps, input.podId);
    return { ok: true as const };
  }),
  /**
   * Reports a member of the pod, or one of their messages (messageId), to the moderators, with the pod's
   * last 50 messages as evidence. Never behind the payment; rate limited as reports.create.
   */
  report: verifiedProcedure
    .input(podReportSchema)
    .mutation(({ ctx, input }) => reportFromPod(ctx.deps, ctx.member.id, input)),
});
