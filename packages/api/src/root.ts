import { authRouter } from './routers/auth.ts';
import { blocksRouter } from './routers/blocks.ts';
import { metaRouter } from './routers/meta.ts';
import { profileRouter } from './routers/profile.ts';
import { siteRouter } from './routers/site.ts';
import { router } from './trpc.ts';

export const appRouter = router({
  meta: metaRouter,
  auth: authRouter,
  blocks: blocksRouter,
  profile: profileRouter,
  site: siteRouter,
});

export type AppRouter = typeof appRouter;
