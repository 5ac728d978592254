import { DatabaseUrlError, hideUrlPassword, hideUrlPasswords, parseDatabaseUrl } from '@amiko/db/url';
import { z } from 'zod';

/**
 * A configuration problem that stops start-up; its message is the one line an operator sees, never with a
 * password a URL in it carries (SMTP_URL, REDIS_URL, DATABASE_URL).
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(message: string) {
    super(hideUrlPasswords(message));
  }
}

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const port = z
  .string()
  .trim()
  .refine((v) => /^\d+$/.test(v) && Number(v) <= 65535, 'must be a port number from 0 to 65535')
  .transform(Number);

const NODE_ENVS = ['development', 'production', 'test'] as const;

export const envSchema = z.object({
  /** Unset: production when PUBLIC_URL is https (members reach the server there), else development. */
  NODE_ENV: z.enum(NODE_ENVS).optional(),
  PORT: port.default(3000),
  /**
   * The port of the Prometheus metrics (GET /metrics), on HOST like the public port but never on it.
   * Unset: no metrics are kept and no port opens.
   */
  METRICS_PORT: optional.pipe(port.optional()),
  HOST: z.string().trim().min(1).default('localhost'),
  DATABASE_URL: optional,
  PUBLIC_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  ALLOWED_ORIGINS: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag,
  SMTP_URL: optional.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  /**
   * An SMTP server that keeps mail without delivering it (mailpit in the compose files), used while SMTP_URL
   * is unset: a public PUBLIC_URL with it makes start-up warn that members receive no mail.
   */
  SMTP_CATCHER_URL: optional.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Amiko <no-reply@amiko.local>'),
  TEAM_EMAIL: z.email({ error: 'must be an email address' }).default('team@amiko.local'),
  REDIS_URL: optional.pipe(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional()),
  /** Starts every Redis key and channel, so that several Amikos (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_:.-]{1,64}$/, 'must be 1 to 64 letters, digits or _ : . -')
    .default('amiko'),
  UPLOADS_DIR: z.string().trim().min(1).default('./data/uploads'),
  WEB_DIST: optional,
  MEMBER_COUNT_CACHE_MS: z
    .string()
    .default('5000')
    .refine((v) => /^\d+$/.test(v), 'must be a number of milliseconds')
    .transform(Number),
  /**
   * On SIGTERM, how long /readyz answers 503 before the server stops taking connections, so that a load
   * balancer polling it sends new requests elsewhere first (docker-compose.scale.yml sets it for Caddy).
   */
  SHUTDOWN_DELAY_MS: z
    .string()
    .default('0')
    .refine((v) => /^\d+$/.test(v) && Number(v) <= 8000, 'must be a number of milliseconds up to 8000')
    .transform(Number),
  /** How many pods a member may be in at once (issue 34). */
  PODS_PER_MEMBER: z
    .string()
    .default('5')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 50, 'must be a number from 1 to 50')
    .transform(Number),
  /** How long a message waits unread, with its recipient offline, before they get a mail about it. */
  MESSAGE_MAIL_DELAY_SECONDS: z
    .string()
    .default('900')
    .refine((v) => /^\d+(\.\d+)?$/.test(v), 'must be a number of seconds')
    .transform(Number),
  /**
   * How long a message waits unread before its mail when the member has a device that gets pushes (they were
   * told at once, so the mail comes later, if at all).
   */
  MESSAGE_MAIL_DELAY_WITH_PUSH_SECONDS: z
    .string()
    .default('3600')
    .refine((v) => /^\d+(\.\d+)?$/.test(v), 'must be a number of seconds')
    .transform(Number),
  /**
   * Web Push's VAPID key pair (RFC 8292), base64url as `web-push generate-vapid-keys` prints it; the same in
   * every server process. Unset with the embedded SQLite database: made once and kept beside it
   * (./data/vapid-keys.json). Unset with PostgreSQL: push is off.
   */
  VAPID_PUBLIC_KEY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key in base64url (87 characters)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
      .optional(),
  ),
  /** Whom push services may contact about Amiko's pushes: a mailto: or https: URL (default mailto:TEAM_EMAIL). */
  VAPID_SUBJECT: optional.pipe(
    z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
      .optional(),
  ),
  /** How often each server process looks for due background jobs (mails about waiting messages, …). */
  JOB_POLL_MS: z
    .string()
    .default('5000')
    .refine((v) => /^[1-9]\d*$/.test(v), 'must be a number of milliseconds')
    .transform(Number),
  /** JSON overrides of the default rate limits, e.g. {"signIn:ip":{"max":50,"windowMs":900000}}. */
  RATE_LIMITS: optional.pipe(
    z
      .string()
      .transform((v, ctx) => {
        try {
          return JSON.parse(v) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be JSON' });
          return z.NEVER;
        }
      })
      .pipe(
        z.record(
          z.string(),
          z.object({ max: z.number().int().positive(), windowMs: z.number().int().positive() }),
        ),
      )
      .optional(),
  ),
  /** The commit this Amiko was built from (the image's build sets it; a checkout reads .git instead). */
  AMIKO_COMMIT: optional.pipe(
    z
      .string()
      .regex(/^[0-9a-zA-Z._-]{1,64}$/, 'must be a commit id (letters, digits, . _ -)')
      .optional(),
  ),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional,
});

