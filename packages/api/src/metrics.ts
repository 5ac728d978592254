import type { AppErrorCode } from '@amiko/core';

// What the services tell the server's metrics as it happens, each where it happens once. The server turns
// it into Prometheus metrics (apps/server/src/metrics.ts, the one module that knows prom-client); without
// METRICS_PORT, and for the command-line tools, nothing listens (NO_METRICS).

/** Why a send was refused, a fixed set (a metric label must not take unbounded values). */
export type SendRefusal =
  | 'payment_required'
  | 'rate_limited'
  | 'blocked'
  | 'recipient_deleted'
  | 'recipient_not_found'
  | 'invalid'
  | 'other';

/** What became of one push to one device: its push service took it, or not, or said the device is gone. */
export type PushOutcome = 'sent' | 'failed' | 'removed';

/** What became of one try of a mail: SMTP took it, or not (each failed try), or that was its last try. */
export type MailOutcome = 'sent' | 'failed' | 'given_up';

export interface Metrics {
  /** A tRPC procedure answered (each call of a batch on its own), with the HTTP status it stands for. */
  procedureCalled(call: { procedure: string; type: string; status: number; seconds: number }): void;
  /** A message was stored (a repeat of a stored one is not counted again). */
  messageStored(): void;
  /**
   * Messages handed to their recipient: `live` as they arrive (once per process the recipient is connected
   * to), `replay` in the pages a client asks for after a reconnect.
   */
  messagesDelivered(via: 'live' | 'replay', count: number): void;
  sendRefused(reason: SendRefusal): void;
  signedUp(): void;
  emailVerified(): void;
  /** Messaging access granted by a payment (Stripe's webhook, or test mode's stand-in for it). */
  paymentGranted(): void;
  /** A request refused by a rate limit, by the limit's name (DEFAULT_RATE_LIMITS). */
  rateLimited(rule: string): void;
  /**
   * A mail was tried (packages/api/src/mail/mailer.ts): `sent` when SMTP took it, `failed` for each try it
   * did not, and `given_up` as well when that was the last try.
   */
  mailDelivery(outcome: MailOutcome): void;
  /**
   * A push to one device (services/push.ts): `sent` when its push service took it, `failed` when it did not
   * (not retried), `removed` when the service said the device is gone (404, 410) and it was removed.
   */
  pushDelivery(outcome: PushOutcome): void;
  /** A meetup's reminder was mailed to one member going (services/meetups-reminders.ts), by which it was. */
  meetupReminderSent(reminder: 'days2' | 'hours3'): void;
  /** A meetup was proposed (services/meetups.ts), once it is stored. */
  meetupProposed(): void;
  /**
   * A member's answer to a meetup was recorded (services/meetups.ts): `going`, `waitlist` when it was full
   * (or they are on the waitlist only), `cantGo`. Saying again what they said before is not counted.
   */
  meetupAnswered(answer: 'going' | 'waitlist' | 'cantGo'): void;
  /**
   * Attendance marks a member gave after a meetup (services/meetups-after.ts) about the others going: `came`
   * and `absent`, counted by how many (the member's own mark, always came, is not counted).
   */
  meetupMarked(mark: 'came' | 'absent', count: number): void;
}

export const NO_METRICS: Metrics = {
  procedureCalled: () => undefined,
  messageStored: () => undefined,
  messagesDelivered: () => undefined,
  sendRefused: () => undefined,
  signedUp: () => undefined,
  emailVerified: () => undefined,
  paymentGranted: () => undefined,
  rateLimited: () => undefined,
  mailDelivery: () => undefined,
  pushDelivery: () => undefined,
  meetupReminderSent: () => undefined,
  meetupProposed: () => undefined,
  meetupAnswered: () => undefined,
  meetupMarked: () => undefined,
};

/** The refusal a send's error stands for. */
export function sendRefusalOf(appCode: AppErrorCode): SendRefusal {
  switch (appCode) {
    case 'PAYMENT_REQUIRED':
      return 'payment_required';
    case 'RATE_LIMITED':
      return 'rate_limited';
    case 'BLOCKED':
      return 'blocked';
    case 'FORBIDDEN':
      return 'recipient_deleted';
    case 'NOT_FOUND':
      return 'recipient_not_found';
    case 'VALIDATION':
      return 'invalid';
    default:
      return 'other';
  }
}
