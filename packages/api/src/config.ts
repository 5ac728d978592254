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
  /** How long a message waits unread, with its recipient offline, before they are mailed about it. */
  readonly messageMailDelayMs: number;
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
