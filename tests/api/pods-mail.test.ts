import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, sessionCookie } from '../support/messaging.ts';
import { createMember, type TestMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.ts';
import { mailsTo, type DevMail } from './accounts-support.ts';
import { podInput } from '../support/pods.ts';

// Issue 34.4: "New messages in Board games Hamburg", the one-to-one chat's message mail for pods: after the
// same delay, once until the member has read the pod, following their mail setting, with the same
// one-click unsubscribe; never to the writer, never about someone blocked either way, never to a suspended
// member.

const DELAY_MS = 600;
const FAST_JOBS = { MESSAGE_MAIL_DELAY_SECONDS: String(DELAY_MS / 1000), JOB_POLL_MS: '100' };
const POD_NAME = 'Board games Hamburg';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A pod started by the first member, which the others have joined. */
async function podOf(starter: TestMember, ...others: TestMember[]): Promise<string> {
  const pod = await starter.client.trpc.pods.start.mutate(podInput({ name: POD_NAME }));
  for (const other of others) await other.client.trpc.pods.join.mutate({ podId: pod.id });
  return pod.id;
}

const say = (from: TestMember, podId: string, body = 'Catan on Sunday at three?') =>
  from.client.trpc.pods.send.mutate({ podId, clientId: randomUUID(), body });

const unsubscribeLinkIn = (mail: DevMail) => {
  const match = /https?:\/\/\S+\/unsubscribe\/messages\?\S+/.exec(mail.text);
  if (!match) throw new Error(`No unsubscribe link in "${mail.subject}"`);
  return match[0];
};

describe('mail when a pod message waits', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ env: FAST_JOBS });
  });
  afterAll(() => ts?.stop());

  /** Waits until `count` mails reached `to`, then a while longer (a further one would show by then). */
  async function settledMailsTo(to: string, count: number): Promise<DevMail[]> {
    const deadline = Date.now() + 10_000;
    while ((await mailsTo(ts, to)).length < count && Date.now() < deadline) await sleep(50);
    await sleep(DELAY_MS + 500);
    return mailsTo(ts, to);
  }

  /** Long enough for a mail that was going to come. */
  const pastTheDelay = () => sleep(DELAY_MS * 2 + 500);

  it('mails each member who is away once after the delay, in their language: the pod’s name and a button, no text, nothing to the writer', async () => {
    const ana = await createMember(ts, { name: 'Ana Lopez' });
    const ben = await createMember(ts);
    const jorg = await createMember(ts, { language: 'de' });
    const podId = await podOf(ana, ben, jorg);
    const sentAt = Date.now();
    await say(ana, podId, 'Secret plans for Sunday');
    await say(ana, podId, 'And a second message');
    const mails = await settledMailsTo(ben.email, 1);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(new Date(mail!.createdAt).getTime() - sentAt).toBeGreaterThanOrEqual(DELAY_MS);
    expect(mail!.subject).toBe(`New messages in ${POD_NAME}`);
    expect(mail!.text).toContain(`New messages are waiting for you in ${POD_NAME}.`);
    expect(mail!.text).toContain(`/pods/${podId}`);
    expect(mail!.text + mail!.html).not.toContain('Secret plans');
    expect(mail!.text + mail!.html).not.toContain('Lopez');
    const [german] = await settledMailsTo(jorg.email, 1);
    expect(german!.subject).toBe(`Neue Nachrichten in ${POD_NAME}`);
    expect(german!.text).toContain(`In ${POD_NAME} warten neue Nachrichten auf dich.`);
    expect(await mailsTo(ts, ana.email)).toEqual([]);
  });

  it('mails about the pod again only after the member has read it, not merely after coming back', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const ben = await createMember(ts);
    const podId = await podOf(ana, ben);
    const first = await say(ana, podId);
    const second = await say(ana, podId, 'Or Saturday?');
    expect(await settledMailsTo(ben.email, 1)).toHaveLength(1);
    await say(ana, podId, 'Still there?');
    await pastTheDelay();
    expect(await mailsTo(ts, ben.email)).toHaveLength(1);

    // Signed in for a moment, without opening the pod: still nothing.
    const { token } = await ts.server.deps.sessions.create(ben.id);
    const socket = await connectSocket(ts.url, { cookie: sessionCookie(token) });
    await sleep(200);
    socket.close();
    await say(ana, podId, 'Hello?');
    await pastTheDelay();
    expect(await mailsTo(ts, ben.email)).toHaveLength(1);

    // A read mark short of the mailed message is not "back" either; one past it is.
    expect(await ben.client.trpc.pods.read.mutate({ podId, upTo: first.message.id })).toEqual({
      upTo: first.message.id,
    });
    const { db, t } = ts.server.database;
    const mark = await db
      .select({ mailedUpTo: t.podMembers.mailedUpTo })
      .from(t.podMembers)
      .where(and(eq(t.podMembers.podId, podId), eq(t.podMembers.memberId, ben.id)));
    expect(mark[0]!.mailedUpTo).toBe(second.message.id);
    await say(ana, podId, 'Anyone?');
    await pastTheDelay();
    expect(await mailsTo(ts, ben.email)).toHaveLength(1);

    await ben.client.trpc.pods.read.mutate({ podId });
    await say(ana, podId, 'See you on Sunday');
    const mails = await settledMailsTo(ben.email, 2);
    expect(mails.map((m) => m.subject)).toEqual([
      `New messages in ${POD_NAME}`,
      `New messages in ${POD_NAME}`,
    ]);
  });

  it('sends nothing to a member who is online, nor once they have read the pod', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const ben = await createMember(ts);
    const cleo = await createMember(ts);
    const podId = await podOf(ana, ben, cleo);
    const { token } = await ts.server.deps.sessions.create(ben.id);
    const socket = await connectSocket(ts.url, { cookie: sessionCookie(token) });
    try {
      await say(ana, podId);
      await cleo.client.trpc.pods.read.mutate({ podId });
      await pastTheDelay();
      expect(await mailsTo(ts, ben.email)).toEqual([]);
      expect(await mailsTo(ts, cleo.email)).toEqual([]);
    } finally {
      socket.close();
    }
    // Ben leaves with the message unread: now it is mailed.
    const mails = await settledMailsTo(ben.email, 1);
    expect(mails.map((m) => m.subject)).toEqual([`New messages in ${POD_NAME}`]);
  });

  it('follows the member’s setting: never sends nothing; daily names the pod’s writers in the summary', async () => {
    const ana = await createMember(ts, { name: 'Ana Lopez' });
    const ben = await createMember(ts);
    const cleo = await createMember(ts);
    const podId = await podOf(ana, ben, cleo);
    await ben.client.trpc.account.setNotifications.mutate({ emailAboutMessages: 'never' });
    await cleo.client.trpc.account.setNotifications.mutate({ emailAboutMessages: 'daily' });
    await say(ana, podId);
    await pastTheDelay();
    expect(await mailsTo(ts, ben.email)).toEqual([]);
    expect(await mailsTo(ts, cleo.email)).toEqual([]);

    const { db, t } = ts.server.database;
    const benJobs = await db.select().from(t.jobs).where(eq(t.jobs.memberId, ben.id));
    expect(benJobs).toEqual([]);
    const cleoJobs = await db.select().from(t.jobs).where(eq(t.jobs.memberId, cleo.id));
    expect(cleoJobs.map((j) => j.kind)).toEqual(['messageDigest']);
    await db.update(t.jobs).set({ runAt: new Date() }).where(eq(t.jobs.id, cleoJobs[0]!.id));
    const [summary, ...more] = await settledMailsTo(cleo.email, 1);
    expect(more).toEqual([]);
    expect(summary!.subject).toBe('New messages on Amiko');
    expect(summary!.text).toContain('Messages from Ana are waiting for you on Amiko.');
  });

  it('sends nothing about a writer the member blocked, or who blocked them; the others’ messages are mailed', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const ben = await createMember(ts);
    const cleo = await createMember(ts, { name: 'Cleo' });
    const dan = await createMember(ts);
    const podId = await podOf(ana, ben, cleo, dan);
    await say(ana, podId, 'Ana’s words');
    // Ben blocks Ana after her message, before its mail is due; Ana blocks Dan.
    await ben.client.trpc.blocks.block.mutate({ memberId: ana.id });
    await ana.client.trpc.blocks.block.mutate({ memberId: dan.id });
    await pastTheDelay();
    expect(await mailsTo(ts, ben.email)).toEqual([]);
    expect(await mailsTo(ts, dan.email)).toEqual([]);
    // Cleo sees both; her message is mailed about to both.
    expect(await settledMailsTo(cleo.email, 1)).toHaveLength(1);
    await say(cleo, podId, 'Cleo’s words');
    expect(await settledMailsTo(ben.email, 1)).toHaveLength(1);
    expect(await settledMailsTo(dan.email, 1)).toHaveLength(1);
  });

  it('sends nothing to a suspended member, nor about a suspended writer', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const ben = await createMember(ts);
    const cleo = await createMember(ts);
    const podId = await podOf(ana, ben, cleo);
    await say(ana, podId);
    const { db, t } = ts.server.database;
    await db.update(t.members).set({ suspendedAt: new Date() }).where(eq(t.members.id, ben.id));
    await pastTheDelay();
    expect(await mailsTo(ts, ben.email)).toEqual([]);
    expect(await settledMailsTo(cleo.email, 1)).toHaveLength(1);

    const dan = await createMember(ts);
    const podOfDan = await podOf(ana, dan);
    await say(ana, podOfDan);
    await db.update(t.members).set({ suspendedAt: new Date() }).where(eq(t.members.id, ana.id));
    await pastTheDelay();
    expect(await mailsTo(ts, dan.email)).toEqual([]);
  });

  it('carries the one-click unsubscribe link, which turns the message mails off', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const ben = await createMember(ts);
    const podId = await podOf(ana, ben);
    await say(ana, podId);
    const [mail] = await settledMailsTo(ben.email, 1);
    const link = unsubscribeLinkIn(mail!);
    expect(link).toContain(`m=${ben.id}`);
    const oneClick = await fetch(link, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect((await ben.client.trpc.account.notifications.query()).emailAboutMessages).toBe('never');

    await ben.client.trpc.pods.read.mutate({ podId });
    await say(ana, podId, 'Hello again');
    await pastTheDelay();
    expect(await mailsTo(ts, ben.email)).toHaveLength(1);
  });
});

