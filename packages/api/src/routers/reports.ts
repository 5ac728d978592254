import { reportSchema } from '@amiko/core';
import { reportMember } from '../services/reports.ts';
import { router, verifiedProcedure } from '../trpc.ts';

export const reportsRouter = router({
  /** Reports a member to the moderators: a reason from the list and an optional note. Rate limited. */
  create: verifiedProcedure
    .input(reportSchema)
    .mutation(({ ctx, input }) => reportMember(ctx.deps, ctx.member.id, input)),
});
