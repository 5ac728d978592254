import { profileSectionInputSchema } from '@amiko/core';
import { ownProfile, saveProfileSection } from '../services/profile.ts';
import { verifiedProcedure, router } from '../trpc.ts';

export const profileRouter = router({
  /** The signed-in member's whole profile, with its completion percentage. */
  mine: verifiedProcedure.query(({ ctx }) => ownProfile(ctx.deps, ctx.member.id)),
  /** Saves one section as a merge (SPEC §3). */
  saveSection: verifiedProcedure
    .input(profileSectionInputSchema)
    .mutation(({ ctx, input }) => saveProfileSection(ctx.deps, ctx.member.id, input)),
});
