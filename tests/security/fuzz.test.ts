import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Ack } from '@amiko/api';
import { CLIENT_EVENT_SCHEMAS, CLIENT_EVENTS } from '@amiko/api';
import { PRERENDER_ORIGIN, SESSION_COOKIE, UI_LANGUAGES } from '@amiko/core';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browserish } from '../support/http.ts';
import { connectSocket, request, sessionCookie } from '../support/messaging.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { arbitraryFor, queryStringFor, rawBody, type RawBody } from './arbitraries.ts';
import { callProcedure, PROCEDURES, type Outcome, type ProcedureInfo } from './procedures.ts';
import { podInput } from '../support/pods.ts';

// Fuzzing every procedure that takes input, with values derived from its own zod schema (arbitraries.ts):
// nothing may answer 500, and no refusal may carry a driver's or the runtime's words. As a signed-in paid
// member (who passes every access rule) and, for the public procedures, as a visitor; the socket events the
// same way, over one live connection; every route outside tRPC with raw query strings (repeated keys, NUL,
// huge and badly escaped values) and bodies of any kind. FUZZ_RUNS sets the inputs per procedure, route and
// caller (1,000 by default, 10,000 or more for a deep run); FUZZ_SEED replays a run.

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Calls in flight at once: enough to keep the server busy, few enough for a shared CI machine. */
const CONCURRENCY = 8;

/** What must never reach a client: SQL and driver texts, stack frames, file paths. */
const LEAK =
  /sqlite|postgres|\bSQL\b|syntax error|constraint|violates|relation "|duplicate key|drizzle|TypeError|ReferenceError|\bat .+:\d+:\d+|node_modules|\/src\//i;

/**
 * A small web build of the shape `pnpm build` writes (the app's page, a public page prerendered in each
 * language, an asset, sitemap and robots), so the server's web routes are the same whether or not the real
 * app was built on this machine.
 */
function smallWebBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'amiko-fuzz-web-'));
  const page = (title: string) =>
    `<!doctype html><title>${title}</title><a href="${PRERENDER_ORIGIN}/">x</a>`;
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), page('Amiko'));
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  for (const language of UI_LANGUAGES) {
    mkdirSync(join(dist, 'pages', language), { recursive: true });
    for (const name of ['index', 'faq'])
      writeFileSync(join(dist, 'pages', language, `${name}.html`), page(name));
  }
  writeFileSync(join(dist, 'sitemap.xml'), `<urlset><url><loc>${PRERENDER_ORIGIN}/</loc></url></urlset>`);
  writeFileSync(join(dist, 'robots.txt'), `Sitemap: ${PRERENDER_ORIGIN}/sitemap.xml`);
  return dist;
}

let ts: TestServer;
let member: TestMember;
let knownIds: string[];
let podId: string;
let webBuild: string;
beforeAll(async () => {
  webBuild = smallWebBuild();
  ts = await startTestServer({ env: { WEB_DIST: webBuild } });
  member = await createMember(ts, { access: 'paid' });
  // Real things to aim at: other members, one who blocked the member, a conversation.
  const friend = await createMember(ts, { access: 'paid' });
  const blocker = await createMember(ts, { access: 'paid' });
  const { message } = await friend.client.trpc.messages.send.mutate({
    to: member.id,
    clientId: randomUUID(),
    body: 'Hello',
  });
  await blocker.client.trpc.blocks.block.mutate({ memberId: member.id });
  // A pod of the member's with the friend in it and a message there: the pod's chat has something to find.
  const pod = await friend.client.trpc.pods.start.mutate(podInput());
  await member.client.trpc.pods.join.mutate({ podId: pod.id });
  await friend.client.trpc.pods.send.mutate({ podId: pod.id, clientId: randomUUID(), body: 'Hi all' });
  podId = pod.id;
  // A pod the member started, with the friend in it: removing, naming hosts and reporting have a pod of
  // the member's to act in.
  const own = await member.client.trpc.pods.start.mutate(
    podInput({ name: 'Chess', interests: ['chess'], joinRule: 'ask' }),
  );
  await friend.client.trpc.pods.join.mutate({ podId: own.id });
  await member.client.trpc.pods.answer.mutate({ podId: own.id, memberId: friend.id, approve: true });
  // A pod of the member's and the friend's gone quiet (started 31 days ago, never a word): pods.quietAnswer
  // has a question to answer.
  const quiet = await member.client.trpc.pods.start.mutate(
    podInput({ name: 'Hiking', interests: ['hiking'] }),
  );
  await friend.client.trpc.pods.join.mutate({ podId: quiet.id });
  const { db, t } = ts.server.database;
  await db
    .update(t.pods)
    .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
    .where(eq(t.pods.id, quiet.id));
  knownIds = [member.id, friend.id, blocker.id, message.conversationId, pod.id, own.id, quiet.id];
});
afterAll(async () => {
  await ts?.stop();
  rmSync(webBuild, { recursive: true, force: true });
});

