import { createHash, randomBytes } from 'node:crypto';
import { PRICE_CENTS, PRICE_CURRENCY } from '@amiko/core';
import Stripe from 'stripe';
import type { AppConfig } from '../config.ts';
import { appError } from '../errors.ts';

/**
 * How this process takes payments:
 * - `stripe`: all three Stripe keys are set; cards go through Stripe Elements and Stripe's API.
 * - `test`: no Stripe keys, and `testPayments` (development on a loopback PUBLIC_URL: a developer's
 *   machine, demos, tests). Plain card fields take Stripe's test card numbers and the result arrives as an
 *   event signed with a per-process secret.
 * - `unavailable`: no Stripe keys anywhere else. Test mode is never enabled there; card payments are off.
 */
export type PaymentMode = 'stripe' | 'test' | 'unavailable';

/** The part of a PaymentIntent Amiko needs. `status` is Stripe's (requires_payment_method, succeeded…). */
export interface GatewayIntent {
  id: string;
  status: string;
  /** What Stripe.js confirms the payment with; null in test mode. */
  clientSecret: string | null;
}

export interface PaymentGateway {
  mode: PaymentMode;
  publishableKey: string | null;
  /** A PaymentIntent for the price; the same idempotency key always yields the same intent. */
  createIntent(input: { memberId: string; idempotencyKey: string }): Promise<GatewayIntent>;
  retrieveIntent(id: string): Promise<GatewayIntent>;
  /** Stripe's constructEvent: checks the signature (and its age) and parses the event; throws otherwise. */
  verifyEvent(payload: string | Buffer, signature: string | undefined): Stripe.Event;
  /** Test mode only: signs an event payload the way Stripe signs its deliveries. */
  signTestEvent: ((payload: string) => string) | null;
}

/** A Stripe setting an operator must fix; the server turns it into a ConfigError line. */
export class PaymentConfigError extends Error {
  override name = 'PaymentConfigError';
}

export function createPaymentGateway(config: Pick<AppConfig, 'testPayments' | 'stripe'>): PaymentGateway {
  const { secretKey, publishableKey, webhookSecret, apiBaseUrl } = config.stripe;
  const keys = {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PUBLISHABLE_KEY: publishableKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
  };
  const missing = Object.entries(keys)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length === 3) return config.testPayments ? testGateway() : unavailableGateway();
  if (missing.length > 0) {
    throw new PaymentConfigError(
      `${missing.join(' and ')} must be set as well: Stripe payments need STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET`,
    );
  }
  checkKeys(secretKey!, publishableKey!, webhookSecret!);
  return stripeGateway({
    secretKey: secretKey!,
    publishableKey: publishableKey!,
    webhookSecret: webhookSecret!,
    apiBaseUrl,
  });
}

function checkKeys(secretKey: string, publishableKey: string, webhookSecret: string) {
  if (!/^(sk|rk)_(test|live)_/.test(secretKey)) {
    throw new PaymentConfigError('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)');
  }
  if (!/^pk_(test|live)_/.test(publishableKey)) {
    throw new PaymentConfigError(
      'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)',
    );
  }
  if (!webhookSecret.startsWith('whsec_')) {
    throw new PaymentConfigError('STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)');
  }
  if (secretKey.includes('_live_') !== publishableKey.includes('_live_')) {
    throw new PaymentConfigError(
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both be live keys',
    );
  }
}

/** Where the Stripe client sends requests: Stripe itself, or (tests) the local fake at STRIPE_API_BASE. */
function apiTarget(apiBaseUrl: string | null): Partial<Stripe.StripeConfig> {
  if (!apiBaseUrl) return {};
  let url: URL;
  try {
    url = new URL(apiBaseUrl);
  } catch {
    throw new PaymentConfigError(
      `STRIPE_API_BASE must be an http(s) URL (got ${JSON.stringify(apiBaseUrl)})`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PaymentConfigError(
      `STRIPE_API_BASE must be an http(s) URL (got ${JSON.stringify(apiBaseUrl)})`,
    );
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function intentOf(intent: Stripe.PaymentIntent): GatewayIntent {
  return { id: intent.id, status: intent.status, clientSecret: intent.client_secret };
}

function stripeGateway(keys: {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiBaseUrl: string | null;
}): PaymentGateway {
  const stripe = new Stripe(keys.secretKey, {
    // Creating an intent is retried safely: every create carries an idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...apiTarget(keys.apiBaseUrl),
  });
  return {
    mode: 'stripe',
    publishableKey: keys.publishableKey,
    async createIntent({ memberId, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: PRICE_CENTS,
          currency: PRICE_CURRENCY,
          allowed_payment_method_types: ['card'],
          description: 'Amiko: unlimited messaging (one-time payment)',
          metadata: { memberId },
        },
        { idempotencyKey },
      );
      return intentOf(intent);
    },
    async retrieveIntent(id) {
      return intentOf(await stripe.paymentIntents.retrieve(id));
    },
    verifyEvent(payload, signature) {
      return stripe.webhooks.constructEvent(payload, signature ?? '', keys.webhookSecret);
    },
    signTestEvent: null,
  };
}

/**
 * Test mode: intents exist only as Amiko's own payment rows, and events are signed with a random secret
 * that never leaves this process, so nobody outside it can forge one.
 */
function testGateway(): PaymentGateway {
  const secret = `whsec_${randomBytes(32).toString('hex')}`;
  const open = (id: string): GatewayIntent => ({ id, status: 'requires_payment_method', clientSecret: null });
  return {
    mode: 'test',
    publishableKey: null,
    async createIntent({ idempotencyKey }) {
      // Like Stripe, the same idempotency key gives the same intent.
      return open(`pi_test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`);
    },
    async retrieveIntent(id) {
      // A test intent completes in the same request that takes the card, so an open one is still open.
      return open(id);
    },
    verifyEvent(payload, signature) {
      return Stripe.webhooks.constructEvent(payload, signature ?? '', secret);
    },
    signTestEvent: (payload) => Stripe.webhooks.generateTestHeaderString({ payload, secret }),
  };
}

function unavailableGateway(): PaymentGateway {
  const unavailable = () => appError('FORBIDDEN', 'payment:errors.unavailable');
  return {
    mode: 'unavailable',
    publishableKey: null,
    createIntent: () => Promise.reject(unavailable()),
    retrieveIntent: () => Promise.reject(unavailable()),
    verifyEvent() {
      throw new Error('Stripe is not configured: no webhook secret to verify events with');
    },
    signTestEvent: null,
  };
}
