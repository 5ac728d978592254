import { authRouter } from './routers/auth.ts';
import { metaRouter } from './routers/meta.ts';
import { router } from './trpc.ts';

export const appRouter = router({
  meta: metaRouter,
  auth: authRouter,
});

export type AppRouter = typeof appRouter;
