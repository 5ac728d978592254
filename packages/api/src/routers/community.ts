import { directoryQuerySchema } from '@amiko/core';
import { directoryPage } from '../services/community.ts';
import { publicProcedure, router } from '../trpc.ts';

export const communityRouter = router({
  /**
   * A page of the directory. Public: visitors get cards with less detail (first name, city, photo) and
   * the newest members first; verified members get every filter and the shared-interests order.
   */
  directory: publicProcedure.input(directoryQuerySchema).query(({ ctx, input }) => directoryPage(ctx, input)),
});
