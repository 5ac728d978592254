import { placeSearchSchema } from '@amiko/core';
import { findPlaces } from '../services/places.ts';
import { router, verifiedProcedure } from '../trpc.ts';

export const placesRouter = router({
  /** The places a member may mean by what they typed (a place field's suggestions), best first. */
  search: verifiedProcedure
    .input(placeSearchSchema)
    .query(({ ctx, input }) => findPlaces(ctx.deps, { id: ctx.member.id, language: ctx.language }, input)),
});