export type Env = Omit<z.output<typeof envSchema>, 'NODE_ENV'> & { NODE_ENV: (typeof NODE_ENVS)[number] };

const isHttps = (url: string | undefined) => url?.startsWith('https:') ?? false;

/**
 * Reads and checks the environment. Anything wrong becomes one ConfigError naming the variable, e.g.
 * `PORT must be a port number from 0 to 65535 (got "abc")`.
 */
export function readEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    // The value as given, its URL's password hidden even when it is no URL (a space in the password).
    throw new ConfigError(
      `${name} ${issue.message} (got ${JSON.stringify(hideUrlPassword(source[name] ?? ''))})`,
    );
  }
  const { PORT, METRICS_PORT } = result.data;
  if (METRICS_PORT !== undefined && METRICS_PORT !== 0 && METRICS_PORT === PORT)
    throw new ConfigError(
      `METRICS_PORT must differ from PORT: the metrics are never served on the public port (got "${METRICS_PORT}")`,
    );
  if (Boolean(result.data.VAPID_PUBLIC_KEY) !== Boolean(result.data.VAPID_PRIVATE_KEY))
    throw new ConfigError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (a pair from `web-push generate-vapid-keys`)',
    );
  try {
    parseDatabaseUrl(result.data.DATABASE_URL);
  } catch (error) {
    if (error instanceof DatabaseUrlError) throw new ConfigError(error.message);
    throw error;
  }
  const NODE_ENV = result.data.NODE_ENV ?? (isHttps(result.data.PUBLIC_URL) ? 'production' : 'development');
  return { ...result.data, NODE_ENV };
}

/**
 * The start-up line about the mode when PUBLIC_URL is https: production chosen for an unset NODE_ENV (the
 * README's examples without Docker then get the container's defaults), or a warning when NODE_ENV names
 * another mode on purpose (a developer behind a local TLS proxy, the tests): it is obeyed, never silently.
 */
export function modeNotice(
  source: Record<string, string | undefined>,
  env: Env,
): { level: 'info' | 'warn'; message: string } | null {
  if (!isHttps(env.PUBLIC_URL)) return null;
  if (!source.NODE_ENV?.trim())
    return {
      level: 'info',
      message:
        'NODE_ENV is not set and PUBLIC_URL is https: running in production (Secure cookies, HSTS, no source maps)',
    };
  if (env.NODE_ENV !== 'production')
    return {
      level: 'warn',
      message: `NODE_ENV=${env.NODE_ENV} with an https PUBLIC_URL: cookies without Secure, no HSTS, source maps served; unset NODE_ENV or set it to production before members use this server`,
    };
  return null;
}
