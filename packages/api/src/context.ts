import type { UiLanguage } from '@amiko/core';
import type { Database } from '@amiko/db';
import type { SessionStore, ValidSession } from '@amiko/auth';
import type { Translate } from '@amiko/i18n/server';
import type { AppConfig } from './config.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Metrics } from './metrics.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { Realtime } from './realtime.ts';
import type { Directory } from './services/directory/query.ts';
import type { MemberCounter } from './services/member-count.ts';
import type { PaymentGateway } from './services/payment-gateway.ts';
import type { PhotoStore } from './services/photo-store.ts';

/** Everything procedures use, built once per server process in dependency order and never changed after. */
export interface Deps {
  readonly database: Database;
  readonly sessions: SessionStore;
  readonly config: AppConfig;
  readonly log: Logger;
  readonly mail: Mailer;
  readonly t: Translate;
  readonly limiter: RateLimiter;
  /** The live connections (socket.io in the server), for emits from services. */
  readonly realtime: Realtime;
  readonly memberCount: MemberCounter;
  readonly photos: PhotoStore;
  /** Stripe, or test mode's local stand-in (see payment-gateway.ts). */
  readonly payments: PaymentGateway;
  /** This process's index of the community directory, kept in step with the database. */
  readonly directory: Directory;
  /** Counts and times for the server's Prometheus metrics (NO_METRICS when they are off). */
  readonly metrics: Metrics;
}

/** One request: who is asking and how to answer with cookies. */
export interface Context {
  deps: Deps;
  session: ValidSession | null;
  /** The client's address, for rate limits. */
  ip: string;
  /** The language of the request: the member's, else the interface's (cookie), else the browser's. */
  language: UiLanguage;
  setSessionCookie(token: string, expiresAt: Date): void;
  clearSessionCookie(): void;
  /** The browser's device cookie, if it has one: it signed in to some account before. */
  deviceCookie: string | null;
  setDeviceCookie(value: string, expiresAt: Date): void;
}
