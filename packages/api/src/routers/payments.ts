import { confirmTestPaymentSchema } from '@amiko/core';
import { confirmTestPayment, paymentConfig, paymentStatus, startPayment } from '../services/payments.ts';
import { protectedProcedure, router, verifiedProcedure } from '../trpc.ts';

export const paymentsRouter = router({
  /** How /payment-info takes the card: Stripe Elements with this publishable key, or test mode. */
  config: verifiedProcedure.query(({ ctx }) => paymentConfig(ctx.deps)),
  /** The PaymentIntent to pay with (created once, reused while open). */
  start: verifiedProcedure.mutation(({ ctx }) => startPayment(ctx.deps, ctx.member)),
  /** Test mode only: takes one of Stripe's test cards for the intent from `start`. */
  confirmTestPayment: verifiedProcedure
    .input(confirmTestPaymentSchema)
    .mutation(({ ctx, input }) => confirmTestPayment(ctx.deps, ctx.member, input)),
  /** Polled by /payment-success until the webhook's grant arrives. */
  status: protectedProcedure.query(({ ctx }) => paymentStatus(ctx.deps, ctx.member)),
});
