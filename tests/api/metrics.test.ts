import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../support/errors.ts';
import { collectMessages, connectSocket, eventually, sessionCookie } from '../support/messaging.ts';
import { createMember } from '../support/members.ts';
import { parseMetrics, sampleValue, type Sample } from '../support/prometheus.ts';
import { RELAXED_RATE_LIMITS, startTestServer, type TestServer } from '../support/server.ts';
import { actionLinkIn, latestMailTo, signUpMember } from './accounts-support.ts';

// The Prometheus metrics of a real server with METRICS_PORT, on SQLite and PostgreSQL: after some traffic,
// /metrics on the metrics port holds each named series with the values that traffic must have produced;
// the public port knows no /metrics.

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({
    env: {
      METRICS_PORT: '0',
      // One page view a minute per address: the second is refused, for the rate-limit series.
      RATE_LIMITS: JSON.stringify({ ...RELAXED_RATE_LIMITS, 'pageView:ip': { max: 1, windowMs: 60_000 } }),
    },
  });
});
afterAll(() => ts?.stop());

async function scrape(): Promise<Sample[]> {
  const response = await fetch(ts.metricsUrl!);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await response.text());
}

const card = { expiry: '12 / 40', cvc: '123', country: 'de' as const, cardNumber: '4242 4242 4242 4242' };

