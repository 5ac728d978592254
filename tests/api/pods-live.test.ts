import { SESSION_COOKIE } from '@amiko/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openSocket, sessionCookie, type MessagingSocket } from '../support/messaging.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { podInput } from '../support/pods.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// A pod's open pages follow its changes live (pod:changed, the pod's id only): someone asks to join, is
// approved, is named host, leaves, or is removed — the pod's members hear it on every device, and so does the
// member it is about; nobody else. On both databases.

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts?.stop());

const open: MessagingSocket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

/** The pods a device of the member hears change, in order. */
async function device(who: TestMember): Promise<string[]> {
  const socket = openSocket(ts.url, { cookie: sessionCookie(who.client.http.cookies.get(SESSION_COOKIE)!) });
  open.push(socket);
  const heard: string[] = [];
  socket.on('pod:changed', ({ podId }) => heard.push(podId));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return heard;
}

describe('pod:changed', () => {
  it('reaches the pod and the member it is about when someone asks, is approved, named host, leaves or is removed', async () => {
    const [ana, ben, cleo, stranger] = [
      await createMember(ts),
      await createMember(ts),
      await createMember(ts),
      await createMember(ts),
    ];
    const pod = await ana.client.trpc.pods.start.mutate(podInput({ name: 'Chess club', joinRule: 'ask' }));
    const [anas, bens, cleos, strangers] = await Promise.all([
      device(ana),
      device(ben),
      device(cleo),
      device(stranger),
    ]);
    const podId = pod.id;

    await ben.client.trpc.pods.join.mutate({ podId });
    await eventually(() => anas.length === 1 && bens.length === 1, 'the request, to the host and to Ben');
    await ana.client.trpc.pods.answer.mutate({ podId, memberId: ben.id, approve: true });
    await eventually(() => anas.length === 2 && bens.length === 2, 'the approval');
    await ana.client.trpc.pods.setRole.mutate({ podId, memberId: ben.id, role: 'host' });
    await eventually(() => anas.length === 3 && bens.length === 3, 'the new host');
    await cleo.client.trpc.pods.join.mutate({ podId });
    await ben.client.trpc.pods.answer.mutate({ podId, memberId: cleo.id, approve: true });
    await eventually(() => cleos.length === 2 && bens.length === 5, 'Cleo asked and was approved');
    await ana.client.trpc.pods.remove.mutate({ podId, memberId: cleo.id, reason: 'Rude to everyone' });
    await eventually(() => cleos.length === 3 && anas.length === 6, 'the removal, Cleo told too');
    await ben.client.trpc.pods.leave.mutate({ podId });
    await eventually(() => bens.length === 7 && anas.length === 7, 'Ben left, and hears it on his devices');
    // Cleo, removed, hears nothing more of the pod; nobody outside it ever did.
    expect(cleos).toHaveLength(3);
    expect(strangers).toEqual([]);
    expect(new Set([...anas, ...bens, ...cleos])).toEqual(new Set([podId]));
  });
});
