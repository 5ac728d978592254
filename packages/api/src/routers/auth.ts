import {
  resetPasswordRequestSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from '@amiko/core';
import {
  me,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signIn,
  signOut,
  signUp,
  verifyEmail,
} from '../services/accounts.ts';
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
  /** The link of a verification mail; public, since it may be opened in another browser. */
  verifyEmail: publicProcedure
    .input(verifyEmailSchema)
    .mutation(({ ctx, input }) => verifyEmail(ctx, input.code)),
  /** A new verification mail for the signed-in, still unverified member. */
  resendVerification: protectedProcedure.mutation(({ ctx }) => resendVerification(ctx)),
  requestPasswordReset: publicProcedure
    .input(resetPasswordRequestSchema)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx, input.email)),
  resetPassword: publicProcedure
    .input(resetPasswordSchema)
    .mutation(({ ctx, input }) => resetPassword(ctx, input)),
});
