import { createServer, type Server } from 'node:http';
import {
  DEFAULT_RATE_LIMITS,
  type MailOutcome,
  type Metrics,
  type PushOutcome,
  type SendRefusal,
} from '@amiko/api';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { readBuildInfo, type BuildInfo } from './build-info.ts';
import { HTTP_TIMEOUTS, IDLE_CONNECTION_TIMEOUT_MS } from './http-timeouts.ts';

// Amiko's Prometheus metrics: the one module that knows prom-client. Services report through the Metrics
// interface of @amiko/api (deps.metrics); the server adds HTTP timings, database query timings and the
// gauges it can read (sockets, the directory index). Each server process has its own registry and serves
// it on METRICS_PORT, never on the public port: Prometheus scrapes every replica. Every label takes a
// bounded set of values (route patterns, procedure names, fixed reasons), never a raw URL or an id.

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const SEND_REFUSALS: SendRefusal[] = [
  'payment_required',
  'rate_limited',
  'blocked',
  'recipient_deleted',
  'recipient_not_found',
  'invalid',
  'other',
];
const MAIL_OUTCOMES: MailOutcome[] = ['sent', 'failed', 'given_up'];
const PUSH_OUTCOMES: PushOutcome[] = ['sent', 'failed', 'removed'];

export interface MetricsSources {
  /** Live sockets of this process. */
  sockets(): number;
  /** Members in the directory index, null before it is built. */
  directoryMembers(): number | null;
}

export interface ServerMetrics {
  registry: Registry;
  /** What the services report to (Deps.metrics). */
  report: Metrics;
  /** One HTTP request answered: `route` is the route's pattern (null when no route matched). */
  httpRequest(request: { method: string; route: string | null; status: number; seconds: number }): void;
  /** One database statement, from the moment it was issued until its result arrived. */
  query(seconds: number): void;
  /** The directory index was built. */
  directoryBuilt(members: number, seconds: number): void;
  /** Reads the sockets and the index when Prometheus scrapes (call once they exist). */
  watch(sources: MetricsSources): void;
  /** Serves GET /metrics on its own port; resolves with the port. */
  listen(port: number, host: string): Promise<number>;
  close(): Promise<void>;
}

