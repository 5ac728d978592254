import { directoryQuerySchema } from '@amiko/core';
import { directoryPage } from '../services/community.ts';
import { publicProcedure, router } from '../trpc.ts';

export const communityRouter = router({
  /**
   * A page of the directory. Public: visitors get cards with less detail (first name, city, photo) and
   * the newest members first; verified members get every filter and the shared-interests order; a signed-in
   * account with an unverified address is refused (EMAIL_NOT_VERIFIED) and sees no member.
   */
  directory: publicProcedure.input(directoryQuerySchema).query(({ ctx, input }) => directoryPage(ctx, input)),
});
