import { idSchema } from '@amiko/core';
import { z } from 'zod';
import { blockMember, listBlocked, unblockMember } from '../services/blocks.ts';
import { router, verifiedProcedure } from '../trpc.ts';

const target = z.object({ memberId: idSchema });

export const blocksRouter = router({
  /** Settings → Blocked Users. */
  list: verifiedProcedure.query(({ ctx }) => listBlocked(ctx.deps, ctx.member.id)),
  block: verifiedProcedure.input(target).mutation(async ({ ctx, input }) => {
    await blockMember(ctx.deps, ctx.member.id, input.memberId);
    return { ok: true as const };
  }),
  unblock: verifiedProcedure.input(target).mutation(async ({ ctx, input }) => {
    await unblockMember(ctx.deps, ctx.member.id, input.memberId);
    return { ok: true as const };
  }),
});
