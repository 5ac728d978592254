import { randomUUID } from 'node:crypto';
import type { LoggedAction, OpenReport } from '@amiko/api';
import { SESSION_COOKIE } from '@amiko/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../apps/server/src/ops/admin.ts';
import { failure } from '../support/errors.ts';
import {
  eventually,
  hearPods,
  openSocket,
  sessionCookie,
  type MessagingSocket,
} from '../support/messaging.ts';
import { createMember, type TestMember, type TestMemberOptions } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { podInput } from '../support/pods.ts';

// Pod moderation (issue 34 item 5), on both databases: the starter and the hosts they name remove a member
// with a reason kept for moderation; the removed member hears nothing more of the pod and comes back only
// by a host's approval; a report from a pod keeps the pod's last 50 messages, also once they are deleted;
// `pnpm admin` lists pod reports, removes a member from a pod and closes a pod; a suspended member leaves
// every pod's list at once.

let ts: TestServer;
let env: Record<string, string>;
beforeAll(async () => {
  ts = await startTestServer();
  env = { DATABASE_URL: ts.db.url, UPLOADS_DIR: ts.server.env.UPLOADS_DIR };
});
afterAll(() => ts?.stop());

const open: MessagingSocket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

const member = (options: TestMemberOptions = {}) => createMember(ts, options);

/** A pod started by the first member, which the others have joined. */
async function podOf(starter: TestMember, ...others: TestMember[]): Promise<string> {
  const pod = await starter.client.trpc.pods.start.mutate(podInput());
  for (const other of others) await other.client.trpc.pods.join.mutate({ podId: pod.id });
  return pod.id;
}

/** A device of the member with what its socket hears of pods. */
async function device(who: TestMember) {
  const socket = openSocket(ts.url, { cookie: sessionCookie(who.client.http.cookies.get(SESSION_COOKIE)!) });
  open.push(socket);
  const heard = { ...hearPods(socket), typing: 0 };
  socket.on('pod:typing', () => (heard.typing += 1));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, heard };
}

const say = (from: TestMember, podId: string, body: string) =>
  from.client.trpc.pods.send.mutate({ podId, clientId: randomUUID(), body });

async function appCode(call: Promise<unknown>) {
  const error = await failure(call);
  return [error.data?.appCode, error.message];
}

