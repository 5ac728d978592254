import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import {
  createDirectory,
  createLocalPhotoStore,
  createMailer,
  createMemberCounter,
  createMemoryRateLimitStore,
  createRateLimiter,
  DATA_EXPORT_HANDLERS,
  MAIL_HANDLERS,
  MEETUP_AFTER_HANDLERS,
  MEETUP_NOTICE_HANDLERS,
  MEETUP_REMINDER_HANDLERS,
  NO_METRICS,
  MESSAGE_MAIL_HANDLERS,
  PUSH_HANDLERS,
  drainPushes,
  PLACE_HANDLERS,
  POD_QUIET_HANDLERS,
  scheduleCityMatching,
  scheduleQuietPodSweep,
  startJobRunner,
  type AppConfig,
  type JobRunner,
  type Deps,
} from '@amiko/api';
import { createSessionStore } from '@amiko/auth';
import { preparePlaces } from '@amiko/places';
import { openDatabase, type Database } from '@amiko/db';
import { createServerTranslator } from '@amiko/i18n/server';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import nodemailer from 'nodemailer';
import { readBuildInfo } from './build-info.ts';
import { devConveniences, isLoopbackUrl } from './dev-conveniences.ts';
import { modeNotice, readEnv, type Env } from './env.ts';
import { vapidKeys } from './vapid.ts';
import { HTTP_TIMEOUTS, IDLE_CONNECTION_TIMEOUT_MS } from './http-timeouts.ts';
import { loggerOptions } from './logging.ts';
import { createMetrics, type ServerMetrics } from './metrics.ts';
import { createRedisRateLimitStore, registerRedis } from './redis.ts';
import { answerError } from './refusals.ts';
import { registerDevMail } from './plugins/dev-mail.ts';
import { registerHealth, type Readiness } from './plugins/health.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerRequestId, requestIdFrom, RequestLog } from './plugins/request-log.ts';
import { registerOriginCheck, registerSecurityHeaders, type OriginPolicy } from './plugins/security.ts';
import { createPayments, registerStripeWebhook } from './plugins/stripe-webhook.ts';
import { createLiveConnections, registerSocket } from './plugins/socket.ts';
import { registerTrpc } from './plugins/trpc.ts';
import { registerDataExport } from './plugins/data-export.ts';
import { registerMeetupLinks } from './plugins/meetup-links.ts';
import { registerUnsubscribe } from './plugins/unsubscribe.ts';
import { registerUploads } from './plugins/uploads.ts';
import { registerWeb } from './plugins/web.ts';

export interface ServerOptions {
  /** The environment to read configuration from (default: process.env). */
  env?: Record<string, string | undefined>;
  /** Fastify's logger setting (default: loggerOptions(LOG_LEVEL), JSON lines on stdout). */
  logger?: FastifyServerOptions['logger'];
}

