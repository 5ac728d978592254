import {
  COMMON_ERRORS,
  PRICE_CENTS,
  PRICE_CURRENCY,
  canMessage,
  cardDigits,
  idSchema,
  type confirmTestPaymentSchema,
} from '@amiko/core';
import { newId, type Db, type Member, type Schema } from '@amiko/db';
import { and, desc, eq, gte } from 'drizzle-orm';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import type { GatewayIntent } from './payment-gateway.ts';

// The one-time payment of 30 euros (SPEC §1). Access is granted in exactly one place, fulfilStripeEvent,
// and only for an event whose signature checks out; the success page and the client never grant anything.

/** What /payment-info needs to build its form. The publishable key is public by Stripe's design. */
export function paymentConfig(deps: Deps) {
  return { mode: deps.payments.mode, publishableKey: deps.payments.publishableKey };
}

/** Intents a card can still be tried on (Stripe's statuses before a result). */
const OPEN_STATUSES = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);
/** Intents that already went through: the webhook is on its way. */
const COMPLETED_STATUSES = new Set(['processing', 'succeeded']);

/** Who is paying: the signed-in member as the session knows them. */
type Payer = Pick<Member, 'id' | 'hasPaid' | 'hasFreeAccess'>;

export interface StartedPayment {
  paymentIntentId: string;
  /** Stripe.js confirms the card with it; null in test mode. */
  clientSecret: string | null;
  /** The member already paid with this intent and only the confirmation is outstanding. */
  completed: boolean;
}

const started = (intent: GatewayIntent): StartedPayment => ({
  paymentIntentId: intent.id,
  clientSecret: intent.clientSecret,
  completed: COMPLETED_STATUSES.has(intent.status),
});

/**
 * The PaymentIntent a member pays with: their open one if there is one (retrying after a declined card
 * reuses it), else a new one for 3000 euro cents with the member id in its metadata. The idempotency key
 * counts the member's intents, so a double click or a retried request never creates a second intent.
 */
export async function startPayment(deps: Deps, member: Payer): Promise<StartedPayment> {
  await deps.limiter.check('checkout:account', member.id);
  if (canMessage(member)) throw appError('CONFLICT', 'payment:errors.alreadyHasAccess');
  if (deps.payments.mode === 'unavailable') throw appError('FORBIDDEN', 'payment:errors.unavailable');
  const { db, t } = deps.database;
  const payments = await db
    .select()
    .from(t.payments)
    .where(eq(t.payments.memberId, member.id))
    .orderBy(desc(t.payments.createdAt));

  const open = payments.find((p) => p.status === 'created');
  if (open) {
    const intent = await deps.payments.retrieveIntent(open.stripePaymentIntentId);
    if (OPEN_STATUSES.has(intent.status) || COMPLETED_STATUSES.has(intent.status)) {
      // Pressing Pay again puts the payment back in progress (see ABANDONED_AFTER_MS).
      await db.update(t.payments).set({ updatedAt: new Date() }).where(eq(t.payments.id, open.id));
      return started(intent);
    }
    // Canceled at Stripe: it can take no card any more.
    await db
      .update(t.payments)
      .set({ status: 'failed' })
      .where(and(eq(t.payments.id, open.id), eq(t.payments.status, 'created')));
  }

  const intent = await deps.payments.createIntent({
    memberId: member.id,
    idempotencyKey: `amiko-payment-${member.id}-${payments.length}`,
  });
  const now = new Date();
  // Two simultaneous requests get the same intent from Stripe (same key); the row is stored once.
  await db
    .insert(t.payments)
    .values({
      id: newId(),
      memberId: member.id,
      stripePaymentIntentId: intent.id,
      amount: PRICE_CENTS,
      currency: PRICE_CURRENCY,
      status: 'created',
      createdAt: now,
    })
    .onConflictDoNothing();
  return started(intent);
}

/**
 * Where the member's payment stands, for /payment-success: `granted` once paid; `inProgress` while a
 * payment they started (pressed Pay) has no outcome recorded yet, the webhook being on its way; `none`
 * otherwise (never started, declined, or abandoned): that page then has no payment to thank for (issue 18.3).
 */
export type PaymentProgress = 'granted' | 'inProgress' | 'none';

/**
 * A payment with no outcome an hour after Pay was last pressed was left (a 3-D Secure window closed, a tab
 * shut): Stripe sends no event for it, so without a bound /payment-success would thank for it and wait
 * forever. A payment Stripe did take whose webhook is later than that is back in progress as soon as the
 * member presses Pay again: startPayment finds it completed and touches the row.
 */