/** `pnpm admin …` through its entry point, on the server's database. */
async function run(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await admin(args, {
    env,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

async function removalsOf(podId: string) {
  const { db, t } = ts.server.database;
  return db.select().from(t.podRemovals).where(eq(t.podRemovals.podId, podId));
}

const memberIds = async (viewer: TestMember, podId: string) =>
  (await viewer.client.trpc.pods.get.query({ podId })).members.map((m) => m.id);

describe('removing a member', () => {
  it('lets the starter and the hosts they name remove members, with the reason kept', async () => {
    const [starter, host, ben, cleo, dora] = await Promise.all([
      member(),
      member(),
      member(),
      member(),
      member(),
    ]);
    const podId = await podOf(starter, host, ben, cleo, dora);

    // Only the starter names hosts.
    expect(
      await appCode(ben.client.trpc.pods.setRole.mutate({ podId, memberId: host.id, role: 'host' })),
    ).toEqual(['FORBIDDEN', 'pods:errors.notStarter']);
    await starter.client.trpc.pods.setRole.mutate({ podId, memberId: host.id, role: 'host' });
    expect((await host.client.trpc.pods.get.query({ podId })).myRole).toBe('host');
    expect(
      await appCode(starter.client.trpc.pods.setRole.mutate({ podId, memberId: starter.id, role: 'member' })),
    ).toEqual(['VALIDATION', 'pods:errors.starterRole']);

    // A plain member removes nobody; someone outside the pod does not see it; nobody removes themselves.
    expect(
      await appCode(ben.client.trpc.pods.remove.mutate({ podId, memberId: cleo.id, reason: 'Rude' })),
    ).toEqual(['FORBIDDEN', 'pods:errors.notHost']);
    const outsider = await member();
    expect(
      await appCode(outsider.client.trpc.pods.remove.mutate({ podId, memberId: cleo.id, reason: 'Rude' })),
    ).toEqual(['NOT_FOUND', 'pods:errors.notFound']);
    expect(
      await appCode(starter.client.trpc.pods.remove.mutate({ podId, memberId: starter.id, reason: 'x' })),
    ).toEqual(['VALIDATION', 'pods:errors.cannotRemoveSelf']);
    // A reason is required.
    const blank = await failure(
      starter.client.trpc.pods.remove.mutate({ podId, memberId: ben.id, reason: ' ' }),
    );
    expect(blank.data?.appCode).toBe('VALIDATION');

    // A host removes neither the starter nor another host, but removes a member.
    expect(
      await appCode(host.client.trpc.pods.remove.mutate({ podId, memberId: starter.id, reason: 'Coup' })),
    ).toEqual(['FORBIDDEN', 'pods:errors.cannotRemoveHost']);
    await starter.client.trpc.pods.setRole.mutate({ podId, memberId: dora.id, role: 'host' });
    expect(
      await appCode(host.client.trpc.pods.remove.mutate({ podId, memberId: dora.id, reason: 'Rival' })),
    ).toEqual(['FORBIDDEN', 'pods:errors.cannotRemoveHost']);
    await host.client.trpc.pods.remove.mutate({ podId, memberId: ben.id, reason: 'Insulted Cleo twice' });
    // The starter removes a host.
    await starter.client.trpc.pods.remove.mutate({ podId, memberId: dora.id, reason: 'Spam links' });
    expect(
      await appCode(starter.client.trpc.pods.remove.mutate({ podId, memberId: ben.id, reason: 'Again' })),
    ).toEqual(['NOT_FOUND', 'pods:errors.notInPod']);

    expect(await memberIds(starter, podId)).toEqual([starter.id, host.id, cleo.id]);
    const removals = await removalsOf(podId);
    // Both removals came within a millisecond or so: compared in the order of their reasons, not of storing.
    expect(
      removals
        .map(({ memberId, removedBy, actor, reason }) => ({ memberId, removedBy, actor, reason }))
        .sort((a, b) => a.reason.localeCompare(b.reason)),
    ).toEqual([
      { memberId: ben.id, removedBy: host.id, actor: null, reason: 'Insulted Cleo twice' },
      { memberId: dora.id, removedBy: starter.id, actor: null, reason: 'Spam links' },
    ]);
    for (const removal of removals) expect(removal.createdAt).toBeInstanceOf(Date);
  });

  it('stops the removed member hearing the pod at once and refreshes their unread pods', async () => {
    const [starter, ben, cleo] = await Promise.all([member(), member(), member()]);
    const podId = await podOf(starter, ben, cleo);
    await say(starter, podId, 'Before');
    const [bens, cleos] = await Promise.all([device(ben), device(cleo)]);
    await eventually(
      () => bens.heard.unread.some((s) => s.pods.some((p) => p.podId === podId && p.unread === 1)),
      'Ben’s unread pod',
    );

    await starter.client.trpc.pods.remove.mutate({ podId, memberId: ben.id, reason: 'Rude' });
    // The removal's own pod:unread: the pod is no longer among his.
    await eventually(
      () => bens.heard.unread.at(-1)?.pods.every((p) => p.podId !== podId) ?? false,
      'Ben’s unread pods without the pod',
    );
    expect(bens.heard.unread.at(-1)?.unreadPods).toBe(0);

    await say(starter, podId, 'After');
    cleos.socket.emit('pod:typing', { podId });
    await eventually(() => cleos.heard.messages.some((m) => m.body === 'After'), 'Cleo hearing the message');
    // Whatever the server sent Ben would have come before Cleo's copy came back through the same server;
    // give it one more round trip to be sure.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bens.heard.messages).toEqual([]);
    expect(bens.heard.typing).toBe(0);
    expect(await appCode(ben.client.trpc.pods.messages.query({ podId }))).toEqual([
      'NOT_FOUND',
      'pods:errors.notFound',
    ]);
    expect(await appCode(say(ben, podId, 'Let me back'))).toEqual(['NOT_FOUND', 'pods:errors.notFound']);
  });

  it('lets a removed member back only by a host’s approval, whatever the join rule', async () => {
    for (const joinRule of ['ask', 'open'] as const) {
      const [starter, ben] = await Promise.all([member(), member()]);
      const pod = await starter.client.trpc.pods.start.mutate(podInput({ joinRule }));
      if (joinRule === 'ask') {
        await ben.client.trpc.pods.join.mutate({ podId: pod.id });
        await starter.client.trpc.pods.answer.mutate({ podId: pod.id, memberId: ben.id, approve: true });
      } else {
        expect(await ben.client.trpc.pods.join.mutate({ podId: pod.id })).toEqual({ outcome: 'joined' });
      }
      await starter.client.trpc.pods.remove.mutate({ podId: pod.id, memberId: ben.id, reason: 'Rude' });
      expect(await ben.client.trpc.pods.join.mutate({ podId: pod.id })).toEqual({ outcome: 'requested' });
      expect((await ben.client.trpc.pods.get.query({ podId: pod.id })).myRole).toBeNull();
      expect((await starter.client.trpc.pods.get.query({ podId: pod.id })).requests.map((r) => r.id)).toEqual(
        [ben.id],
      );
      await starter.client.trpc.pods.answer.mutate({ podId: pod.id, memberId: ben.id, approve: true });
      expect((await ben.client.trpc.pods.get.query({ podId: pod.id })).myRole).toBe('member');
    }
  });
});

describe('reports from a pod', () => {
  it('keeps the pod’s last 50 messages and the reported one as evidence, after the messages are deleted', async () => {
    // Reporting is never behind the payment: Ben has not paid.
    const [anna, ben, cleo] = await Promise.all([
      member({ name: 'Anna Berg', access: 'paid' }),
      member({ name: 'Ben Kraus', access: 'none' }),
      member({ name: 'Cleo Dahl', access: 'paid' }),
    ]);
    const podId = await podOf(anna, ben, cleo);
    const { message: reported } = await say(cleo, podId, 'You are all idiots');
    // 55 more messages, written straight to the table (the message rate limit would take minutes).
    const { db, t } = ts.server.database;
    for (let i = 1; i <= 55; i += 1)
      await db.insert(t.podMessages).values({
        podId,
        senderId: i % 2 === 0 ? anna.id : cleo.id,
        clientId: randomUUID(),
        body: `Message ${i}`,
        createdAt: new Date(),
      });

    // Ben must name a member of the pod, and a message of theirs there.
    expect(
      await appCode(
        ben.client.trpc.pods.report.mutate({
          podId,
          memberId: anna.id,
          messageId: reported.id,
          reason: 'spam',
        }),
      ),
    ).toEqual(['NOT_FOUND', 'pods:errors.messageNotFound']);
    expect(
      await appCode(ben.client.trpc.pods.report.mutate({ podId, memberId: ben.id, reason: 'spam' })),
    ).toEqual(['VALIDATION', 'community:errors.cannotReportSelf']);
    const outsider = await member();
    expect(
      await appCode(outsider.client.trpc.pods.report.mutate({ podId, memberId: cleo.id, reason: 'spam' })),
    ).toEqual(['NOT_FOUND', 'pods:errors.notFound']);

    const { id } = await ben.client.trpc.pods.report.mutate({
      podId,
      memberId: cleo.id,
      messageId: reported.id,
      reason: 'harassment',
      note: 'She insults everyone',
    });
    // A member, without a message.
    await ben.client.trpc.pods.report.mutate({ podId, memberId: anna.id, reason: 'other' });

    // Every message goes; the report keeps them.
    await db.delete(t.podMessages).where(eq(t.podMessages.podId, podId));
    const [row] = await db.select().from(t.reports).where(eq(t.reports.id, id));
    expect(row).toMatchObject({
      reporterId: ben.id,
      reportedId: cleo.id,
      podId,
      podMessageId: reported.id,
      reason: 'harassment',
    });
    expect(row!.evidence).toHaveLength(51);
    expect(row!.evidence[0]).toMatchObject({
      id: reported.id,
      senderId: cleo.id,
      body: 'You are all idiots',
    });
    expect(row!.evidence.slice(1).map((m) => m.body)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Message ${i + 6}`),
    );

    const listed = await run('pod-reports', '--json');
    expect(listed.code).toBe(0);
    const reports = (JSON.parse(listed.stdout) as OpenReport[]).filter((r) => r.pod?.id === podId);
    expect(reports.map((r) => r.reported.id)).toEqual([cleo.id, anna.id]);
    expect(reports[0]).toMatchObject({
      pod: { id: podId, name: 'Board games', messageId: reported.id },
      note: 'She insults everyone',
      reporter: { id: ben.id },
    });
    expect(reports[0]!.evidence.at(-1)).toMatchObject({ body: 'Message 55', senderName: 'Cleo Dahl' });
    expect(reports[0]!.evidence.at(-2)).toMatchObject({ body: 'Message 54', senderName: 'Anna Berg' });

    const text = await run('pod-reports');
    expect(text.stdout).toContain(`Pod:      Board games (${podId}), message ${reported.id}`);
    // The mark before the member's text, which is quoted: no message can end in a mark of its own.
    expect(text.stdout).toMatch(/Z {2}>> reported {2}"Cleo Dahl": "You are all idiots"\n/);
    expect(text.stdout).toMatch(/Z {2}"Anna Berg": "Message 54"\n/);
    expect(text.stdout).toContain('Evidence, the last 51 messages in the pod when reported');
    // One-to-one reports are not among them, and `reports` lists both kinds.
    await ben.client.trpc.reports.create.mutate({ memberId: cleo.id, reason: 'spam' });
    const onlyPods = JSON.parse((await run('pod-reports', '--json')).stdout) as OpenReport[];
    expect(onlyPods.every((r) => r.pod !== null)).toBe(true);
    const all = JSON.parse((await run('reports', '--json')).stdout) as OpenReport[];
    expect(all.some((r) => r.pod === null) && all.some((r) => r.pod?.id === podId)).toBe(true);
  });
});

describe('pnpm admin for pods', () => {
  it('removes a member from a pod with a reason, the starter too, and logs it', async () => {
    const [starter, ben] = await Promise.all([member(), member()]);
    const podId = await podOf(starter, ben);
    const bens = await device(ben);
    for (const name of ['pod-reports', 'pod-remove', 'pod-close']) {
      const help = await run(name, '--help');
      expect(help.stdout).toContain(`Usage: pnpm admin ${name}`);
    }
    expect((await run('pod-remove', ben.id, '--pod', podId)).code).toBe(2);

    const removed = await run('pod-remove', ben.email, '--pod', podId, '--reason', 'Threats', '--by', 'ops');
    expect(removed).toMatchObject({ code: 0, stderr: '' });
    expect(removed.stdout).toContain(`from pod ${podId}`);
    expect(await memberIds(starter, podId)).toEqual([starter.id]);
    const [removal] = await removalsOf(podId);
    expect(removal).toMatchObject({ memberId: ben.id, removedBy: null, actor: 'ops', reason: 'Threats' });
    const again = await run('pod-remove', ben.id, '--pod', podId, '--reason', 'Threats');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('is not in pod');
    expect((await run('pod-remove', ben.id, '--pod', 'no-such-pod', '--reason', 'x')).code).toBe(1);

    // The command line has no sockets, yet Ben hears nothing more of the pod.
    await say(starter, podId, 'Gone?');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bens.heard.messages).toEqual([]);

    // The starter too: the pod passes on, as when a starter leaves.
    const cleo = await member();
    await cleo.client.trpc.pods.join.mutate({ podId });
    expect((await run('pod-remove', starter.id, '--pod', podId, '--reason', 'Scam')).code).toBe(0);
    expect((await cleo.client.trpc.pods.get.query({ podId })).myRole).toBe('starter');

    const log = JSON.parse((await run('log', '--member', ben.id, '--json')).stdout) as LoggedAction[];
    expect(log[0]).toMatchObject({ action: 'pod-remove', actor: 'ops', reason: 'Threats', podId });
    expect((await run('log', '--member', ben.id)).stdout).toContain(`) from pod ${podId}, by ops: Threats`);
  });

  it('closes a pod: gone from its members’ lists, logged', async () => {
    const [starter, ben] = await Promise.all([member(), member()]);
    const podId = await podOf(starter, ben);
    await say(starter, podId, 'Hello');
    const closed = await run('pod-close', podId, '--reason', 'A front for spam', '--by', 'ops');
    expect(closed).toMatchObject({ code: 0, stdout: `Closed pod ${podId}.\n` });
    expect(await run('pod-close', podId, '--reason', 'again')).toMatchObject({
      code: 0,
      stdout: `Pod ${podId} was closed already: nothing to do.\n`,
    });
    expect((await run('pod-close', 'no-such-pod', '--reason', 'x')).code).toBe(1);
    for (const who of [starter, ben]) {
      expect((await who.client.trpc.pods.mine.query()).map((p) => p.id)).not.toContain(podId);
      expect(await appCode(who.client.trpc.pods.get.query({ podId }))).toEqual([
        'NOT_FOUND',
        'pods:errors.notFound',
      ]);
      expect((await who.client.trpc.pods.unread.query()).pods.map((p) => p.podId)).not.toContain(podId);
    }
    const { db, t } = ts.server.database;
    const [action] = await db
      .select()
      .from(t.moderationActions)
      .where(and(eq(t.moderationActions.podId, podId), eq(t.moderationActions.action, 'pod-close')));
    expect(action).toMatchObject({ actor: 'ops', reason: 'A front for spam', memberId: null });
    expect((await run('log', '--limit', '1000')).stdout).toContain(
      `pod-close pod ${podId}, by ops: A front for spam`,
    );
  });
});

describe('suspension', () => {
  it('takes a member suspended with pnpm admin out of every pod’s list at once', async () => {
    const [starter, other, suspended] = await Promise.all([member(), member(), member()]);
    const first = await podOf(starter, suspended);
    const second = await podOf(other, suspended);
    const third = await starter.client.trpc.pods.start.mutate(podInput({ sizeLimit: 3 }));
    await suspended.client.trpc.pods.join.mutate({ podId: third.id });
    expect((await run('suspend', suspended.id, '--reason', 'Spam')).code).toBe(0);

    for (const [viewer, podId] of [
      [starter, first],
      [other, second],
      [starter, third.id],
    ] as const) {
      expect(await memberIds(viewer, podId)).not.toContain(suspended.id);
      for (const pod of await viewer.client.trpc.pods.mine.query())
        expect(pod.members.map((m) => m.id)).not.toContain(suspended.id);
    }
    // Their place is free again, and a newcomer finding pods does not see them in any.
    expect((await starter.client.trpc.pods.get.query({ podId: third.id })).freePlaces).toBe(2);
    const newcomer = await member();
    for (const pod of await newcomer.client.trpc.pods.find.query({ where: 'anywhere' }))
      expect(pod.members.map((m) => m.id)).not.toContain(suspended.id);
  });
});