export interface AmikoServer {
  app: FastifyInstance;
  deps: Deps;
  database: Database;
  env: Env;
  /**
   * Migrates the database and listens; resolves with the address members reach, and the port of the
   * metrics (null without METRICS_PORT).
   */
  start(): Promise<{ url: string; port: number; metricsPort: number | null }>;
  /** Drains (readiness 503), stops taking requests, lets running ones finish, closes connections and the database. */
  stop(): Promise<void>;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

function listeningPort(app: FastifyInstance): number | null {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : null;
}

/** Builds a whole Amiko server (nothing listens until start()). Throws ConfigError on bad configuration. */
export function createServer(options: ServerOptions = {}): AmikoServer {
  const source = options.env ?? process.env;
  const env = readEnv(source);
  const production = env.NODE_ENV === 'production';
  const conveniences = devConveniences(env);
  const build = readBuildInfo(env.AMIKO_COMMIT);
  const app = Fastify({
    logger: options.logger ?? loggerOptions(env.LOG_LEVEL),
    // One line per request instead of Fastify's two (plugins/request-log.ts), under the proxy's request id.
    logController: new RequestLog(),
    genReqId: requestIdFrom(env.TRUST_PROXY),
    trustProxy: env.TRUST_PROXY,
    // Batched tRPC GETs put procedure names in the path.
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1024 * 1024,
    // A malformed URL is answered like every other error: no error's message in the answer.
    frameworkErrors: answerError,
    // Slow-drip requests are cut as on the metrics port (http-timeouts.ts); Fastify sets requestTimeout itself.
    requestTimeout: HTTP_TIMEOUTS.requestTimeout,
    connectionTimeout: IDLE_CONNECTION_TIMEOUT_MS,
    http: HTTP_TIMEOUTS,
  });

  // Before any route, so that every route outside tRPC gets it.
  app.setErrorHandler(answerError);
  registerRequestId(app);
  const mode = modeNotice(source, env);
  if (mode) app.log[mode.level](mode.message);

  const config: AppConfig = {
    production,
    testPayments: conveniences.testPayments,
    // Without PUBLIC_URL (development), the address it listens on: read from the server, since with PORT=0
    // the port is chosen when it starts listening.
    get publicUrl() {
      return env.PUBLIC_URL ?? `http://localhost:${listeningPort(app) ?? env.PORT}`;
    },
    teamEmail: env.TEAM_EMAIL,
    memberCountCacheMs: env.MEMBER_COUNT_CACHE_MS,
    messageMailDelayMs: env.MESSAGE_MAIL_DELAY_SECONDS * 1000,
    podsPerMember: env.PODS_PER_MEMBER,
    messageMailDelayWithPushMs: env.MESSAGE_MAIL_DELAY_WITH_PUSH_SECONDS * 1000,
    push: { vapid: vapidKeys(env), localServices: conveniences.localPushServices },
    dataExportsDir: resolve(env.UPLOADS_DIR, '..', 'exports'),
    rateLimits: env.RATE_LIMITS ?? {},
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY ?? null,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
      apiBaseUrl: env.STRIPE_API_BASE ?? null,
    },
  };
  const originPolicy: OriginPolicy = {
    allowed: new Set(
      [env.PUBLIC_URL, ...(env.ALLOWED_ORIGINS?.split(',') ?? [])]
        .filter((o): o is string => Boolean(o?.trim()))
        .map((o) => new URL(o.trim()).origin),
    ),
    sameHostOverHttp: !env.PUBLIC_URL,
  };
  // Built in order, each from what it needs: nothing is replaced in Deps once it exists.
  // Metrics only with METRICS_PORT: without it nothing is counted or timed, and no port opens.
  const metrics: ServerMetrics | null = env.METRICS_PORT === undefined ? null : createMetrics(build);
  const redis = registerRedis(app, env);
  const live = createLiveConnections(app, { originPolicy, redis });
  const database = openDatabase({ url: env.DATABASE_URL, onQuery: metrics?.query });
  // Without SMTP_URL, the compose files' mail catcher (mailpit) takes the mail, and delivers none.
  const smtpUrl = env.SMTP_URL ?? env.SMTP_CATCHER_URL;
  const deps: Deps = {
    database,
    config,
    log: app.log,
    sessions: createSessionStore(database),
    mail: createMailer({
      database,
      transport: smtpUrl ? nodemailer.createTransport(smtpUrl) : null,
      keepContent: conveniences.mailbox,
      from: env.MAIL_FROM,
      log: app.log,
      metrics: metrics?.report,
    }),
    t: createServerTranslator(),
    limiter: createRateLimiter(
      redis ? createRedisRateLimitStore(redis) : createMemoryRateLimitStore(),
      config.rateLimits,
      metrics?.report.rateLimited,
    ),
    realtime: live.realtime,
    memberCount: createMemberCounter(database, env.MEMBER_COUNT_CACHE_MS),
    photos: createLocalPhotoStore(env.UPLOADS_DIR),
    payments: createPayments(config),
    directory: createDirectory(database, { log: app.log, onBuilt: metrics?.directoryBuilt }),
    metrics: metrics?.report ?? NO_METRICS,
  };

  const cookies = { secure: production };

  if (metrics) {
    registerMetrics(app, metrics);
    metrics.watch({
      sockets: () => live.io.of('/').sockets.size,
      directoryMembers: () => deps.directory.size(),
    });
  }
  app.register(fastifyCookie);
  registerSecurityHeaders(app, { production, publicUrl: env.PUBLIC_URL });
  registerOriginCheck(app, originPolicy);
  const readiness: Readiness = { draining: false, placesLoaded: false };
  registerHealth(app, { database, directory: deps.directory, readiness, redis });
  registerTrpc(app, deps, cookies);
  registerStripeWebhook(app, deps);
  registerSocket(app, deps, live);
  registerUploads(app, deps, cookies);
  registerUnsubscribe(app, deps);
  registerDataExport(app, deps, cookies);
  registerMeetupLinks(app, deps, cookies);
  if (conveniences.mailbox) registerDevMail(app, database);
  else if (!smtpUrl) app.log.warn('mail is not sent: set SMTP_URL to deliver verification and reset mail');
  else if (!env.SMTP_URL && !isLoopbackUrl(env.PUBLIC_URL))
    app.log.warn(
      { catcher: new URL(smtpUrl).host },
      'mail goes to the mail catcher, which delivers none: set SMTP_URL to your mail provider before members sign up',
    );
  if (conveniences.offNotice) app.log.info(conveniences.offNotice);
  if (!config.push.vapid)
    app.log.info('push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to turn them on');
  registerWeb(app, env.WEB_DIST ? resolve(env.WEB_DIST) : DEFAULT_WEB_DIST, {
    sourceMaps: !production,
    publicUrl: () => config.publicUrl,
  });

