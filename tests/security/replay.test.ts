import { randomUUID } from 'node:crypto';
import type { SyncResult } from '@amiko/api';
import { MESSAGE_MAX_LENGTH, SESSION_COOKIE, TRPC_MAX_BATCH } from '@amiko/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, request, sessionCookie } from '../support/messaging.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { RELAXED_RATE_LIMITS, startTestServer, type TestServer } from '../support/server.ts';

// Issue 17.1, unbounded replay: no single request or socket makes the server hold more than ~1 MB for it.
// A member holds 500 messages of the longest length; replay comes in pages, tRPC batches are capped, and a
// socket that stops reading while asking again and again gets no more answers built for it.

const MB = 1024 * 1024;
const LONG = 'x'.repeat(MESSAGE_MAX_LENGTH);

let ts: TestServer;
let ana: TestMember;
beforeAll(async () => {
  ts = await startTestServer();
  ana = await createMember(ts);
  const bruno = await createMember(ts);
  for (let i = 0; i < 500; i += TRPC_MAX_BATCH) {
    await Promise.all(
      Array.from({ length: TRPC_MAX_BATCH }, () =>
        bruno.client.trpc.messages.send.mutate({ to: ana.id, clientId: randomUUID(), body: LONG }),
      ),
    );
  }
}, 120_000);
afterAll(() => ts.stop());

const token = (member: TestMember) => member.client.http.cookies.get(SESSION_COOKIE)!;

describe('replay in pages', () => {
  it('answers messages.sync a page of at most ~1 MB at a time, and the pages add up to everything', async () => {
    let after = 0;
    let total = 0;
    for (let pages = 0; pages < 100; pages++) {
      const input = encodeURIComponent(JSON.stringify({ after }));
      const response = await ana.client.http.fetch(`${ts.url}/trpc/messages.sync?input=${input}`);
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(Buffer.byteLength(text)).toBeLessThan(MB);
      const page = (JSON.parse(text) as { result: { data: { messages: { id: number }[]; more: boolean } } })
        .result.data;
      total += page.messages.length;
      after = page.messages.at(-1)?.id ?? after;
      if (!page.more) break;
    }
    expect(total).toBe(500);
  });

  it('answers message:sync over the socket in the same pages', async () => {
    const socket = await connectSocket(ts.url, { cookie: sessionCookie(token(ana)) });
    try {
      const answer = await request<SyncResult>(socket, 'message:sync', { after: 0 });
      expect(Buffer.byteLength(JSON.stringify(answer))).toBeLessThan(MB);
      expect(answer.ok && answer.data.more).toBe(true);
    } finally {
      socket.close();
    }
  });
});

describe('batches', () => {
  const batch = (calls: number) => {
    const paths = Array.from({ length: calls }, () => 'messages.unread').join(',');
    return ana.client.http.fetch(`${ts.url}/trpc/${paths}?batch=1&input=${encodeURIComponent('{}')}`);
  };

  it(`refuses a tRPC request batching more than ${TRPC_MAX_BATCH} calls`, async () => {
    expect((await batch(TRPC_MAX_BATCH)).status).toBe(200);
    const refused = await batch(50);
    expect(refused.status).toBe(400);
    expect(Buffer.byteLength(await refused.text())).toBeLessThan(4096);
  });
});

describe('a socket that stops reading', () => {
  it('gets no more answers built for it while earlier ones are still unsent', async () => {
    const socket = await connectSocket(ts.url, { cookie: sessionCookie(token(ana)) });
    // Stop reading: the server's writes to this socket fill the TCP window and then queue in the server.
    const engine = socket.io.engine as unknown as { transport: { ws: { _socket: { pause(): void } } } };
    engine.transport.ws._socket.pause();
    const before = process.memoryUsage().rss;
    let peak = before;
    for (let i = 0; i < 300; i++) {
      socket.emit('message:sync', { after: 0 }, () => undefined);
      if (i % 20 === 0) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        peak = Math.max(peak, process.memoryUsage().rss);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    peak = Math.max(peak, process.memoryUsage().rss);
    socket.disconnect();
    // 300 pages of ~200 KB would be ~60 MB held for this socket; a few pages fill the window and stop it.
    expect((peak - before) / MB).toBeLessThan(30);
  });
});

describe('rate limits', () => {
  it('limits replay and read marks per member like sends', async () => {
    const limited = await startTestServer({
      env: {
        RATE_LIMITS: JSON.stringify({
          ...RELAXED_RATE_LIMITS,
          'sync:account': { max: 3, windowMs: 60_000 },
          'read:account': { max: 3, windowMs: 60_000 },
        }),
      },
    });
    try {
      const eve = await createMember(limited);
      const bob = await createMember(limited);
      const { message } = await bob.client.trpc.messages.send.mutate({
        to: eve.id,
        clientId: randomUUID(),
        body: 'hi',
      });
      for (let i = 0; i < 3; i++) {
        await eve.client.trpc.messages.sync.query({ after: 0 });
        await eve.client.trpc.messages.markRead.mutate({ conversationId: message.conversationId });
      }
      await expect(eve.client.trpc.messages.sync.query({ after: 0 })).rejects.toThrow(
        'common:errors.tooManyRequests',
      );
      await expect(
        eve.client.trpc.messages.markRead.mutate({ conversationId: message.conversationId }),
      ).rejects.toThrow('common:errors.tooManyRequests');
    } finally {
      await limited.stop();
    }
  });
});