describe('metrics on METRICS_PORT', () => {
  it('count and time what happened, by name and with bounded labels', async () => {
    const before = await scrape();
    expect(sampleValue(before, 'amiko_signups_total')).toBe(0);
    expect(sampleValue(before, 'amiko_messages_stored_total')).toBe(0);

    // A sign-up, verified through the mailed link.
    const signedUp = await signUpMember(ts);
    const { code } = actionLinkIn(await latestMailTo(ts, signedUp.email));
    await ts.client().trpc.auth.verifyEmail.mutate({ code });

    // A message sent over tRPC and delivered live to the recipient's two tabs (counted once).
    const sender = await createMember(ts, { access: 'paid' });
    const recipient = await createMember(ts, { access: 'none' });
    const { token } = await ts.server.deps.sessions.create(recipient.id);
    const tabs = [
      await connectSocket(ts.url, { cookie: sessionCookie(token) }),
      await connectSocket(ts.url, { cookie: sessionCookie(token) }),
    ];
    const received = tabs.map(collectMessages);
    await sender.client.trpc.messages.send.mutate({ to: recipient.id, clientId: randomUUID(), body: 'Hi' });
    await eventually(() => received.every((r) => r.length === 1), 'the message in both tabs');
    expect(sampleValue(await scrape(), 'amiko_socket_connections')).toBe(2);

    // A refused send (the recipient has not paid), then their payment in test mode, then a reply.
    const refused = await failure(
      recipient.client.trpc.messages.send.mutate({ to: sender.id, clientId: randomUUID(), body: 'Hey' }),
    );
    expect(refused.data?.appCode).toBe('PAYMENT_REQUIRED');
    const { paymentIntentId } = await recipient.client.trpc.payments.start.mutate();
    await recipient.client.trpc.payments.confirmTestPayment.mutate({ ...card, paymentIntentId });

    // A rate-limit refusal.
    const visitor = ts.client();
    await visitor.trpc.site.pageView.mutate({ path: '/', visitorId: 'visitor-0123456789' });
    const limited = await failure(
      visitor.trpc.site.pageView.mutate({ path: '/', visitorId: 'visitor-0123456789' }),
    );
    expect(limited.data?.appCode).toBe('RATE_LIMITED');

    // A replay that hands the recipient their message again; a directory page (the index catches up).
    await recipient.client.trpc.messages.sync.query({ after: 0 });
    await sender.client.trpc.community.directory.query({});

    const after = await scrape();
    expect(sampleValue(after, 'amiko_signups_total')).toBe(1);
    expect(sampleValue(after, 'amiko_email_verifications_total')).toBe(1);
    expect(sampleValue(after, 'amiko_messages_stored_total')).toBe(1);
    expect(sampleValue(after, 'amiko_messages_delivered_total', { via: 'live' })).toBe(1);
    expect(sampleValue(after, 'amiko_messages_delivered_total', { via: 'replay' })).toBe(1);
    expect(sampleValue(after, 'amiko_message_send_refusals_total', { reason: 'payment_required' })).toBe(1);
    expect(sampleValue(after, 'amiko_message_send_refusals_total', { reason: 'blocked' })).toBe(0);
    expect(sampleValue(after, 'amiko_payments_granted_total')).toBe(1);
    expect(sampleValue(after, 'amiko_rate_limit_refusals_total', { rule: 'pageView:ip' })).toBe(1);
    expect(sampleValue(after, 'amiko_rate_limit_refusals_total', { rule: 'signIn:ip' })).toBe(0);

    // Procedures by name and status, each call of a batch on its own.
    const calls = (procedure: string, status: string) =>
      sampleValue(after, 'amiko_trpc_procedure_duration_seconds_count', { procedure, status });
    expect(calls('auth.signUp', '200')).toBe(1);
    expect(calls('messages.send', '200')).toBe(1);
    expect(calls('messages.send', '402')).toBe(1);
    expect(calls('site.pageView', '429')).toBe(1);
    const sendSeconds = sampleValue(after, 'amiko_trpc_procedure_duration_seconds_sum', {
      procedure: 'messages.send',
      status: '200',
    })!;
    expect(sendSeconds).toBeGreaterThan(0);
    expect(sendSeconds).toBeLessThan(10);
    expect(
      sampleValue(after, 'amiko_trpc_procedure_duration_seconds_bucket', {
        procedure: 'auth.signUp',
        status: '200',
        le: '+Inf',
      }),
    ).toBe(1);

    // HTTP requests by route pattern, never by URL; no label names a member.
    const http = after.filter((s) => s.name === 'amiko_http_request_duration_seconds_count');
    expect(
      http.find((s) => s.labels.route === '/trpc/:path' && s.labels.method === 'POST')?.value,
    ).toBeGreaterThan(5);
    for (const sample of after.filter((s) => s.name.startsWith('amiko_'))) {
      const values = Object.values(sample.labels).join(' ');
      for (const id of [sender.id, recipient.id, signedUp.id]) expect(values).not.toContain(id);
      expect(values).not.toContain('?');
    }
    for (const route of new Set(http.map((s) => s.labels.route)))
      expect(route === 'unmatched' || route!.startsWith('/')).toBe(true);

    // The database, the directory index, and Node's own metrics (event-loop lag among them).
    expect(sampleValue(after, 'amiko_db_query_duration_seconds_count')).toBeGreaterThan(10);
    const querySeconds = sampleValue(after, 'amiko_db_query_duration_seconds_sum')!;
    expect(querySeconds).toBeGreaterThan(0);
    expect(querySeconds).toBeLessThan(sampleValue(after, 'process_cpu_seconds_total')! + 60);
    expect(sampleValue(after, 'amiko_directory_index_members')).toBeGreaterThanOrEqual(3);
    expect(sampleValue(after, 'amiko_directory_index_build_seconds')).toBeGreaterThanOrEqual(0);
    const lag = sampleValue(after, 'nodejs_eventloop_lag_p99_seconds')!;
    expect(lag).toBeGreaterThan(0);
    expect(lag).toBeLessThan(5);
    expect(sampleValue(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1e6);

    tabs.forEach((tab) => tab.close());
    await eventually(
      async () => sampleValue(await scrape(), 'amiko_socket_connections') === 0,
      'sockets gone',
    );
  });

  it('name the version and commit the process runs (amiko_build_info)', async () => {
    const info = (await scrape()).filter((sample) => sample.name === 'amiko_build_info');
    expect(info).toHaveLength(1);
    expect(info[0]!.value).toBe(1);
    expect(info[0]!.labels.version).toBe('0.1.0');
    // The checkout's HEAD (a test run has .git; the image passes AMIKO_COMMIT).
    expect(info[0]!.labels.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('are not on the public port, and the metrics port serves nothing else', async () => {
    const publicMetrics = await fetch(`${ts.url}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.text()).not.toContain('amiko_');
    expect((await fetch(ts.metricsUrl!.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(ts.metricsUrl!, { method: 'POST' })).status).toBe(404);
  });
});