/** A client that always presents the same session (or none): a fuzzed sign-in must not change who asks. */
function caller(token: string | null): Browserish {
  const http = new Browserish(ts.url);
  http.remember = () => undefined;
  if (token) http.cookies.set(SESSION_COOKIE, token);
  return http;
}

interface Finding {
  input: unknown;
  outcome: Outcome;
}

function isFinding(outcome: Outcome): boolean {
  if (outcome.ok) return false;
  return (
    outcome.status >= 500 ||
    outcome.code === 'INTERNAL_SERVER_ERROR' ||
    outcome.appCode === 'INTERNAL' ||
    LEAK.test(outcome.raw)
  );
}

async function fuzz(procedure: ProcedureInfo, token: string | null): Promise<Finding[]> {
  const arbitrary = fc
    .tuple(
      ...procedure.inputs.map((schema) =>
        // A GET query carries its input in the URL; a mutation's body may be long.
        arbitraryFor(schema, { knownIds, unboundedLength: procedure.type === 'query' ? 300 : 20_000 }),
      ),
    )
    .map((parts) =>
      parts.length === 1 ? parts[0] : Object.assign({}, ...parts.map((part) => part as object)),
    );
  const inputs = fc.sample(arbitrary, { numRuns: RUNS, seed: SEED });
  const http = caller(token);
  const findings: Finding[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < inputs.length) {
        const input = inputs[next++];
        const outcome = await callProcedure(http, procedure, input);
        if (isFinding(outcome)) findings.push({ input, outcome });
      }
    }),
  );
  return findings;
}

function report(findings: Finding[]): string[] {
  return findings.slice(0, 3).map(({ input, outcome }) => {
    const shown = JSON.stringify(input) ?? 'undefined';
    const answer = outcome.ok ? '' : outcome.raw;
    return `${shown.length > 300 ? `${shown.slice(0, 300)}…` : shown} → ${outcome.status} ${answer.slice(0, 300)}`;
  });
}

const SESSION_REPLACING = new Set(['auth.signUp', 'auth.signIn']);
const fuzzed = PROCEDURES.filter((procedure) => procedure.inputs.length > 0);

describe(`fuzzing every procedure's input (${RUNS} inputs each, FUZZ_SEED=${SEED})`, () => {
  it('covers the procedures that take input', () => {
    expect(fuzzed.length).toBeGreaterThanOrEqual(30);
  });

  for (const procedure of fuzzed) {
    it(`${procedure.path} as a paid member`, { timeout: 600_000 }, async () => {
      const { token } = await ts.server.deps.sessions.create(member.id);
      const findings = await fuzz(procedure, token);
      expect(report(findings), `${findings.length} of ${RUNS} inputs failed`).toEqual([]);
      // Still the member at the end, so every input was tried past the access rules. Signing up or in
      // replaces the caller's session by design (no session fixation): those two are fuzzed as visitors too.
      if (!SESSION_REPLACING.has(procedure.path))
        expect(
          await ts.server.deps.sessions.validate(token),
          'the session ended while fuzzing',
        ).not.toBeNull();
    });
  }

  for (const procedure of fuzzed) {
    it(`${procedure.path} as a visitor`, { timeout: 600_000 }, async () => {
      const probe = await callProcedure(caller(null), procedure, undefined);
      // Procedures behind sign-in refuse a visitor before reading the input: nothing to fuzz.
      if (!probe.ok && probe.appCode === 'UNAUTHENTICATED') return;
      const findings = await fuzz(procedure, null);
      expect(report(findings), `${findings.length} of ${RUNS} inputs failed`).toEqual([]);
    });
  }
});

