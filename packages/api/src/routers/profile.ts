import { memberTargetSchema, photoCropSchema, profileSectionInputSchema } from '@amiko/core';
import { z } from 'zod';
import { recropPhoto } from '../services/photos.ts';
import { markPlaceAsked } from '../services/places.ts';
import { ownProfile, publicProfile, saveProfileSection } from '../services/profile.ts';
import { verifiedProcedure, router } from '../trpc.ts';

export const profileRouter = router({
  /** The signed-in member's whole profile, with its completion percentage. */
  mine: verifiedProcedure.query(({ ctx }) => ownProfile(ctx.deps, ctx.member.id)),
  /** Saves one section as a merge (SPEC §3). */
  saveSection: verifiedProcedure
    .input(profileSectionInputSchema)
    .mutation(({ ctx, input }) => saveProfileSection(ctx.deps, ctx.member.id, input)),
  /** The app asked the member to pick their place, since their typed city matched none: asked once (issue 33.4). */
  placeAsked: verifiedProcedure.mutation(({ ctx }) => markPlaceAsked(ctx.deps, ctx.member.id)),
  /** Another member's public profile (/profile-view/{id}), or one's own as others see it. */
  view: verifiedProcedure
    .input(memberTargetSchema)
    .query(({ ctx, input }) => publicProfile(ctx.deps, ctx.member.id, input.memberId, ctx.language)),
  /** Crops the stored photo again; new photos arrive through POST /uploads (multipart). */
  recropPhoto: verifiedProcedure
    .input(z.object({ crop: photoCropSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.limiter.check('upload:account', ctx.member.id);
      return recropPhoto(ctx.deps, ctx.member.id, input.crop);
    }),
});
