import type { Ack, ClientToServerEvents, MessageView, SyncResult } from '@amiko/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedMessage } from '../test/fixtures.ts';
import { startTestSocketServer, type TestSocketServer } from '../test/socket-double.ts';
import {
  createMessagingClient,
  MESSAGING_TIMING,
  type MessagingClient,
  type MessagingHandlers,
} from './client.ts';

// The app's own live messaging client (socket.io-client, replay, outbox) against a real socket.io server
// that answers as the test says: catching up page by page, through refused and unanswered pages, and sends
// that the server was too busy to take.

type SyncAnswer = 'page' | 'refuse' | 'ignore';
type SendInput = Parameters<ClientToServerEvents['message:send']>[0];

const PAGE_SIZE = 50;
/** Short waits, so that a refused or unanswered page is asked again within the test. */
const TIMING = { ...MESSAGING_TIMING, ackTimeoutMs: 300, replayRetryMs: [20, 40], busyRetryMs: 20 };

let server: TestSocketServer | null = null;
let client: MessagingClient | null = null;
afterEach(async () => {
  client?.stop();
  await server?.close();
  client = null;
  server = null;
});

/** Ben missed 120 messages from Ana while he was away; the server pages them as Amiko's server does. */
const missed = Array.from({ length: 120 }, (_, i) => storedMessage(i + 1, 'ana'));
function pageAfter(after: number): SyncResult {
  const rest = missed.filter((message) => message.id > after);
  return { messages: rest.slice(0, PAGE_SIZE), more: rest.length > PAGE_SIZE };
}

function recordingHandlers() {
  const received: { id: number; source: string }[] = [];
  const handlers: MessagingHandlers = {
    message: (message, source) => void received.push({ id: message.id, source }),
    read: () => undefined,
    deleted: () => undefined,
    unreadCleared: () => undefined,
    unread: () => undefined,
    connected: () => undefined,
    sessionEnded: () => undefined,
    podUnread: () => undefined,
    podMeetups: () => undefined,
    podChanged: () => undefined,
    paymentRequired: () => undefined,
  };
  return { handlers, received };
}

/**
 * A server answering each `message:sync` as `answers` says, in turn (a page once they run out), and each
 * `message:send` with the ack `sendAnswer` makes.
 */
async function serve(
  answers: SyncAnswer[],
  sendAnswer: (input: SendInput, attempt: number) => Ack<MessageView> = (input) => ({
    ok: true,
    data: { ...storedMessage(500, 'ben', input.body), clientId: input.clientId },
  }),
) {
  const syncs: { after: number; answer: SyncAnswer }[] = [];
  const sends: SendInput[] = [];
  const reads: { conversationId: string; upTo?: number }[] = [];
  server = await startTestSocketServer((socket) => {
    socket.on('message:sync', ({ after }, ack) => {
      const answer = answers[syncs.length] ?? 'page';
      syncs.push({ after, answer });
      if (answer === 'page') ack({ ok: true, data: pageAfter(after) });
      if (answer === 'refuse')
        ack({ ok: false, error: { appCode: 'RATE_LIMITED', message: 'common:errors.tooManyRequests' } });
    });
    socket.on('message:send', (input, ack) => {
      sends.push(input);
      ack(sendAnswer(input, sends.length));
    });
    // The first read mark finds the server busy.
    socket.on('conversation:read', (input, ack) => {
      reads.push(input);
      ack?.(
        reads.length === 1
          ? { ok: false, error: { appCode: 'BUSY', message: 'common:errors.tooManyRequests' } }
          : { ok: true, data: { upTo: input.upTo ?? null } },
      );
    });
  });
  return { url: server.url, syncs, sends, reads };
}

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('catching up after a connect', () => {
  it('asks page after page until the server has no more', async () => {
    const { url, syncs } = await serve([]);
    const { handlers, received } = recordingHandlers();
    client = createMessagingClient(url, handlers, TIMING);
    client.knownUpTo(0);
    client.start();
    await vi.waitFor(() => expect(received).toHaveLength(120));
    expect(syncs.map((sync) => sync.after)).toEqual([0, 50, 100]);
    expect(received.map((message) => message.id)).toEqual(ids(1, 120));
    expect(new Set(received.map((message) => message.source))).toEqual(new Set(['replay']));
  });

  it('asks again for a page that was refused or not answered, and still gets everything', async () => {
    // The second page is refused (the replay limit), then not answered at all (a server that dropped the
    // event), then answered.
    const { url, syncs } = await serve(['page', 'refuse', 'ignore']);
    const { handlers, received } = recordingHandlers();
    client = createMessagingClient(url, handlers, TIMING);
    client.knownUpTo(0);
    client.start();
    await vi.waitFor(() => expect(received).toHaveLength(120), { timeout: 5000 });
    expect(syncs).toEqual([
      { after: 0, answer: 'page' },
      { after: 50, answer: 'refuse' },
      { after: 50, answer: 'ignore' },
      { after: 50, answer: 'page' },
      { after: 100, answer: 'page' },
    ]);
    expect(received.map((message) => message.id)).toEqual(ids(1, 120));
  });
});

