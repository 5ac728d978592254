import type { RateLimitRule } from './rate-limit.ts';

/** What the API needs to know about its deployment; the server builds it from validated environment. */
export interface AppConfig {
  readonly production: boolean;
  /** Test-mode payments when no Stripe keys are set: only in development on a loopback PUBLIC_URL. */
  readonly testPayments: boolean;
  /** The address members reach Amiko at; links in mail point here. */
  readonly publicUrl: string;
  /** Where contact and feedback submissions are mailed. */
  readonly teamEmail: string;
  /** How long the public member count may be served from memory. */
  readonly memberCountCacheMs: number;
  /** How many pods a member may be in at once (PODS_PER_MEMBER). */
  readonly podsPerMember: number;
  /** How long a message waits unread, with its recipient offline, before they are mailed about it. */
  readonly messageMailDelayMs: number;
  /** The same for a member with a device that gets pushes: they were told at once (issue 31). */
  readonly messageMailDelayWithPushMs: number;
  /** Web Push: the VAPID keys (null: off) and whether push services on this machine are allowed. */
  readonly push: PushConfig;
  /** Where prepared "Download my data" archives wait for their one download. */
  readonly dataExportsDir: string;
  /** Overrides of the default rate limits (tests that are about something else raise them). */
  readonly rateLimits: Partial<Record<string, RateLimitRule>>;
  readonly stripe: {
    secretKey: string | null;
    publishableKey: string | null;
    webhookSecret: string | null;
    /** Stripe's API base URL; tests point it at a local fake. */
    apiBaseUrl: string | null;
  };
}

/** The VAPID keys (RFC 8292) and the contact the push services may write to (mailto: or https:). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushConfig {
  /** Null: push is off (no keys configured, and none kept beside an embedded database). */
  vapid: VapidKeys | null;
  /** Push services on this machine are allowed (development and tests; never in production). */
  localServices: boolean;
}