export const ABANDONED_AFTER_MS = 60 * 60_000;

/**
 * What /payment-success waits for: access, which only the webhook grants. (Declines are recorded on the
 * payment row but not shown there: a card declined first and accepted on retry must not look failed.)
 */
export async function paymentStatus(deps: Deps, member: Payer) {
  let payment: PaymentProgress = 'none';
  if (member.hasPaid) payment = 'granted';
  else {
    const { db, t } = deps.database;
    const open = await db
      .select({ id: t.payments.id })
      .from(t.payments)
      .where(
        and(
          eq(t.payments.memberId, member.id),
          eq(t.payments.status, 'created'),
          gte(t.payments.updatedAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
        ),
      )
      .limit(1);
    if (open.length > 0) payment = 'inProgress';
  }
  return { hasPaid: member.hasPaid, canMessage: canMessage(member), payment };
}

// ---------------------------------------------------------------------------------------------------
// Fulfilment: Stripe's signed events

export type WebhookOutcome = 'granted' | 'rejected' | 'failed' | 'ignored' | 'duplicate';

export type WebhookResult =
  { status: 200; outcome: WebhookOutcome } | { status: 400; outcome: 'badSignature' | 'malformed' };

/** Stripe's ids and event types ("evt_…", "pi_…", "payment_intent.succeeded"): printable ASCII. */
const stripeName = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/);

/** What fulfilment reads of an event (Stripe sends more). */
const stripeEventSchema = z.object({
  id: stripeName,
  type: stripeName,
  data: z.object({ object: z.looseObject({}) }),
});