/** The metrics of one server process, in a registry of its own. */
export function createMetrics(build: BuildInfo = readBuildInfo()): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let sources: MetricsSources | null = null;

  // Always 1: which version and commit each replica runs, for dashboards and for a rollout half done.
  new Gauge({
    name: 'amiko_build_info',
    help: 'The version and commit of the running Amiko (always 1)',
    labelNames: ['version', 'commit'] as const,
    registers,
  })
    .labels(build.version, build.commit)
    .set(1);

  const http = new Histogram({
    name: 'amiko_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: how long until the answer was sent',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const procedures = new Histogram({
    name: 'amiko_trpc_procedure_duration_seconds',
    help: 'tRPC procedure calls by name (each call of a batch on its own), type and the HTTP status of the answer',
    labelNames: ['procedure', 'type', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const queries = new Histogram({
    name: 'amiko_db_query_duration_seconds',
    help: 'Database statements: from issuing one until its result arrived (PostgreSQL: waiting for a pool connection included)',
    buckets: QUERY_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'amiko_socket_connections',
    help: 'Live socket.io connections of this process',
    registers,
    collect() {
      this.set(sources?.sockets() ?? 0);
    },
  });
  new Gauge({
    name: 'amiko_directory_index_members',
    help: 'Members in this process’s directory index (listed or not); 0 until it is built',
    registers,
    collect() {
      this.set(sources?.directoryMembers() ?? 0);
    },
  });
  const buildSeconds = new Gauge({
    name: 'amiko_directory_index_build_seconds',
    help: 'How long the last build of the directory index took',
    registers,
  });
  const stored = new Counter({
    name: 'amiko_messages_stored_total',
    help: 'Messages stored (a repeated send of a stored message is not counted)',
    registers,
  });
  const delivered = new Counter({
    name: 'amiko_messages_delivered_total',
    help: 'Messages handed to their recipient: live as they arrive (once per process the recipient is connected to), or in replay pages after a reconnect',
    labelNames: ['via'] as const,
    registers,
  });
  const refusals = new Counter({
    name: 'amiko_message_send_refusals_total',
    help: 'Sends refused, by reason',
    labelNames: ['reason'] as const,
    registers,
  });
  const signUps = new Counter({ name: 'amiko_signups_total', help: 'Accounts created', registers });
  const verifications = new Counter({
    name: 'amiko_email_verifications_total',
    help: 'Email addresses verified after sign-up',
    registers,
  });
  const payments = new Counter({
    name: 'amiko_payments_granted_total',
    help: 'Payments that granted messaging access',
    registers,
  });
  const rateLimited = new Counter({
    name: 'amiko_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit, by the limit’s name',
    labelNames: ['rule'] as const,
    registers,
  });
  const mailTries = new Counter({
    name: 'amiko_mail_deliveries_total',
    help: 'Tries to hand a mail to SMTP: sent, failed (each failed try; tried again later) and given_up (the last try failed)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const pushes = new Counter({
    name: 'amiko_push_deliveries_total',
    help: 'Web Push to one device: sent (its push service took it), failed (not taken; not retried) and removed (the service said the device is gone)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const reminders = new Counter({
    name: 'amiko_meetup_reminders_total',
    help: 'Meetup reminders mailed to a member going (issue 35.4), by reminder: days2 (2 days before) and hours3 (3 hours before); each counted once',
    labelNames: ['reminder'] as const,
    registers,
  });
  const proposed = new Counter({
    name: 'amiko_meetups_proposed_total',
    help: 'Meetups proposed in pods (issue 35.9)',
    registers,
  });
  const answers = new Counter({
    name: 'amiko_meetup_rsvps_total',
    help: 'Answers to meetups recorded (issue 35.9), by answer: going, waitlist (full, or waitlist only) and cantGo; an answer repeated is not counted',
    labelNames: ['answer'] as const,
    registers,
  });
  const marks = new Counter({
    name: 'amiko_meetup_attendance_marks_total',
    help: 'Attendance marks members gave about the others going after a meetup (issue 35.9), by mark: came and absent',
    labelNames: ['mark'] as const,
    registers,
  });
  // Known label values start at 0, so a dashboard's rate() has a series before the first event.
  for (const answer of ['going', 'waitlist', 'cantGo']) answers.labels(answer).inc(0);
  for (const mark of ['came', 'absent']) marks.labels(mark).inc(0);
  for (const reminder of ['days2', 'hours3']) reminders.labels(reminder).inc(0);
  for (const via of ['live', 'replay']) delivered.labels(via).inc(0);
  for (const reason of SEND_REFUSALS) refusals.labels(reason).inc(0);
  for (const rule of Object.keys(DEFAULT_RATE_LIMITS)) rateLimited.labels(rule).inc(0);
  for (const outcome of MAIL_OUTCOMES) mailTries.labels(outcome).inc(0);
  for (const outcome of PUSH_OUTCOMES) pushes.labels(outcome).inc(0);

  let server: Server | null = null;
  return {
    registry,
    report: {
      procedureCalled: ({ procedure, type, status, seconds }) =>
        procedures.labels(procedure, type, String(status)).observe(seconds),
      messageStored: () => stored.inc(),
      messagesDelivered: (via, count) => delivered.labels(via).inc(count),
      sendRefused: (reason) => refusals.labels(reason).inc(),
      signedUp: () => signUps.inc(),
      emailVerified: () => verifications.inc(),
      paymentGranted: () => payments.inc(),
      rateLimited: (rule) => rateLimited.labels(rule).inc(),
      mailDelivery: (outcome) => mailTries.labels(outcome).inc(),
      pushDelivery: (outcome) => pushes.labels(outcome).inc(),
      meetupReminderSent: (reminder) => reminders.labels(reminder).inc(),
      meetupProposed: () => proposed.inc(),
      meetupAnswered: (answer) => answers.labels(answer).inc(),
      meetupMarked: (mark, count) => marks.labels(mark).inc(count),
    },
    httpRequest({ method, route, status, seconds }) {
      http
        .labels(METHODS.has(method) ? method : 'OTHER', route ?? 'unmatched', String(status))
        .observe(seconds);
    },
    query: (seconds) => queries.observe(seconds),
    directoryBuilt: (_members, seconds) => buildSeconds.set(seconds),
    watch(watched) {
      sources = watched;
    },
    async listen(port, host) {
      server = createServer(HTTP_TIMEOUTS, (request, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
          return;
        }
        registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (error: unknown) =>
            response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
        );
      });
      server.setTimeout(IDLE_CONNECTION_TIMEOUT_MS);
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, host, () => resolve());
      });
      const address = listening.address();
      return typeof address === 'object' && address ? address.port : port;
    },
    async close() {
      const closing = server;
      server = null;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
