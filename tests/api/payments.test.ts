import { randomUUID } from 'node:crypto';
import { PRICE_CENTS, canMessage } from '@amiko/core';
import { ABANDONED_AFTER_MS } from '@amiko/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  deliverEvent,
  signatureFor,
  startStripeFake,
  stripeEvent,
  type StripeFake,
} from '../support/stripe-fake.ts';

// Card payments with Stripe keys configured: Amiko's Stripe client talks to a local fake of Stripe's API,
// and webhook deliveries are signed with the stripe library's own test-header helper.

let fake: StripeFake;
let ts: TestServer;
beforeAll(async () => {
  fake = await startStripeFake();
  ts = await startTestServer({ env: fake.env });
});
afterAll(async () => {
  await ts?.stop();
  await fake?.stop();
});

const deliver = (event: Parameters<typeof deliverEvent>[2], delivery?: Parameters<typeof deliverEvent>[3]) =>
  deliverEvent(ts.url, fake.webhookSecret, event, delivery);

async function memberRow(id: string) {
  const { db, t } = ts.server.database;
  const [row] = await db.select().from(t.members).where(eq(t.members.id, id));
  return row!;
}

async function paymentRows(memberId: string) {
  const { db, t } = ts.server.database;
  return db.select().from(t.payments).where(eq(t.payments.memberId, memberId));
}

async function processedEvents(id: string) {
  const { db, t } = ts.server.database;
  return db.select().from(t.webhookEvents).where(eq(t.webhookEvents.id, id));
}

/** A verified member past onboarding without access (beyond the first 500) and their started payment. */
async function payingMember(): Promise<{ member: TestMember; intentId: string }> {
  const member = await createMember(ts, { access: 'none' });
  const started = await member.client.trpc.payments.start.mutate();
  return { member, intentId: started.paymentIntentId };
}

describe('starting a payment', () => {
  it('gives /payment-info the publishable key from the server configuration', async () => {
    const member = await createMember(ts, { access: 'none' });
    expect(await member.client.trpc.payments.config.query()).toEqual({
      mode: 'stripe',
      publishableKey: fake.publishableKey,
    });
  });

  it('creates one PaymentIntent for 3000 euro cents, with the member id and an idempotency key', async () => {
    const member = await createMember(ts, { access: 'none' });
    // A double click: two requests at once.
    const [a, b] = await Promise.all([
      member.client.trpc.payments.start.mutate(),
      member.client.trpc.payments.start.mutate(),
    ]);
    expect(a.paymentIntentId).toBe(b.paymentIntentId);
    expect(a.clientSecret).toMatch(new RegExp(`^${a.paymentIntentId}_secret_`));
    expect(a.completed).toBe(false);

    const intents = fake.intentsOf(member.id);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ amount: 3000, currency: 'eur', metadata: { memberId: member.id } });
    const creates = fake.requests.filter(
      (r) => r.method === 'POST' && r.params.get('metadata[memberId]') === member.id,
    );
    expect(creates.length).toBeGreaterThanOrEqual(1);
    for (const create of creates) {
      expect(create.idempotencyKey).toBe(`amiko-payment-${member.id}-0`);
      expect(create.authorization).toBe(`Bearer ${fake.secretKey}`);
    }
    // Coming back later reuses the open intent.
    const again = await member.client.trpc.payments.start.mutate();
    expect(again.paymentIntentId).toBe(a.paymentIntentId);
    expect(fake.intentsOf(member.id)).toHaveLength(1);
    expect(await paymentRows(member.id)).toMatchObject([
      { stripePaymentIntentId: a.paymentIntentId, amount: 3000, currency: 'eur', status: 'created' },
    ]);
  });

  it('starts a new intent (with a new idempotency key) when the open one was canceled at Stripe', async () => {
    const { member, intentId } = await payingMember();
    fake.cancel(intentId);
    const next = await member.client.trpc.payments.start.mutate();
    expect(next.paymentIntentId).not.toBe(intentId);
    expect(fake.intentsOf(member.id)).toHaveLength(2);
    const statuses = Object.fromEntries(
      (await paymentRows(member.id)).map((p) => [p.stripePaymentIntentId, p.status]),
    );
    expect(statuses).toEqual({ [intentId]: 'failed', [next.paymentIntentId]: 'created' });
  });

  it('refuses members who can already message, and needs a signed-in, verified member', async () => {
    for (const access of ['paid', 'free'] as const) {
      const member = await createMember(ts, { access });
      const error = await failure(member.client.trpc.payments.start.mutate());
      expect(error.data?.appCode).toBe('CONFLICT');
      expect(error.message).toBe('payment:errors.alreadyHasAccess');
      expect(fake.intentsOf(member.id)).toEqual([]);
    }
    expect((await failure(ts.client().trpc.payments.start.mutate())).data?.httpStatus).toBe(401);
    const unverified = await createMember(ts, { access: 'none', verified: false });
    expect((await failure(unverified.client.trpc.payments.start.mutate())).data?.appCode).toBe(
      'EMAIL_NOT_VERIFIED',
    );
    expect((await failure(unverified.client.trpc.payments.config.query())).data?.appCode).toBe(
      'EMAIL_NOT_VERIFIED',
    );
  });

  it('refuses the test-mode card form when real Stripe keys are configured', async () => {
    const { member, intentId } = await payingMember();
    const error = await failure(
      member.client.trpc.payments.confirmTestPayment.mutate({
        paymentIntentId: intentId,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 40',
        cvc: '123',
        country: 'de',
      }),
    );
    expect(error.data?.httpStatus).toBe(404);
    expect((await memberRow(member.id)).hasPaid).toBe(false);
  });
});

