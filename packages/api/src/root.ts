import { accountRouter } from './routers/account.ts';
import { authRouter } from './routers/auth.ts';
import { blocksRouter } from './routers/blocks.ts';
import { messagesRouter } from './routers/messages.ts';
import { communityRouter } from './routers/community.ts';
import { favoritesRouter } from './routers/favorites.ts';
import { meetupsRouter } from './routers/meetups.ts';
import { metaRouter } from './routers/meta.ts';
import { paymentsRouter } from './routers/payments.ts';
import { placesRouter } from './routers/places.ts';
import { podsRouter } from './routers/pods.ts';
import { profileRouter } from './routers/profile.ts';
import { pushRouter } from './routers/push.ts';
import { siteRouter } from './routers/site.ts';
import { reportsRouter } from './routers/reports.ts';
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
  community: communityRouter,
  favorites: favoritesRouter,
  reports: reportsRouter,
  places: placesRouter,
  pods: podsRouter,
  meetups: meetupsRouter,
  push: pushRouter,
});

export type AppRouter = typeof appRouter;
