import { accountRouter } from './routers/account.ts';
import { authRouter } from './routers/auth.ts';
import { blocksRouter } from './routers/blocks.ts';
import { messagesRouter } from './routers/messages.ts';
import { metaRouter } from './routers/meta.ts';
import { paymentsRouter } from './routers/payments.ts';
import { profileRouter } from './routers/profile.ts';
import { siteRouter } from './routers/site.ts';
import { router } from './trpc.ts';

export const appRouter = router({
  meta: metaRouter,
  auth: authRouter,
  account: accountRouter,
  blocks: blocksRouter,
  profile: profileRouter,
  payments: paymentsRouter,
  messages: messagesRouter,
  site: siteRouter,
});

export type AppRouter = typeof appRouter;