describe('the Stripe webhook', () => {
  it('grants messaging for a signed payment_intent.succeeded of 30 euros', async () => {
    const { member, intentId } = await payingMember();
    const event = fake.succeed(intentId);
    // Pretty-printed JSON: the signature only matches if the route verifies the raw bytes.
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'granted' } });

    expect((await memberRow(member.id)).hasPaid).toBe(true);
    expect(await paymentRows(member.id)).toMatchObject([
      { stripePaymentIntentId: intentId, status: 'succeeded' },
    ]);
    expect(await processedEvents(event.id)).toMatchObject([{ type: 'payment_intent.succeeded' }]);
    const me = await member.client.trpc.auth.me.query();
    expect(me?.hasPaid).toBe(true);
    expect(canMessage(me!)).toBe(true);
    expect(await member.client.trpc.payments.status.query()).toEqual({
      hasPaid: true,
      canMessage: true,
      payment: 'granted',
    });
  });

  it('answers 400 to a missing, forged or stale signature and changes nothing', async () => {
    const { member, intentId } = await payingMember();
    const event = fake.succeed(intentId);
    const payload = JSON.stringify(event);
    const forgedPayload = JSON.stringify({ ...event, data: { object: { ...event.data.object, amount: 1 } } });
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const attempts = {
      missing: { payload, signature: null },
      empty: { payload, signature: '' },
      garbage: { payload, signature: 'not-a-signature' },
      wrongSecret: { payload, signature: signatureFor(payload, 'whsec_someone_else') },
      bodyChanged: { payload: forgedPayload, signature: signatureFor(payload, fake.webhookSecret) },
      stale: { payload, signature: signatureFor(payload, fake.webhookSecret, { timestamp: tenMinutesAgo }) },
    };
    for (const [name, delivery] of Object.entries(attempts)) {
      const response = await deliver(event, delivery);
      expect(response, name).toEqual({ status: 400, body: { error: 'Invalid signature' } });
    }
    expect((await memberRow(member.id)).hasPaid).toBe(false);
    expect(await processedEvents(event.id)).toEqual([]);
    expect(await paymentRows(member.id)).toMatchObject([{ status: 'created' }]);

    // The very same event, properly signed, is accepted: only the signatures were at fault.
    expect((await deliver(event, { payload })).body.outcome).toBe('granted');
  });

  it('applies an event delivered twice only once, and answers 200 both times', async () => {
    const { member, intentId } = await payingMember();
    const event = fake.succeed(intentId);
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'granted' } });
    // Were the event applied again, it would grant again: take the access away and deliver it once more.
    const { db, t } = ts.server.database;
    await db.update(t.members).set({ hasPaid: false }).where(eq(t.members.id, member.id));
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect((await memberRow(member.id)).hasPaid).toBe(false);
    expect(await processedEvents(event.id)).toHaveLength(1);
  });

  it('applies an event delivered twice at the same moment only once, and answers 200 to both', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { member, intentId } = await payingMember();
      const event = fake.succeed(intentId);
      const payload = JSON.stringify(event);
      const responses = await Promise.all([deliver(event, { payload }), deliver(event, { payload })]);
      expect(responses.map((r) => r.status)).toEqual([200, 200]);
      expect(responses.map((r) => r.body.outcome).sort()).toEqual(['duplicate', 'granted']);
      expect((await memberRow(member.id)).hasPaid).toBe(true);
      expect(await processedEvents(event.id)).toHaveLength(1);
      expect(await paymentRows(member.id)).toHaveLength(1);
    }
  });

  it('grants nothing for a wrong amount or a wrong currency, or for an unknown member', async () => {
    const wrong = [{ amount: PRICE_CENTS - 1 }, { amount: 300 }, { currency: 'usd' }, { currency: 'chf' }];
    for (const changes of wrong) {
      const { member, intentId } = await payingMember();
      const event = fake.succeed(intentId, changes);
      expect(await deliver(event), JSON.stringify(changes)).toEqual({
        status: 200,
        body: { received: true, outcome: 'rejected' },
      });
      expect((await memberRow(member.id)).hasPaid).toBe(false);
      expect(await paymentRows(member.id)).toMatchObject([{ status: 'created' }]);
    }
    const stranger = stripeEvent('payment_intent.succeeded', {
      id: 'pi_not_ours',
      object: 'payment_intent',
      amount: PRICE_CENTS,
      amount_received: PRICE_CENTS,
      currency: 'eur',
      status: 'succeeded',
      metadata: { memberId: 'no-such-member' },
    });
    expect((await deliver(stranger)).body.outcome).toBe('rejected');
  });

  it('records a declined card without granting; the retry on the same intent then grants', async () => {
    const { member, intentId } = await payingMember();
    expect((await deliver(fake.decline(intentId))).body.outcome).toBe('failed');
    expect((await memberRow(member.id)).hasPaid).toBe(false);
    expect(await paymentRows(member.id)).toMatchObject([{ status: 'failed' }]);
    expect(await member.client.trpc.payments.status.query()).toEqual({
      hasPaid: false,
      canMessage: false,
      payment: 'none',
    });
    expect((await deliver(fake.succeed(intentId))).body.outcome).toBe('granted');
    expect((await memberRow(member.id)).hasPaid).toBe(true);
    expect(await paymentRows(member.id)).toMatchObject([{ status: 'succeeded' }]);
  });

  it('records other event types without acting on them', async () => {
    const event = stripeEvent('charge.refunded', { id: 'ch_1', object: 'charge' });
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
  });

  it('takes the raw body on its own route only: the rest of the server still parses JSON', async () => {
    // The raw-body parser lives in the webhook's own plugin scope; the server's root keeps Fastify's JSON
    // and text parsers for every other route.
    expect(ts.server.app.hasContentTypeParser('application/json')).toBe(true);
    expect(ts.server.app.hasContentTypeParser('text/plain')).toBe(true);
    const visitor = ts.client();
    await expect(
      visitor.trpc.auth.signIn.mutate({ email: 'nobody@example.com', password: 'Wrong-password-1' }),
    ).rejects.toThrow(/^auth:errors\./);
  });
});

