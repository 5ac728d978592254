import { podFiltersSchema, podInputSchema, podRequestAnswerSchema, podTargetSchema } from '@amiko/core';
import { answerRequest, findPods, getPod, joinPod, leavePod, myPods, startPod } from '../services/pods.ts';
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
  start: verifiedProcedure
    .input(podInputSchema)
    .mutation(({ ctx, input }) => startPod(ctx.deps, ctx.member.id, input, ctx.language)),
  /** Joins an open pod, or asks to join one whose members approve: { outcome: 'joined' | 'requested' }. */
  join: verifiedProcedure.input(podTargetSchema).mutation(async ({ ctx, input }) => ({
    outcome: await joinPod(ctx.deps, ctx.member.id, input.podId),
  })),
  /** Leaves a pod, or withdraws a request to join it. */
  leave: verifiedProcedure.input(podTargetSchema).mutation(async ({ ctx, input }) => {
    await leavePod(ctx.deps, ctx.member.id, input.podId);
    return { ok: true as const };
  }),
  /** The starter or a host approves or declines a request to join. */
  answer: verifiedProcedure.input(podRequestAnswerSchema).mutation(async ({ ctx, input }) => {
    await answerRequest(ctx.deps, ctx.member.id, input);
    return { ok: true as const };
  }),
});
