import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A local stand-in for the parts of Stripe's API that Amiko calls (creating and reading PaymentIntents,
// with idempotency keys), on 127.0.0.1 and a free port. Amiko's Stripe client is pointed at it with
// STRIPE_API_BASE. It also plays Stripe's other role: building events and signing them with the
// webhook secret, the way Stripe signs its deliveries (the stripe library's own test-header helper).

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  params: URLSearchParams;
}

export interface StripeFake {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The environment that points an Amiko server at this fake. */
  env: Record<string, string>;
  intents: Map<string, FakeIntent>;
  /** Every API request received, oldest first. */
  requests: FakeRequest[];
  /** The intents created with `metadata[memberId]` = memberId. */
  intentsOf(memberId: string): FakeIntent[];
  /** Stripe charges the card: the intent succeeds, and the event Stripe would send is returned. */
  succeed(intentId: string, changes?: Partial<Pick<FakeIntent, 'amount' | 'currency'>>): Stripe.Event;
  /** Stripe declines the card: the intent needs a new payment method; returns the event. */
  decline(intentId: string): Stripe.Event;
  cancel(intentId: string): void;
  stop(): Promise<void>;
}

const random = (bytes = 12) => randomBytes(bytes).toString('hex');

/** A Stripe event envelope around an object, with a fresh event id. */
export function stripeEvent(type: string, object: object): Stripe.Event {
  return {
    id: `evt_${random()}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  } as unknown as Stripe.Event;
}

/** The Stripe-Signature header for a payload, made by the stripe library's test helper. */
export function signatureFor(payload: string, secret: string, options: { timestamp?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp });
}

export interface Delivery {
  /** The exact body to send (default: the event as JSON, pretty-printed so re-serialising would differ). */
  payload?: string;
  /** The Stripe-Signature header; null sends none. Default: a valid signature of the payload. */
  signature?: string | null;
}

/** POSTs an event to an Amiko server's /webhooks/stripe as Stripe does (no Origin, no cookies). */
export async function deliverEvent(
  serverUrl: string,
  secret: string,
  event: Stripe.Event,
  delivery: Delivery = {},
): Promise<{ status: number; body: { received?: boolean; outcome?: string; error?: string } }> {
  const payload = delivery.payload ?? JSON.stringify(event, null, 2);
  const signature = delivery.signature === undefined ? signatureFor(payload, secret) : delivery.signature;
  const response = await fetch(`${serverUrl}/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as never };
}

function stripeError(res: ServerResponse, status: number, type: string, message: string, code?: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

export async function startStripeFake(): Promise<StripeFake> {
  const secretKey = `sk_test_fake_${random()}`;
  const publishableKey = `pk_test_fake_${random()}`;
  const webhookSecret = `whsec_fake_${random()}`;
  const intents = new Map<string, FakeIntent>();
  const requests: FakeRequest[] = [];
  /** Stripe answers a repeated idempotency key with the first response (for the same parameters). */
  const idempotent = new Map<string, { params: string; intentId: string }>();

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const params = new URLSearchParams(await readBody(req));
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      idempotencyKey,
      authorization: req.headers.authorization,
      params,
    });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    const send = (intent: FakeIntent) => {
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${random(6)}` });
      res.end(JSON.stringify(intent));
    };

    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      if (idempotencyKey) {
        const earlier = idempotent.get(idempotencyKey);
        if (earlier && earlier.params !== params.toString()) {
          return stripeError(
            res,
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
        if (earlier) return send(intents.get(earlier.intentId)!);
      }
      const amount = Number(params.get('amount'));
      const currency = params.get('currency');
      if (!Number.isInteger(amount) || amount <= 0 || !currency) {
        return stripeError(
          res,
          400,
          'invalid_request_error',
          'Missing amount or currency.',
          'parameter_missing',
        );
      }
      const metadata: Record<string, string> = {};
      for (const [key, value] of params) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const id = `pi_${random()}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${random()}`,
        metadata,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      if (idempotencyKey) idempotent.set(idempotencyKey, { params: params.toString(), intentId: id });
      return send(intent);
    }

    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && retrieve?.[1]) {
      const intent = intents.get(retrieve[1]);
      if (!intent) {
        return stripeError(
          res,
          404,
          'invalid_request_error',
          `No such payment_intent: '${retrieve[1]}'`,
          'resource_missing',
        );
      }
      return send(intent);
    }
    return stripeError(
      res,
      404,
      'invalid_request_error',
      `Unrecognized request URL (${req.method} ${url.pathname}).`,
    );
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const intentOrThrow = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`the Stripe fake has no intent ${id}`);
    return intent;
  };

  return {
    url,
    secretKey,
    publishableKey,
    webhookSecret,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: url,
    },
    intents,
    requests,
    intentsOf: (memberId) => [...intents.values()].filter((i) => i.metadata.memberId === memberId),
    succeed(intentId, changes = {}) {
      const intent = intentOrThrow(intentId);
      Object.assign(intent, changes, { status: 'succeeded' });
      intent.amount_received = intent.amount;
      return stripeEvent('payment_intent.succeeded', { ...intent });
    },
    decline(intentId) {
      const intent = intentOrThrow(intentId);
      intent.status = 'requires_payment_method';
      return stripeEvent('payment_intent.payment_failed', {
        ...intent,
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      });
    },
    cancel(intentId) {
      intentOrThrow(intentId).status = 'canceled';
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