describe('payment success without a webhook', () => {
  it('leaves messaging locked, even when Stripe took the money', async () => {
    const { member, intentId } = await payingMember();
    fake.succeed(intentId); // Stripe charged the card; its webhook has not arrived (yet).

    // The page itself is the web app (or, unbuilt, a 503): the server does nothing when it is opened.
    const page = await member.client.http.fetch('/payment-success', { headers: { accept: 'text/html' } });
    expect([200, 503]).toContain(page.status);
    for (let i = 0; i < 3; i += 1) {
      expect(await member.client.trpc.payments.status.query()).toEqual({
        hasPaid: false,
        canMessage: false,
        payment: 'inProgress',
      });
    }
    // Back on /payment-info, the member is told the payment is through and only waits for confirmation.
    expect(await member.client.trpc.payments.start.mutate()).toMatchObject({
      paymentIntentId: intentId,
      completed: true,
    });
    expect((await memberRow(member.id)).hasPaid).toBe(false);
    expect((await member.client.trpc.auth.me.query())?.hasPaid).toBe(false);

    // Messaging stays locked: sending is refused with PAYMENT_REQUIRED, and nothing is stored.
    const friend = await createMember(ts, { access: 'free' });
    const send = () =>
      member.client.trpc.messages.send.mutate({ to: friend.id, clientId: randomUUID(), body: 'Hello!' });
    const refusal = await failure(send());
    expect(refusal.data?.appCode).toBe('PAYMENT_REQUIRED');
    expect(refusal.message).toBe('payment:errors.paymentRequired');

    // Once the webhook arrives, the same member sends.
    expect((await deliver(fake.succeed(intentId))).body.outcome).toBe('granted');
    expect(await send()).toMatchObject({ created: true, message: { body: 'Hello!' } });
    const { db, t } = ts.server.database;
    expect(
      await db
        .select()
        .from(t.payments)
        .where(and(eq(t.payments.memberId, member.id), eq(t.payments.status, 'succeeded'))),
    ).toHaveLength(1);
  });
});

