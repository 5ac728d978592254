import { signInSchema, signUpSchema } from '@amiko/core';
import { me, signIn, signOut, signUp } from '../services/accounts.ts';
import { protectedProcedure, publicProcedure, router } from '../trpc.ts';

export const authRouter = router({
  /** The signed-in member, or null for a visitor. */
  me: publicProcedure.query(({ ctx }) => me(ctx)),
  signUp: publicProcedure.input(signUpSchema).mutation(({ ctx, input }) => signUp(ctx, input)),
  signIn: publicProcedure.input(signInSchema).mutation(({ ctx, input }) => signIn(ctx, input)),
  signOut: protectedProcedure.mutation(async ({ ctx }) => {
    await signOut(ctx);
    return { ok: true as const };
  }),
});