describe('mail when a pod message waits, over SMTP', () => {
  let smtp: SmtpCapture;
  let ts: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ts = await startTestServer({ env: { ...FAST_JOBS, SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await ts?.stop();
    await smtp?.stop();
  });

  it('carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), and the link works', async () => {
    const ana = await createMember(ts, { name: 'Ana' });
    const ben = await createMember(ts);
    const pod = await ana.client.trpc.pods.start.mutate(podInput({ name: POD_NAME }));
    await ben.client.trpc.pods.join.mutate({ podId: pod.id });
    await say(ana, pod.id);
    const deadline = Date.now() + 10_000;
    while (smtp.received.length === 0 && Date.now() < deadline) await sleep(50);
    const [mail] = smtp.received;
    expect(mail?.subject).toBe(`New messages in ${POD_NAME}`);
    const line = (key: string) => mail!.headerLines.find((h) => h.key === key)?.line ?? '';
    const link = /^List-Unsubscribe:\s*<(.+)>$/i.exec(line('list-unsubscribe'))?.[1] ?? '';
    expect(link).toMatch(new RegExp(`/unsubscribe/messages\\?m=${ben.id}&k=`));
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The link names the public address (PUBLIC_URL); the test reaches the same server on loopback.
    const url = new URL(new URL(link).pathname + new URL(link).search, ts.url);
    const oneClick = await fetch(url, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect((await ben.client.trpc.account.notifications.query()).emailAboutMessages).toBe('never');
  });
});