  let jobs: JobRunner | null = null;
  app.addHook('onClose', async () => {
    await metrics?.close();
    await jobs?.stop();
    await deps.mail.drain();
    await drainPushes(deps);
    await database.close();
  });

  let stopped: Promise<void> | null = null;
  return {
    app,
    deps,
    database,
    env,
    async start() {
      await redis?.connect();
      await database.migrate().catch((error: unknown) => {
        throw unreachableDatabase(database, error) ?? error;
      });
      await app.listen({ port: env.PORT, host: env.HOST });
      // A job's lease: far longer than a mail takes, short enough that a dead process's job is soon retried.
      jobs = startJobRunner(deps, {
        pollMs: env.JOB_POLL_MS,
        leaseMs: 60_000,
        handlers: {
          ...MESSAGE_MAIL_HANDLERS,
          ...PUSH_HANDLERS,
          ...DATA_EXPORT_HANDLERS,
          ...MAIL_HANDLERS,
          ...PLACE_HANDLERS,
          ...POD_QUIET_HANDLERS,
          ...MEETUP_AFTER_HANDLERS,
          ...MEETUP_NOTICE_HANDLERS,
          ...MEETUP_REMINDER_HANDLERS,
        },
      });
      const port = listeningPort(app) ?? env.PORT;
      const url = config.publicUrl;
      // Never on the public port: its own listener, for Prometheus (each process serves its own registry).
      const metricsPort =
        metrics && env.METRICS_PORT !== undefined ? await metrics.listen(env.METRICS_PORT, env.HOST) : null;
      if (metricsPort !== null)
        app.log.info({ metrics: `http://${env.HOST}:${metricsPort}/metrics` }, 'metrics are served');
      // `url` is the public address (PUBLIC_URL, e.g. a proxy's); `listening` where this process itself is.
      app.log.info(
        {
          url,
          listening: `http://${env.HOST}:${port}`,
          database: database.location,
          version: build.version,
          commit: build.commit,
        },
        'Amiko is listening',
      );
      // The directory index is built now, not on the first member's request; /readyz waits for it. So are the
      // places loaded (built in a child process the first time a data version is seen), and the typed cities
      // of an earlier Amiko matched to them once per database.
      deps.directory
        .warm()
        .catch((error: unknown) => app.log.error({ err: error }, 'directory index not built'));
      preparePlaces().then(
        (info) => {
          readiness.placesLoaded = true;
          app.log.info({ places: info }, 'places loaded');
        },
        (error: unknown) => app.log.error({ err: error }, 'places not loaded'),
      );
      await scheduleCityMatching(deps);
      // Closing pods that went quiet, once a day by whichever process claims it (services/pods-quiet.ts).
      await scheduleQuietPodSweep(deps);
      return { url, port, metricsPort };
    },
    stop() {
      // Draining: /readyz says 503 at once; after SHUTDOWN_DELAY_MS (time for a load balancer to notice) the
      // server stops taking connections, closes the sockets' transports (their clients reconnect, to another
      // process if there is one, and replay) and lets running requests finish (main.ts bounds it to 10 s).
      stopped ??= (async () => {
        readiness.draining = true;
        if (env.SHUTDOWN_DELAY_MS > 0) {
          app.log.info({ ms: env.SHUTDOWN_DELAY_MS }, 'draining: /readyz answers 503');
          await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DELAY_MS));
        }
        await app.close();
        app.log.info('stopped');
      })();
      return stopped;
    },
  };
}

/** Errors of a connection that never came about, as Node and postgres.js name them. */
const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'ECONNRESET',
  'CONNECT_TIMEOUT',
]);

/**
 * A PostgreSQL server that cannot be reached, said in one line as an unreachable Redis is (redis.ts), with
 * the URL's password hidden: a bare "connect ECONNREFUSED 127.0.0.1:1" did not say it was the database.
 * Null for any other error (a migration that failed is reported as it is).
 */
function unreachableDatabase(database: Database, error: unknown): Error | null {
  const code = (error as { code?: unknown } | null)?.code;
  // Only a connection to a server fails so (SQLite opens a file, which start-up already opened).
  if (typeof code !== 'string' || !CONNECTION_FAILURES.has(code)) return null;
  const inner = error instanceof AggregateError ? error.errors : [];
  const cause =
    (error as Error).message ||
    inner.map((each: unknown) => (each instanceof Error ? each.message : String(each))).join(', ') ||
    code;
  return new Error(
    `PostgreSQL at ${database.location} cannot be reached (${cause}); check DATABASE_URL and that PostgreSQL runs`,
  );
}
