import { authRouter } from './routers/auth.ts';
import { blocksRouter } from './routers/blocks.ts';
import { metaRouter } from './routers/meta.ts';
import { router } from './trpc.ts';

export const appRouter = router({
  meta: metaRouter,
  auth: authRouter,
  blocks: blocksRouter,
});

export type AppRouter = typeof appRouter;
