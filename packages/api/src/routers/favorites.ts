import { favoritesQuerySchema, memberTargetSchema } from '@amiko/core';
import { listFavorites, removeFavorite, toggleFavorite } from '../services/favorites.ts';
import { router, verifiedProcedure } from '../trpc.ts';

export const favoritesRouter = router({
  /** /favorites, newest first, optionally searched by name. */
  list: verifiedProcedure
    .input(favoritesQuerySchema)
    .query(({ ctx, input }) => listFavorites(ctx.deps, ctx.member.id, ctx.language, input.search)),
  /** SPEC §4: adds the member, or removes them if they already are a favourite. */
  toggle: verifiedProcedure
    .input(memberTargetSchema)
    .mutation(({ ctx, input }) => toggleFavorite(ctx.deps, ctx.member.id, input.memberId)),
  remove: verifiedProcedure.input(memberTargetSchema).mutation(async ({ ctx, input }) => {
    await removeFavorite(ctx.deps, ctx.member.id, input.memberId);
    return { ok: true as const };
  }),
});