describe('the outbox', () => {
  it('sends again, with the same clientId, a message the server was too busy to take: it never shows as failed', async () => {
    const { url, sends } = await serve([], (input, attempt) =>
      attempt < 3
        ? { ok: false, error: { appCode: 'BUSY', message: 'common:errors.tooManyRequests' } }
        : { ok: true, data: { ...storedMessage(500, 'ben', input.body), clientId: input.clientId } },
    );
    const { handlers, received } = recordingHandlers();
    client = createMessagingClient(url, handlers, TIMING);
    const statuses: string[] = [];
    client.outbox.subscribe(() => statuses.push(...client!.outbox.get().map((entry) => entry.status)));
    client.start();
    const clientId = client.send('ana', 'Shall we meet at the lake?');
    await vi.waitFor(() => expect(received).toEqual([{ id: 500, source: 'ack' }]));
    expect(sends.map((send) => send.clientId)).toEqual([clientId, clientId, clientId]);
    expect(client.outbox.get()).toEqual([]);
    expect(statuses).not.toContain('failed');
  });

  it('still shows a send the server refused for good (too fast) as failed', async () => {
    const { url } = await serve([], () => ({
      ok: false,
      error: { appCode: 'RATE_LIMITED', message: 'messages:errors.tooFast' },
    }));
    const { handlers } = recordingHandlers();
    client = createMessagingClient(url, handlers, TIMING);
    client.start();
    client.send('ana', 'Hello?');
    await vi.waitFor(() => expect(client!.outbox.get()[0]?.status).toBe('failed'));
  });
});

describe('a send refused for good', () => {
  it('fails with every message waiting for that member, offers no retry, and closes the conversation (issue 30.5)', async () => {
    const { url, sends } = await serve([], () => ({
      ok: false,
      error: { appCode: 'BLOCKED', message: 'messages:errors.blocked' },
    }));
    const { handlers } = recordingHandlers();
    client = createMessagingClient(url, handlers, TIMING);
    client.send('ana', 'Hello?');
    client.send('ana', 'Are you there?');
    client.start();
    await vi.waitFor(() =>
      expect(client!.outbox.get().map((e) => [e.status, e.final])).toEqual([
        ['failed', true],
        ['failed', true],
      ]),
    );
    // One refusal was enough: the second message was never sent, and a retry sends nothing.
    expect(sends).toHaveLength(1);
    expect(client.closed.get().get('ana')).toEqual({
      appCode: 'BLOCKED',
      message: 'messages:errors.blocked',
    });
    client.retry(client.outbox.get()[0]!.clientId);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sends).toHaveLength(1);
    expect(client.outbox.get()[0]?.status).toBe('failed');
  });
});

describe('read marks', () => {
  it('are sent again when the server was too busy to take them', async () => {
    const { url, reads } = await serve([]);
    const { handlers } = recordingHandlers();
    client = createMessagingClient(url, handlers, TIMING);
    const connected = new Promise((resolve) => client!.socket.once('connect', () => resolve(null)));
    client.start();
    await connected;
    expect(client.markRead('c', 42)).toBe(true);
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    expect(reads).toEqual([
      { conversationId: 'c', upTo: 42 },
      { conversationId: 'c', upTo: 42 },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads).toHaveLength(2);
  });
});

describe('unread pods', () => {
  it('are taken from a pod message that carries them, and from pod:unread', async () => {
    const podMessage = {
      id: 7,
      podId: 'pod-1',
      senderId: 'ana',
      clientId: 'c-7',
      body: 'Catan?',
      createdAt: 1,
    };
    const carried = { unreadPods: 1, pods: [{ podId: 'pod-1', unread: 1 }] };
    const alone = { unreadPods: 0, pods: [{ podId: 'pod-1', unread: 0 }] };
    server = await startTestSocketServer((socket) => {
      socket.on('message:sync', (_input, ack) => ack({ ok: true, data: { messages: [], more: false } }));
      // The sender's own copy carries nothing; a recipient's carries theirs; a state read again comes alone.
      socket.emit('pod:message', { ...podMessage, meetup: null });
      socket.emit('pod:message', { ...podMessage, meetup: null, unread: carried });
      socket.emit('pod:unread', alone);
    });
    const states: unknown[] = [];
    const { handlers } = recordingHandlers();
    client = createMessagingClient(
      server.url,
      { ...handlers, podUnread: (state) => states.push(state) },
      TIMING,
    );
    client.knownUpTo(0);
    client.start();
    await vi.waitFor(() => expect(states).toHaveLength(2));
    expect(states).toEqual([carried, alone]);
  });
});
