import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, sessionCookie } from '../support/messaging.ts';
import { createMember, TEST_PASSWORD, type TestMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.ts';
import { actionLinkIn, latestMailTo, mailsTo, STRONG_PASSWORD, type DevMail } from './accounts-support.ts';

// Issue 19.1: one mail when a message waits for a member who is away, after a delay (shortened here).

const DELAY_MS = 600;
const FAST_JOBS = { MESSAGE_MAIL_DELAY_SECONDS: String(DELAY_MS / 1000), JOB_POLL_MS: '100' };

const send = (from: TestMember, to: TestMember, body = 'Hi! Shall we go hiking on Sunday?') =>
  from.client.trpc.messages.send.mutate({ to: to.id, clientId: randomUUID(), body });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `count` mails reached `to`, then a while longer (a second one would show by then). */
async function settledMailsTo(ts: TestServer, to: string, count: number): Promise<DevMail[]> {
  const deadline = Date.now() + 10_000;
  while ((await mailsTo(ts, to)).length < count && Date.now() < deadline) await sleep(50);
  await sleep(DELAY_MS + 500);
  return mailsTo(ts, to);
}

const unsubscribeLinkIn = (mail: DevMail) => {
  const match = /https?:\/\/\S+\/unsubscribe\/messages\?\S+/.exec(mail.text);
  if (!match) throw new Error(`No unsubscribe link in "${mail.subject}"`);
  return match[0];
};

describe('mail when a message waits', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ env: FAST_JOBS });
  });
  afterAll(() => ts.stop());

  it('mails an offline member once after the delay: the sender’s first name and a button, no message text', async () => {
    const bruno = await createMember(ts, { name: 'Bruno Keller' });
    const ana = await createMember(ts);
    const sentAt = Date.now();
    await send(bruno, ana, 'Secret plans for Sunday');
    await send(bruno, ana, 'And a second message');
    // Nothing yet while the delay runs (on a loaded machine the two sends may outlast it: the mail's time
    // below is what shows the delay either way).
    const early = await mailsTo(ts, ana.email);
    if (Date.now() - sentAt < DELAY_MS) expect(early).toEqual([]);
    const mails = await settledMailsTo(ts, ana.email, 1);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(new Date(mail!.createdAt).getTime() - sentAt).toBeGreaterThanOrEqual(DELAY_MS);
    expect(mail!.subject).toBe('Bruno wrote to you on Amiko');
    expect(mail!.text).toContain(`/messages?with=${bruno.id}`);
    expect(mail!.text + mail!.html).not.toContain('Secret plans');
    expect(mail!.text).not.toContain('Keller');
  });

  it('mails again about the same conversation only after the member has been back', async () => {
    const bruno = await createMember(ts, { name: 'Bruno' });
    const ana = await createMember(ts);
    await send(bruno, ana);
    expect(await settledMailsTo(ts, ana.email, 1)).toHaveLength(1);
    await send(bruno, ana, 'Still there?');
    expect(await settledMailsTo(ts, ana.email, 1)).toHaveLength(1);
    const { token } = await ts.server.deps.sessions.create(ana.id);
    const socket = await connectSocket(ts.url, { cookie: sessionCookie(token) });
    await sleep(200);
    socket.close();
    await sleep(200);
    await send(bruno, ana, 'Hello again');
    expect(await settledMailsTo(ts, ana.email, 2)).toHaveLength(2);
  });

  it('sends nothing to a member who is online', async () => {
    const bruno = await createMember(ts, { name: 'Bruno' });
    const ana = await createMember(ts);
    const { token } = await ts.server.deps.sessions.create(ana.id);
    const socket = await connectSocket(ts.url, { cookie: sessionCookie(token) });
    try {
      await send(bruno, ana);
      await sleep(DELAY_MS * 2 + 500);
      expect(await mailsTo(ts, ana.email)).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('mails a member who was online when the messages came and left without reading them, once per conversation', async () => {
    const bruno = await createMember(ts, { name: 'Bruno' });
    const carla = await createMember(ts, { name: 'Carla' });
    const ana = await createMember(ts);
    const { token } = await ts.server.deps.sessions.create(ana.id);
    const socket = await connectSocket(ts.url, { cookie: sessionCookie(token) });
    await send(bruno, ana);
    await send(carla, ana);
    await send(bruno, ana);
    await sleep(DELAY_MS + 300);
    expect(await mailsTo(ts, ana.email)).toEqual([]);
    socket.close();
    const mails = await settledMailsTo(ts, ana.email, 2);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Bruno wrote to you on Amiko',
      'Carla wrote to you on Amiko',
    ]);
  });

  it('sends nothing about a sender the member blocked before the mail was due', async () => {
    const bruno = await createMember(ts, { name: 'Bruno' });
    const ana = await createMember(ts);
    await send(bruno, ana);
    await ana.client.trpc.blocks.block.mutate({ memberId: bruno.id });
    await sleep(DELAY_MS * 2 + 500);
    expect(await mailsTo(ts, ana.email)).toEqual([]);
  });

  it('sends nothing once the message was read, nor to a member who chose never', async () => {
    const bruno = await createMember(ts, { name: 'Bruno' });
    const ana = await createMember(ts);
    const carla = await createMember(ts);
    const { message } = await send(bruno, ana);
    await ana.client.trpc.messages.markRead.mutate({ conversationId: message.conversationId });
    await carla.client.trpc.account.setNotifications.mutate({ emailAboutMessages: 'never' });
    await send(bruno, carla);
    await sleep(DELAY_MS * 2 + 500);
    expect(await mailsTo(ts, ana.email)).toEqual([]);
    expect(await mailsTo(ts, carla.email)).toEqual([]);
  });

  it('writes in the member’s language', async () => {
    const bruno = await createMember(ts, { name: 'Bruno' });
    const jorg = await createMember(ts, { language: 'de' });
    await send(bruno, jorg);
    const [mail] = await settledMailsTo(ts, jorg.email, 1);
    expect(mail!.subject).toBe('Bruno hat dir auf Amiko geschrieben');
  });

  it('a daily summary instead, when the member chose it', async () => {
    const bruno = await createMember(ts, { name: 'Bruno' });
    const ana = await createMember(ts);
    expect(await ana.client.trpc.account.setNotifications.mutate({ emailAboutMessages: 'daily' })).toEqual({
      showMessageText: false,
      emailAboutMessages: 'daily',
    });
    await send(bruno, ana);
    await sleep(DELAY_MS * 2 + 500);
    expect(await mailsTo(ts, ana.email)).toEqual([]);
    const { db, t } = ts.server.database;
    const jobs = await db.select().from(t.jobs).where(eq(t.jobs.memberId, ana.id));
    expect(jobs.map((j) => j.kind)).toEqual(['messageDigest']);
    expect(jobs[0]!.runAt.getTime() - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);

    // Carla writes too, and is blocked: the summary, when its day has come, names Bruno only.
    const carla = await createMember(ts, { name: 'Carla' });
    await send(carla, ana, 'Carla’s words');
    await ana.client.trpc.blocks.block.mutate({ memberId: carla.id });
    await sleep(DELAY_MS * 2 + 500);
    expect(await mailsTo(ts, ana.email)).toEqual([]);
    await db.update(t.jobs).set({ runAt: new Date() }).where(eq(t.jobs.id, jobs[0]!.id));
    const [summary, ...more] = await settledMailsTo(ts, ana.email, 1);
    expect(more).toEqual([]);
    expect(summary!.subject).toBe('New messages on Amiko');
    expect(summary!.text).toContain('Messages from Bruno are waiting for you on Amiko.');
    expect(summary!.text).toContain('/messages');
    expect(unsubscribeLinkIn(summary!)).toContain(`m=${ana.id}`);
    expect(summary!.text + summary!.html).not.toContain('Carla');
    expect(summary!.text + summary!.html).not.toContain('hiking on Sunday');
  });

  it('unsubscribes with one click, signed out: GET only asks, POST turns the mails off', async () => {
    const bruno = await createMember(ts, { name: 'Bruno' });
    const ana = await createMember(ts);
    await send(bruno, ana);
    const [mail] = await settledMailsTo(ts, ana.email, 1);
    const link = unsubscribeLinkIn(mail!);

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('No more mails about new messages?');
    expect((await ana.client.trpc.account.notifications.query()).emailAboutMessages).toBe('instant');

    const forged = new URL(link);
    forged.searchParams.set('k', 'x'.repeat(32));
    expect((await fetch(forged, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(404);

    // As a mail program does it (RFC 8058): no cookie, no Origin.
    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');
    expect((await ana.client.trpc.account.notifications.query()).emailAboutMessages).toBe('never');

    const carla = await createMember(ts, { name: 'Carla' });
    await send(carla, ana);
    await sleep(DELAY_MS * 2 + 500);
    expect(await mailsTo(ts, ana.email)).toHaveLength(1);
  });
  /** A one-click unsubscribe (RFC 8058), as a mail program sends it. */
  const oneClick = (link: string) => fetch(link, { method: 'POST', body: 'List-Unsubscribe=One-Click' });

  /** The member has been back (a live connection), so their next waiting message is mailed about again. */
  async function comeBack(member: TestMember) {
    const { token } = await ts.server.deps.sessions.create(member.id);
    const socket = await connectSocket(ts.url, { cookie: sessionCookie(token) });
    await sleep(200);
    socket.close();
    await sleep(200);
  }

  it('a password change revokes the unsubscribe links mailed before; the next mail brings a working one', async () => {
    const bruno = await createMember(ts, { name: 'Bruno' });
    const ana = await createMember(ts);
    await send(bruno, ana);
    const [first] = await settledMailsTo(ts, ana.email, 1);
    const oldLink = unsubscribeLinkIn(first!);
    const newPassword = `${STRONG_PASSWORD}-new`;
    await ana.client.trpc.account.changePassword.mutate({
      currentPassword: TEST_PASSWORD,
      newPassword,
      confirmPassword: newPassword,
    });

    const stale = await oneClick(oldLink);
    expect(stale.status).toBe(404);
    expect(await stale.text()).toContain('This link does not work');
    expect((await ana.client.trpc.account.notifications.query()).emailAboutMessages).toBe('instant');

    await comeBack(ana);
    await send(bruno, ana, 'Hello again');
    const [second] = await settledMailsTo(ts, ana.email, 2);
    const newLink = unsubscribeLinkIn(second!);
    expect(newLink).not.toBe(oldLink);
    expect((await oneClick(newLink)).status).toBe(200);
    expect((await ana.client.trpc.account.notifications.query()).emailAboutMessages).toBe('never');
  });

  it('a password reset revokes the unsubscribe links mailed before', async () => {
    const bruno = await createMember(ts, { name: 'Bruno' });
    const ana = await createMember(ts);
    await send(bruno, ana);
    const [mail] = await settledMailsTo(ts, ana.email, 1);
    const oldLink = unsubscribeLinkIn(mail!);
    await ts.client().trpc.auth.requestPasswordReset.mutate({ email: ana.email });
    const { code } = actionLinkIn(await latestMailTo(ts, ana.email));
    await ts.client().trpc.auth.resetPassword.mutate({ code, password: `${STRONG_PASSWORD}-reset` });

    expect((await oneClick(oldLink)).status).toBe(404);
    const { db, t } = ts.server.database;
    const [row] = await db
      .select({ emailAboutMessages: t.members.emailAboutMessages })
      .from(t.members)
      .where(eq(t.members.id, ana.id));
    expect(row?.emailAboutMessages).toBe('instant');
  });
});

describe('mail when a message waits, over SMTP', () => {
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

  it('carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058)', async () => {
    const bruno = await createMember(ts, { name: 'Bruno' });
    const ana = await createMember(ts);
    await send(bruno, ana);
    const deadline = Date.now() + 10_000;
    while (smtp.received.length === 0 && Date.now() < deadline) await sleep(50);
    const [mail] = smtp.received;
    expect(mail?.subject).toBe('Bruno wrote to you on Amiko');
    const line = (key: string) => mail!.headerLines.find((h) => h.key === key)?.line ?? '';
    const link = /^List-Unsubscribe:\s*<(.+)>$/i.exec(line('list-unsubscribe'))?.[1] ?? '';
    expect(link).toMatch(new RegExp(`/unsubscribe/messages\\?m=${ana.id}&k=`));
    // The link names the public address (PUBLIC_URL); the test reaches the same server on loopback.
    const url = new URL(new URL(link).pathname + new URL(link).search, ts.url);
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const oneClick = await fetch(url, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect((await ana.client.trpc.account.notifications.query()).emailAboutMessages).toBe('never');
  });
});