/** Below SOCKET_MAX_PAYLOAD_BYTES (64 KiB) with room for socket.io's framing. */
const FRAME_LIMIT_BYTES = 60 * 1024;

/** The schema each socket event's payload is read with: the contract's own, as the server uses it. */
const EVENT_SCHEMAS: Record<string, unknown> = CLIENT_EVENT_SCHEMAS;

describe(`fuzzing every socket event (${RUNS} payloads each, FUZZ_SEED=${SEED})`, () => {
  for (const event of CLIENT_EVENTS) {
    it(`${event} from a paid member`, { timeout: 600_000 }, async () => {
      const schema = EVENT_SCHEMAS[event];
      expect(schema, `name the schema of ${event} in EVENT_SCHEMAS`).toBeDefined();
      // Frames past the socket's size limit end the connection by design (tests/api/socket.test.ts): the
      // fuzzer sends what a connection takes, and checks what the server makes of it.
      const payloads = fc
        .sample(arbitraryFor(schema, { knownIds, unboundedLength: 20_000 }), { numRuns: RUNS, seed: SEED })
        .filter((payload) => Buffer.byteLength(JSON.stringify(payload) ?? '') < FRAME_LIMIT_BYTES);
      expect(payloads.length).toBeGreaterThan(RUNS * 0.9);
      // The pod's events from one of its members (fuzzing pods.leave may have taken them out of it).
      if (event.startsWith('pod:')) {
        const { db, t } = ts.server.database;
        await db
          .insert(t.podMembers)
          .values({ podId, memberId: member.id, role: 'member', joinedAt: new Date() })
          .onConflictDoNothing();
      }
      const { token } = await ts.server.deps.sessions.create(member.id);
      const socket = await connectSocket(ts.url, { cookie: sessionCookie(token) });
      const findings: { payload: unknown; answer: string }[] = [];
      try {
        let next = 0;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < payloads.length && socket.connected) {
              const payload = payloads[next++];
              const ack: Ack<unknown> | string = await request(socket, event, payload).catch(
                (error: Error) => `no answer: ${error.message}`,
              );
              const answer = JSON.stringify(ack);
              if (
                typeof ack === 'string' ||
                (!ack.ok && ack.error.appCode === 'INTERNAL') ||
                LEAK.test(answer)
              )
                findings.push({ payload, answer });
            }
          }),
        );
        if (!socket.connected)
          findings.push({ payload: payloads[next - 1], answer: 'the server closed the socket' });
      } finally {
        socket.close();
      }
      const shown = findings
        .slice(0, 3)
        .map(
          ({ payload, answer }) => `${(JSON.stringify(payload) ?? 'undefined').slice(0, 300)} → ${answer}`,
        );
      expect(shown, `${findings.length} of ${RUNS} payloads failed`).toEqual([]);
    });
  }
});

/** A request to a route outside tRPC, as raw as fetch sends it. */
interface PlainRequest {
  method: 'GET' | 'POST';
  /** Path and query string. */
  url: string;
  body?: RawBody;
  headers?: Record<string, string>;
  /** The body is signed as Stripe signs a delivery (test mode's own secret), to reach past the signature. */
  signed?: boolean;
}