/** What fulfilment reads of a PaymentIntent. */
const paymentIntentSchema = z.object({
  id: stripeName,
  amount: z.number(),
  amount_received: z.number(),
  currency: z.string(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
type PaymentIntentFields = z.output<typeof paymentIntentSchema>;

/**
 * The fields fulfilment reads, or null for an event not of that shape. Only Stripe (or test mode) can sign
 * an event, but its fields still reach queries: a value of another type, or one a database refuses (NUL),
 * must be a refusal, not a failure Stripe would retry for days.
 */
function readStripeEvent(event: unknown) {
  const parsed = stripeEventSchema.safeParse(event);
  if (!parsed.success) return null;
  const { id, type, data } = parsed.data;
  if (!type.startsWith('payment_intent.')) return { id, type, intent: null };
  const intent = paymentIntentSchema.safeParse(data.object);
  return intent.success ? { id, type, intent: intent.data } : null;
}

/**
 * Verifies and applies one delivery of Stripe's webhook (POST /webhooks/stripe, and test mode's locally
 * signed events). A missing, forged or stale signature changes nothing (400). Each event id is applied
 * once: its row in webhook_events is written in the same transaction as its effect, so a repeated or
 * concurrent delivery finds it and answers 200 without doing anything again.
 */
export async function fulfilStripeEvent(
  deps: Deps,
  payload: string | Buffer,
  signature: string | undefined,
): Promise<WebhookResult> {
  let verified: Stripe.Event;
  try {
    verified = deps.payments.verifyEvent(payload, signature);
  } catch (error) {
    deps.log.warn({ reason: (error as Error).message }, 'stripe webhook refused: signature not valid');
    return { status: 400, outcome: 'badSignature' };
  }
  const event = readStripeEvent(verified);
  if (!event) {
    // Whatever JSON was signed: perhaps not even an object.
    const id: unknown = (verified as { id?: unknown } | null)?.id;
    deps.log.warn(
      { eventId: typeof id === 'string' ? id.slice(0, 255) : null },
      'stripe webhook refused: a signed event not of the expected shape',
    );
    return { status: 400, outcome: 'malformed' };
  }
  const { database, log } = deps;
  const { t } = database;
  const outcome = await database.transaction(async (tx): Promise<WebhookOutcome> => {
    const fresh = await tx
      .insert(t.webhookEvents)
      .values({ id: event.id, type: event.type, processedAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: t.webhookEvents.id });
    if (fresh.length === 0) return 'duplicate';
    const { intent } = event;
    if (intent && event.type === 'payment_intent.succeeded') {
      return grantAccess(tx, t, intent, (reason) =>
        log.warn({ eventId: event.id, intent: intent.id, reason }, 'stripe payment not granted'),
      );
    }
    if (intent && event.type === 'payment_intent.payment_failed') {
      await tx
        .update(t.payments)
        .set({ status: 'failed' })
        .where(and(eq(t.payments.stripePaymentIntentId, intent.id), eq(t.payments.status, 'created')));
      return 'failed';
    }
    return 'ignored';
  });
  if (outcome === 'granted') {
    log.info({ eventId: event.id }, 'stripe payment granted messaging');
    deps.metrics.paymentGranted();
  }
  return { status: 200, outcome };
}

/**
 * Sets hasPaid (only ever to true) for the member named in the intent's metadata, when the intent is for
 * exactly the price in euros. Anything else is recorded as seen and grants nothing: Stripe would only
 * deliver the same wrong event again.
 */
async function grantAccess(
  tx: Db,
  t: Schema,
  intent: PaymentIntentFields,
  reject: (reason: string) => void,
): Promise<WebhookOutcome> {
  if (
    intent.amount !== PRICE_CENTS ||
    intent.amount_received !== PRICE_CENTS ||
    intent.currency !== PRICE_CURRENCY
  ) {
    reject(`amount ${intent.amount_received} ${intent.currency} is not the price`);
    return 'rejected';
  }
  // An id of another shape names nobody (and never reaches the query).
  const memberId = idSchema.safeParse(intent.metadata?.memberId).data;
  const [member] = memberId
    ? await tx.select({ id: t.members.id }).from(t.members).where(eq(t.members.id, memberId))
    : [];
  if (!member) {
    reject('no such member');
    return 'rejected';
  }
  const now = new Date();
  await tx.update(t.members).set({ hasPaid: true }).where(eq(t.members.id, member.id));
  await tx
    .insert(t.payments)
    .values({
      id: newId(),
      memberId: member.id,
      stripePaymentIntentId: intent.id,
      amount: intent.amount_received,
      currency: intent.currency,
      status: 'succeeded',
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: t.payments.stripePaymentIntentId,
      set: { status: 'succeeded' },
    });
  return 'granted';
}

// ---------------------------------------------------------------------------------------------------
// Test mode: Stripe's test cards, completed through the same fulfilment as the webhook

/** Stripe's documented test card numbers and what Stripe answers to them. */
const TEST_CARDS: Record<string, { declineKey: string | null; code?: string }> = {
  '4242424242424242': { declineKey: null },
  '5555555555554444': { declineKey: null },
  '4000000000000002': { declineKey: 'payment:errors.cardDeclined', code: 'card_declined' },
  '4000000000009995': { declineKey: 'payment:errors.insufficientFunds', code: 'insufficient_funds' },
};

/**
 * Test mode's stand-in for Stripe confirming a card: a test card that succeeds becomes a signed
 * payment_intent.succeeded event, a declined one a payment_intent.payment_failed event, and either goes
 * through fulfilStripeEvent exactly as a webhook delivery would.
 */
export async function confirmTestPayment(
  deps: Deps,
  member: Payer,
  input: z.output<typeof confirmTestPaymentSchema>,
): Promise<{ status: 'succeeded' }> {
  const sign = deps.payments.signTestEvent;
  if (deps.payments.mode !== 'test' || !sign) throw appError('NOT_FOUND', COMMON_ERRORS.notFound);
  await deps.limiter.check('checkout:account', member.id);
  const { db, t } = deps.database;
  const [payment] = await db
    .select()
    .from(t.payments)
    .where(
      and(eq(t.payments.stripePaymentIntentId, input.paymentIntentId), eq(t.payments.memberId, member.id)),
    );
  if (!payment || payment.status !== 'created') throw appError('NOT_FOUND', 'payment:errors.unknown');
  const card = TEST_CARDS[cardDigits(input.cardNumber)];
  if (!card) throw appError('VALIDATION', 'payment:errors.testCardOnly', { field: 'cardNumber' });

  const succeeded = card.declineKey === null;
  const intent = {
    id: payment.stripePaymentIntentId,
    object: 'payment_intent',
    amount: PRICE_CENTS,
    amount_received: succeeded ? PRICE_CENTS : 0,
    currency: PRICE_CURRENCY,
    status: succeeded ? 'succeeded' : 'requires_payment_method',
    metadata: { memberId: member.id },
    last_payment_error: succeeded ? null : { type: 'card_error', code: card.code },
    livemode: false,
  };
  const payload = JSON.stringify({
    id: `evt_test_${newId()}`,
    object: 'event',
    type: succeeded ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: intent },
  });
  const result = await fulfilStripeEvent(deps, payload, sign(payload));
  if (result.status !== 200) throw new Error('test mode: a locally signed event was refused');
  if (!succeeded) throw appError('VALIDATION', card.declineKey!, { field: 'cardNumber' });
  return { status: 'succeeded' };
}
