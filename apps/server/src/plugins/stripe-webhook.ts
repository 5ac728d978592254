import {
  createPaymentGateway,
  fulfilStripeEvent,
  PaymentConfigError,
  type AppConfig,
  type Deps,
  type PaymentGateway,
} from '@amiko/api';
import { COMMON_ERRORS } from '@amiko/core';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../env.ts';
import { refuse } from '../refusals.ts';

/**
 * Stripe (all three keys set), test mode (no keys, in development on a loopback PUBLIC_URL) or no card
 * payments (no keys anywhere else). Half-configured Stripe stops start-up with one line.
 */
export function createPayments(config: Pick<AppConfig, 'testPayments' | 'stripe'>): PaymentGateway {
  try {
    return createPaymentGateway(config);
  } catch (error) {
    if (error instanceof PaymentConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

/**
 * POST /webhooks/stripe: Stripe's signed events. The signature covers the exact bytes Stripe sent, so this
 * route (and only this one: the parser is scoped to this plugin) takes its body as a raw Buffer. The
 * Origin check exempts /webhooks/*; the signature is the proof.
 */
export function registerStripeWebhook(app: FastifyInstance, deps: Deps) {
  if (deps.payments.mode === 'test') {
    app.log.info('payments: test mode (no Stripe keys): Stripe test cards, no real payment');
  } else if (deps.payments.mode === 'unavailable') {
    app.log.warn('payments: card payments are off: set the STRIPE_* keys to take payments');
  }
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/webhooks/stripe', async (request, reply) => {
      const header = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await fulfilStripeEvent(deps, body, typeof header === 'string' ? header : undefined);
      if (result.outcome === 'badSignature') return reply.code(400).send({ error: 'Invalid signature' });
      // Signed, but not an event of the shape fulfilment reads.
      if (result.status === 400) return refuse(reply, 400, 'VALIDATION', COMMON_ERRORS.invalidInput);
      // Only a caller who proved the signature learns what the event did (tests and Stripe's dashboard).
      return reply.code(200).send({ received: true, outcome: result.outcome });
    });
  });
}
