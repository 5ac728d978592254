import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Ack, PodMessageView, PodSyncResult } from '@amiko/api';
import { createReplayCursor } from '@amiko/core';
import { openDatabase } from '@amiko/db';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { spawnAmiko, type AmikoProcess } from '../support/amiko-process.ts';
import { createTestDatabase, type TestDialect } from '../support/database.ts';
import {
  clientFor,
  freePort,
  memberWithSession,
  openSocket,
  sessionCookie,
  type MessagingSocket,
} from '../support/messaging.ts';
import { podInput } from '../support/pods.ts';

// The no-loss test of messaging.test.ts for a pod's chat (issue 34.4): the members of one pod send numbered
// messages to it while the server process is killed with SIGKILL and started again on the same database,
// twice. Afterwards every acknowledged message is stored exactly once, in each sender's order, none doubled
// by the retries with the same clientId, and has reached every other member of the pod, live or by the
// pod's replay after a reconnect.

const SENDERS = 4;
const RESTARTS = 2;
/** How long the clients keep sending between restarts. */
const PHASE_MS = 1500;
const ACK_TIMEOUT_MS = 2000;

interface Client {
  id: string;
  socket: MessagingSocket;
  /** Pod message ids received (live or replayed) → message. */
  received: Map<number, PodMessageView>;
  acked: { seq: number; clientId: string; id: number }[];
  /** Sends repeated for want of an ack. */
  resent: number;
  /** Messages that arrived through a replay, not live. */
  replayed: number;
}

/** A member's client as the pod's page behaves: replays the pod after every (re)connect, resends until acked. */
function startClient(url: string, member: { id: string; token: string }, podId: string): Client {
  const socket = openSocket(url, { cookie: sessionCookie(member.token), reconnection: true });
  const client: Client = { id: member.id, socket, received: new Map(), acked: [], resent: 0, replayed: 0 };
  const cursor = createReplayCursor();
  socket.on('pod:message', (message) => {
    if (message.podId !== podId) return;
    cursor.seenLive(message.id, Date.now());
    client.received.set(message.id, message);
  });
  socket.on('disconnect', () => cursor.disconnected(Date.now()));
  socket.on('connect', async () => {
    try {
      for (let after = cursor.resumeAfter(Date.now()); ;) {
        const result = (await socket
          .timeout(ACK_TIMEOUT_MS)
          .emitWithAck('pod:sync', { podId, after })) as Ack<PodSyncResult>;
        if (!result.ok) return;
        for (const message of result.data.messages) {
          if (!client.received.has(message.id)) client.replayed += 1;
          client.received.set(message.id, message);
        }
        after = result.data.messages.at(-1)?.id ?? after;
        cursor.seenSnapshot(after);
        if (!result.data.more) return;
      }
    } catch {
      // Disconnected during the replay: the next connect replays again.
    }
  });
  return client;
}

/** Sends 1, 2, 3, … to the pod one after the other; each until acknowledged, always with the same clientId. */
async function sendNumbered(client: Client, podId: string, running: () => boolean) {
  for (let seq = 1; running(); seq += 1) {
    const clientId = randomUUID();
    for (;;) {
      if (!client.socket.connected) {
        await sleep(20);
        continue;
      }
      try {
        const ack = (await client.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('pod:send', {
          podId,
          clientId,
          body: `${client.id}#${seq}`,
        })) as Ack<PodMessageView>;
        if (ack.ok) {
          client.acked.push({ seq, clientId, id: ack.data.id });
          break;
        }
      } catch {
        // No ack in time (the server died): send the same clientId again.
      }
      client.resent += 1;
      await sleep(20);
    }
    await sleep(5);
  }
}

const POD = podInput({ sizeLimit: 6 });

async function scenario(dialect: TestDialect) {
  const database = await createTestDatabase(dialect);
  const port = await freePort();
  const env = { PORT: String(port) };
  let server: AmikoProcess = await spawnAmiko({ database, env });
  const url = server.url;
  try {
    const members: { id: string; token: string }[] = [];
    for (let i = 0; i < SENDERS; i += 1)
      members.push(await memberWithSession(server.db(), { name: `Sender ${i}` }));
    const { id: podId } = await clientFor(url, members[0]!.token).trpc.pods.start.mutate(POD);
    for (const member of members.slice(1))
      await clientFor(url, member.token).trpc.pods.join.mutate({ podId });
    // Every client is a sender and receives everyone else's messages.
    const clients = members.map((m) => startClient(url, m, podId));
    let running = true;
    const sending = clients.map((c) => sendNumbered(c, podId, () => running));

    for (let restart = 0; restart < RESTARTS; restart += 1) {
      await sleep(PHASE_MS);
      await server.stop('SIGKILL');
      server = await spawnAmiko({ database, env });
    }
    await sleep(PHASE_MS);
    running = false;
    await Promise.all(sending);
    // Let the last live events and replays arrive: each acknowledged message at every other member.
    const missing = () =>
      clients.some((sender) =>
        sender.acked.some((a) => clients.some((c) => c !== sender && !c.received.has(a.id))),
      );
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && missing()) await sleep(50);

    const check = openDatabase({ url: database.url });
    const pm = check.t.podMessages;
    const rows = await check.db.select().from(pm).where(eq(pm.podId, podId)).orderBy(asc(pm.id));
    await check.close();

    let lost = 0;
    let duplicated = 0;
    for (const client of clients) {
      const stored = rows.filter((r) => r.senderId === client.id);
      const seqs = stored.map((r) => Number(r.body.split('#')[1]));
      // Stored exactly once and in order: the sender's numbers, ascending by id, with no repeats or gaps.
      duplicated += seqs.length - new Set(seqs).size;
      expect(seqs).toEqual(client.acked.map((a) => a.seq));
      expect(stored.map((r) => r.id)).toEqual(client.acked.map((a) => a.id));
      for (const other of clients)
        if (other !== client) lost += client.acked.filter((a) => !other.received.has(a.id)).length;
    }
    const sum = (f: (c: Client) => number) => clients.reduce((n, c) => n + f(c), 0);
    const acked = sum((c) => c.acked.length);
    console.log(
      `[reliability pods ${dialect}] ${RESTARTS} SIGKILL restarts, ${SENDERS} members of one pod: acknowledged ${acked}, ` +
        `stored ${rows.length}, deliveries lost ${lost}, duplicated ${duplicated} (sends repeated for want of an ack: ` +
        `${sum((c) => c.resent)}, deliveries by replay: ${sum((c) => c.replayed)})`,
    );
    expect(acked).toBeGreaterThan(SENDERS * 10);
    expect(rows).toHaveLength(acked);
    expect(lost).toBe(0);
    expect(duplicated).toBe(0);
    for (const client of clients) client.socket.close();
  } finally {
    await server.stop();
    await database.drop();
  }
}

describe('pod messages survive the server being killed', () => {
  it('on SQLite', () => scenario('sqlite'), 120_000);
  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL', () => scenario('postgres'), 120_000);
});