/** The fields of a Stripe event the webhook reads, each now and then of another type or missing. */
function stripeEvent(memberIds: string[]): fc.Arbitrary<unknown> {
  const either = <T>(arbitrary: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
  const text = fc.string({ unit: 'binary', maxLength: 300 });
  const amount = fc.constantFrom(3000, 2999, 0, -3000, 0.5, 1e21, Number.MAX_SAFE_INTEGER + 2);
  const intent = fc.record(
    {
      id: either(text),
      amount: either(amount),
      amount_received: either(amount),
      currency: either(fc.constantFrom('eur', 'EUR', 'usd', '')),
      metadata: either(fc.record({ memberId: either(fc.oneof(fc.constantFrom(...memberIds), text)) })),
    },
    { requiredKeys: [] },
  );
  return fc.record(
    {
      id: either(text),
      type: either(
        fc.constantFrom('payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded'),
      ),
      data: either(fc.record({ object: either(intent) }, { requiredKeys: [] })),
    },
    { requiredKeys: [] },
  );
}

/** Header values fetch can send: printable ASCII. */
const headerValue = fc.string({
  unit: fc.constantFrom(...'t=0123456789,v1abcdef;= "\\\'%xyz'),
  maxLength: 200,
});

/** Every route outside tRPC, by METHOD and path as Fastify names it. */
const PLAIN_ROUTES = [
  // The web app (smallWebBuild): prerendered pages in the request's language, sitemap, robots, files.
  'GET /',
  'GET /index.html',
  'GET /faq',
  'GET /sitemap.xml',
  'GET /robots.txt',
  'GET /*',
  'GET /healthz',
  'GET /readyz',
  'GET /dev/mail',
  'GET /dev/mail.json',
  'GET /unsubscribe/messages',
  'POST /unsubscribe/messages',
  'GET /my-data/download',
  'GET /meetups/cant-go',
  'POST /meetups/cant-go',
  'GET /meetups/:id/calendar.ics',
  'GET /uploads/:key',
  'POST /uploads',
  'POST /webhooks/stripe',
] as const;

/** The member's unsubscribe key: with their id, a link that works (set before the routes are fuzzed). */
let unsubscribeKey: string;

/** The requests each route is fuzzed with (built once the known ids exist). */
function plainRoutes(): Record<(typeof PLAIN_ROUTES)[number], fc.Arbitrary<PlainRequest>> {
  const options = { knownIds, unboundedLength: 3000 };
  const link = { ...options, knownIds: [...knownIds, unsubscribeKey] };
  const get = (path: string, keys: string[] = [], values = options) =>
    queryStringFor(keys, values).map((query): PlainRequest => ({ method: 'GET', url: `${path}?${query}` }));
  const post = (path: string, keys: string[] = [], values = options) =>
    fc
      .tuple(queryStringFor(keys, values), rawBody)
      .map(([query, body]): PlainRequest => ({ method: 'POST', url: `${path}?${query}`, body }));
  const signedEvent = stripeEvent(knownIds).map((event): RawBody => ({
    contentType: 'application/json',
    body: Buffer.from(JSON.stringify(event) ?? ''),
  }));
  /** A path segment: hostile, badly escaped, sometimes named like a file. */
  const segment = fc
    .tuple(
      queryStringFor([], { ...options, unboundedLength: 200 }),
      fc.constantFrom('', '.js', '.html', '.map', '.js.map.br', '/'),
    )
    .map(([text, suffix]) => text + suffix);
  return {
    'GET /': get('/', ['lng']),
    'GET /index.html': get('/index.html', ['lng']),
    'GET /faq': get('/faq', ['lng']),
    'GET /sitemap.xml': get('/sitemap.xml'),
    'GET /robots.txt': get('/robots.txt'),
    'GET /*': fc
      .tuple(
        fc.constantFrom('/', '/assets/', '/pages/de/', '/trpc'),
        segment,
        queryStringFor(['lng'], options),
      )
      // One leading slash: "//x" would name another host.
      .map(([prefix, path, query]): PlainRequest => ({
        method: 'GET',
        url: `${prefix}${path}`.replace(/^\/+/, '/') + `?${query}`,
      })),
    'GET /healthz': get('/healthz'),
    'GET /readyz': get('/readyz'),
    'GET /dev/mail': get('/dev/mail', ['to']),
    'GET /dev/mail.json': get('/dev/mail.json', ['to']),
    'GET /unsubscribe/messages': get('/unsubscribe/messages', ['m', 'k'], link),
    'POST /unsubscribe/messages': post('/unsubscribe/messages', ['m', 'k'], link),
    'GET /my-data/download': get('/my-data/download', ['code']),
    'GET /meetups/cant-go': get('/meetups/cant-go', ['m', 'e', 'k'], link),
    'POST /meetups/cant-go': post('/meetups/cant-go', ['m', 'e', 'k'], link),
    'GET /meetups/:id/calendar.ics': fc
      .tuple(segment, queryStringFor([], options))
      .map(([id, query]): PlainRequest => ({ method: 'GET', url: `/meetups/${id}/calendar.ics?${query}` })),
    'GET /uploads/:key': fc
      .tuple(segment, queryStringFor([], options))
      .map(([key, query]): PlainRequest => ({ method: 'GET', url: `/uploads/${key}?${query}` })),
    'POST /uploads': post('/uploads', ['photo', 'crop']),
    'POST /webhooks/stripe': fc
      .tuple(fc.oneof(rawBody, signedEvent), fc.oneof(fc.constant(null), headerValue), fc.boolean())
      .map(([body, signature, signed]): PlainRequest => ({
        method: 'POST',
        url: '/webhooks/stripe',
        body,
        headers: signature === null ? {} : { 'stripe-signature': signature },
        signed,
      })),
  };
}

/** Every route the server answers, as "METHOD /path", read from Fastify's own table (HEAD left out). */
function registeredRoutes(app: TestServer['server']['app']): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

async function sendPlain(http: Browserish, request: PlainRequest): Promise<{ status: number; text: string }> {
  const headers = new Headers(request.headers);
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (request.body) {
    body = new Uint8Array(request.body.body);
    if (request.body.contentType !== null) headers.set('content-type', request.body.contentType);
    const sign = ts.server.deps.payments.signTestEvent;
    if (request.signed && sign) headers.set('stripe-signature', sign(Buffer.from(body).toString('utf8')));
  }
  try {
    const response = await http.fetch(request.url, { method: request.method, headers, body });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    return { status: 0, text: `no answer: ${(error as Error).message}` };
  }
}

/** A finding: the server failed (5xx) or its answer holds a driver's or the runtime's words. */
interface PlainFinding {
  request: PlainRequest;
  status: number;
  text: string;
}

async function fuzzPlain(name: (typeof PLAIN_ROUTES)[number], token: string | null): Promise<PlainFinding[]> {
  const requests = fc.sample(plainRoutes()[name], { numRuns: RUNS, seed: SEED });
  const http = caller(token);
  const findings: PlainFinding[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        const { status, text } = await sendPlain(http, request);
        if (status === 0 || status >= 500 || LEAK.test(text)) findings.push({ request, status, text });
      }
    }),
  );
  return findings;
}

