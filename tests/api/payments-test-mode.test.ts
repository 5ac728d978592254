import { ConfigError, createServer } from '@amiko/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnAmiko } from '../support/amiko-process.ts';
import { createTestDatabase } from '../support/database.ts';
import { failure } from '../support/errors.ts';
import { createMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { deliverEvent, stripeEvent } from '../support/stripe-fake.ts';

// Without Stripe keys (development and demos) payments run in test mode: Stripe's test card numbers, and
// the result goes through the same fulfilment as Stripe's webhook, as an event signed inside the process.
// In production test mode is never enabled.

const NO_STRIPE = {
  STRIPE_SECRET_KEY: '',
  STRIPE_PUBLISHABLE_KEY: '',
  STRIPE_WEBHOOK_SECRET: '',
  STRIPE_API_BASE: '',
};
const card: { expiry: string; cvc: string; country: 'de' } = { expiry: '12 / 40', cvc: '123', country: 'de' };

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ env: NO_STRIPE });
});
afterAll(() => ts?.stop());

async function processedEventTypes() {
  const { db, t } = ts.server.database;
  return (await db.select({ type: t.webhookEvents.type }).from(t.webhookEvents)).map((r) => r.type);
}

describe('test mode (no Stripe keys)', () => {
  it('says so to /payment-info, without a publishable key', async () => {
    const member = await createMember(ts, { access: 'none' });
    expect(await member.client.trpc.payments.config.query()).toEqual({ mode: 'test', publishableKey: null });
  });

  it("declines 4000 0000 0000 0002 with Stripe's text, and grants after paying with 4242 4242 4242 4242", async () => {
    const member = await createMember(ts, { access: 'none' });
    const first = await member.client.trpc.payments.start.mutate();
    expect(first).toMatchObject({ clientSecret: null, completed: false });
    expect(first.paymentIntentId).toMatch(/^pi_test_/);

    const declined = await failure(
      member.client.trpc.payments.confirmTestPayment.mutate({
        ...card,
        paymentIntentId: first.paymentIntentId,
        cardNumber: '4000 0000 0000 0002',
      }),
    );
    expect(declined.message).toBe('payment:errors.cardDeclined');
    expect(declined.data?.fieldErrors).toEqual({ cardNumber: 'payment:errors.cardDeclined' });
    expect(await member.client.trpc.payments.status.query()).toEqual({
      hasPaid: false,
      canMessage: false,
      payment: 'none',
    });
    const { db, t } = ts.server.database;
    const rows = () => db.select().from(t.payments).where(eq(t.payments.memberId, member.id));
    expect(await rows()).toMatchObject([{ stripePaymentIntentId: first.paymentIntentId, status: 'failed' }]);

    const second = await member.client.trpc.payments.start.mutate();
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    expect(
      await member.client.trpc.payments.confirmTestPayment.mutate({
        ...card,
        paymentIntentId: second.paymentIntentId,
        cardNumber: '4242 4242 4242 4242',
      }),
    ).toEqual({ status: 'succeeded' });
    expect((await member.client.trpc.auth.me.query())?.hasPaid).toBe(true);
    expect(await member.client.trpc.payments.status.query()).toEqual({
      hasPaid: true,
      canMessage: true,
      payment: 'granted',
    });
    expect((await rows()).map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
    // Both outcomes went through the webhook's fulfilment, as signed events recorded once each.
    expect(await processedEventTypes()).toEqual(
      expect.arrayContaining(['payment_intent.payment_failed', 'payment_intent.succeeded']),
    );
    // Paid once, the intent cannot be paid again, and no new payment can start.
    const again = await failure(
      member.client.trpc.payments.confirmTestPayment.mutate({
        ...card,
        paymentIntentId: second.paymentIntentId,
        cardNumber: '4242 4242 4242 4242',
      }),
    );
    expect(again.data?.httpStatus).toBe(404);
    expect((await failure(member.client.trpc.payments.start.mutate())).data?.appCode).toBe('CONFLICT');
  });

  it('takes only test cards and checks the other fields, next to each field', async () => {
    const member = await createMember(ts, { access: 'none' });
    const { paymentIntentId } = await member.client.trpc.payments.start.mutate();
    const confirm = (fields: Partial<typeof card> & { cardNumber: string }) =>
      failure(member.client.trpc.payments.confirmTestPayment.mutate({ ...card, paymentIntentId, ...fields }));

    expect((await confirm({ cardNumber: '4111 1111 1111 1111' })).data?.fieldErrors).toEqual({
      cardNumber: 'payment:errors.testCardOnly',
    });
    expect((await confirm({ cardNumber: '4000 0000 0000 9995' })).message).toBe(
      'payment:errors.insufficientFunds',
    );
    expect((await confirm({ cardNumber: '4242', expiry: '01 / 20', cvc: '1' })).data?.fieldErrors).toEqual({
      cardNumber: 'payment:errors.cardNumberIncomplete',
      expiry: 'payment:errors.expiryPast',
      cvc: 'payment:errors.cvcIncomplete',
    });
    // A complete number with a wrong Luhn checksum, as Stripe Elements refuses it (issue 30.20).
    expect((await confirm({ cardNumber: '4242 4242 4242 4241' })).data?.fieldErrors).toEqual({
      cardNumber: 'payment:errors.cardNumberInvalid',
    });
    expect((await member.client.trpc.auth.me.query())?.hasPaid).toBe(false);
  });

  it("refuses to complete another member's payment", async () => {
    const owner = await createMember(ts, { access: 'none' });
    const other = await createMember(ts, { access: 'none' });
    const { paymentIntentId } = await owner.client.trpc.payments.start.mutate();
    const error = await failure(
      other.client.trpc.payments.confirmTestPayment.mutate({
        ...card,
        paymentIntentId,
        cardNumber: '4242 4242 4242 4242',
      }),
    );
    expect(error.data?.httpStatus).toBe(404);
    for (const member of [owner, other]) {
      expect((await member.client.trpc.auth.me.query())?.hasPaid).toBe(false);
    }
  });

  it('accepts no event from outside: its signing secret never leaves the process', async () => {
    const member = await createMember(ts, { access: 'none' });
    const { paymentIntentId } = await member.client.trpc.payments.start.mutate();
    const event = stripeEvent('payment_intent.succeeded', {
      id: paymentIntentId,
      object: 'payment_intent',
      amount: 3000,
      amount_received: 3000,
      currency: 'eur',
      status: 'succeeded',
      metadata: { memberId: member.id },
    });
    for (const secret of ['whsec_test', 'whsec_', '']) {
      expect((await deliverEvent(ts.url, secret, event)).status).toBe(400);
    }
    expect((await deliverEvent(ts.url, 'whsec_test', event, { signature: null })).status).toBe(400);
    expect((await member.client.trpc.auth.me.query())?.hasPaid).toBe(false);
  });
});

describe('limits', () => {
  it('lets a member start or try a payment 30 times an hour', async () => {
    const limited = await startTestServer({ env: NO_STRIPE, realRateLimits: true });
    try {
      const member = await createMember(limited, { access: 'none' });
      for (let i = 0; i < 30; i += 1) await member.client.trpc.payments.start.mutate();
      const error = await failure(member.client.trpc.payments.start.mutate());
      expect(error.data?.appCode).toBe('RATE_LIMITED');
      // Another member is not affected.
      const other = await createMember(limited, { access: 'none' });
      await other.client.trpc.payments.start.mutate();
    } finally {
      await limited.stop();
    }
  });
});

describe('production', () => {
  it('never enables test mode: without keys, card payments are off', async () => {
    const production = await startTestServer({ env: { ...NO_STRIPE, NODE_ENV: 'production' } });
    try {
      const member = await createMember(production, { access: 'none' });
      expect(await member.client.trpc.payments.config.query()).toEqual({
        mode: 'unavailable',
        publishableKey: null,
      });
      const refused = await failure(member.client.trpc.payments.start.mutate());
      expect(refused.message).toBe('payment:errors.unavailable');
      const noTestCards = await failure(
        member.client.trpc.payments.confirmTestPayment.mutate({
          ...card,
          paymentIntentId: 'pi_test_0123456789abcdef01234567',
          cardNumber: '4242 4242 4242 4242',
        }),
      );
      expect(noTestCards.data?.httpStatus).toBe(404);
      const { db, t } = production.server.database;
      expect(await db.select().from(t.payments).where(eq(t.payments.memberId, member.id))).toEqual([]);
    } finally {
      await production.stop();
    }
  });

  it('stops start-up with one line when Stripe is only half configured, or a key is of the wrong kind', () => {
    const start = (env: Record<string, string>) => () =>
      createServer({ env: { NODE_ENV: 'production', DATABASE_URL: 'file::memory:', ...env }, logger: false });
    expect(start({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(ConfigError);
    expect(start({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      'STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set as well',
    );
    const keys = {
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(start({ ...keys, STRIPE_PUBLISHABLE_KEY: 'sk_live_y' })).toThrow(
      /^STRIPE_PUBLISHABLE_KEY must be/,
    );
    expect(start({ ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_test_y' })).toThrow(
      /both be test keys or both be live/,
    );
    expect(start({ ...keys, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/^STRIPE_WEBHOOK_SECRET must be/);
    expect(start({ ...keys, STRIPE_API_BASE: 'ftp://example' })).toThrow(/^STRIPE_API_BASE must be/);
  });

  it('`pnpm start` with half a Stripe configuration exits with that one line', async () => {
    const database = await createTestDatabase('sqlite');
    try {
      await expect(
        spawnAmiko({ database, env: { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' } }),
      ).rejects.toThrow(
        /exited with 1 before listening:\namiko: STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set as well/,
      );
    } finally {
      await database.drop();
    }
  });
});
