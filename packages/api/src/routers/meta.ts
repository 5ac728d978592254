import { publicProcedure, router } from '../trpc.ts';

export const metaRouter = router({
  /** The public "fetched number" of SPEC §7: members so far, for the early-access banner and pricing. */
  memberCount: publicProcedure.query(async ({ ctx }) => ({ count: await ctx.deps.memberCount() })),
});