function reportPlain(findings: PlainFinding[]): string[] {
  return findings.slice(0, 3).map(({ request, status, text }) => {
    const body = request.body
      ? ` [${request.body.contentType}] ${Buffer.from(request.body.body).toString('utf8')}`
      : '';
    const sent = `${request.method} ${request.url}${body}${request.signed ? ' (signed)' : ''}`;
    return `${sent.length > 300 ? `${sent.slice(0, 300)}…` : sent} → ${status} ${text.slice(0, 300)}`;
  });
}

describe(`fuzzing every route outside tRPC (${RUNS} requests each, FUZZ_SEED=${SEED})`, () => {
  beforeAll(async () => {
    const { db, t } = ts.server.database;
    unsubscribeKey = randomBytes(24).toString('base64url');
    await db.update(t.members).set({ unsubscribeKey }).where(eq(t.members.id, member.id));
  });

  it('covers every route outside tRPC', () => {
    const outsideTrpc = registeredRoutes(ts.server.app).filter((route) => !route.includes(' /trpc/'));
    expect([...PLAIN_ROUTES].sort()).toEqual(outsideTrpc.sort());
  });

  for (const name of PLAIN_ROUTES) {
    for (const who of ['a paid member', 'a visitor'] as const) {
      it(`${name} from ${who}`, { timeout: 600_000 }, async () => {
        // The readiness route answers 503 until the directory index is built: wait for that first.
        for (let tries = 0; (await fetch(`${ts.url}/readyz`)).status !== 200 && tries < 100; tries += 1)
          await new Promise((resolve) => setTimeout(resolve, 100));
        const token = who === 'a visitor' ? null : (await ts.server.deps.sessions.create(member.id)).token;
        const findings = await fuzzPlain(name, token);
        expect(reportPlain(findings), `${findings.length} of ${RUNS} requests failed`).toEqual([]);
      });
    }
  }
});