describe('what /payment-success may thank for (issue 18.3)', () => {
  it('a member who never started a payment, or has early access, has none in progress', async () => {
    for (const access of ['none', 'free'] as const) {
      const member = await createMember(ts, { access });
      expect(await member.client.trpc.payments.status.query(), access).toMatchObject({
        hasPaid: false,
        payment: 'none',
      });
    }
  });

  it('a started payment is in progress until its outcome arrives: granted, or none once declined', async () => {
    const paid = await payingMember();
    expect(await paid.member.client.trpc.payments.status.query()).toMatchObject({ payment: 'inProgress' });
    await deliver(fake.succeed(paid.intentId));
    expect(await paid.member.client.trpc.payments.status.query()).toMatchObject({ payment: 'granted' });

    const declined = await payingMember();
    await deliver(fake.decline(declined.intentId));
    expect(await declined.member.client.trpc.payments.status.query()).toMatchObject({ payment: 'none' });
  });

  /** Makes the member's started payment look as if Pay was last pressed `ms` ago. */
  async function pressedPayAgo(memberId: string, ms: number) {
    const { db, t } = ts.server.database;
    await db
      .update(t.payments)
      .set({ updatedAt: new Date(Date.now() - ms) })
      .where(eq(t.payments.memberId, memberId));
  }

  it('a payment left without an outcome for an hour is abandoned; pressing Pay again resumes it', async () => {
    const { member, intentId } = await payingMember();
    await pressedPayAgo(member.id, ABANDONED_AFTER_MS - 60_000);
    expect(await member.client.trpc.payments.status.query()).toMatchObject({ payment: 'inProgress' });
    await pressedPayAgo(member.id, ABANDONED_AFTER_MS + 60_000);
    expect(await member.client.trpc.payments.status.query()).toMatchObject({ payment: 'none' });

    // Back on /payment-info the same intent takes the card, and the payment is in progress again.
    expect(await member.client.trpc.payments.start.mutate()).toMatchObject({
      paymentIntentId: intentId,
      completed: false,
    });
    expect(await member.client.trpc.payments.status.query()).toMatchObject({ payment: 'inProgress' });
    expect(await paymentRows(member.id)).toHaveLength(1);
  });

  it('a payment Stripe took whose webhook is over an hour late is in progress again once Pay is pressed', async () => {
    const { member, intentId } = await payingMember();
    fake.succeed(intentId); // charged at Stripe, the webhook not delivered
    await pressedPayAgo(member.id, ABANDONED_AFTER_MS + 60_000);
    expect(await member.client.trpc.payments.status.query()).toMatchObject({ payment: 'none' });
    expect(await member.client.trpc.payments.start.mutate()).toMatchObject({ completed: true });
    expect(await member.client.trpc.payments.status.query()).toMatchObject({ payment: 'inProgress' });
    expect((await deliver(fake.succeed(intentId))).body.outcome).toBe('granted');
    expect(await member.client.trpc.payments.status.query()).toMatchObject({ payment: 'granted' });
  });
});
