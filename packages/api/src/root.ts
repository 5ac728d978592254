import { authRouter } from './routers/auth.ts';
import { blocksRouter } from './routers/blocks.ts';
import { communityRouter } from './routers/community.ts';
import { favoritesRouter } from './routers/favorites.ts';
import { metaRouter } from './routers/meta.ts';
import { profileRouter } from './routers/profile.ts';
import { reportsRouter } from './routers/reports.ts';
import { router } from './trpc.ts';

export const appRouter = router({
  meta: metaRouter,
  auth: authRouter,
  blocks: blocksRouter,
  profile: profileRouter,
  community: communityRouter,
  favorites: favoritesRouter,
  reports: reportsRouter,
});

export type AppRouter = typeof appRouter;
