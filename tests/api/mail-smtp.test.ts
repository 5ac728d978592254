import { MAIL_RETRY_DELAYS_MS } from '@amiko/api';
import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../../apps/server/src/ops/admin.ts';
import { eventually } from '../support/messaging.ts';
import { parseMetrics, sampleValue } from '../support/prometheus.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.ts';
import { STRONG_PASSWORD, freshEmail, mailbox, signUpMember } from './accounts-support.ts';

// Mail through a real SMTP server on loopback (the smtp-server package), read back and parsed.
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(() => smtp?.stop());

async function receivedBy(to: string, timeoutMs = 10_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [mail] = smtp.to(to);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`The SMTP server received nothing for ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('mail over SMTP (SMTP_URL)', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Amiko <no-reply@amiko.test>' },
    });
  });
  afterAll(() => ts.stop());

  it('delivers the verification mail in the member’s language, as HTML and plain text', async () => {
    const de = await signUpMember(ts, { name: 'Jörg', language: 'de' });
    const en = await signUpMember(ts, { name: 'June', language: 'en' });
    const german = await receivedBy(de.email);
    expect(german.subject).toBe('Bitte bestätige deine E-Mail-Adresse für Amiko');
    expect(german.from?.value[0]?.address).toBe('no-reply@amiko.test');
    expect(german.text).toContain('Willkommen bei Amiko!');
    expect(german.text).toMatch(/\/auth-action\?mode=verifyEmail&code=[a-z2-9]{24}\.[a-z2-9]{24}/);
    expect(german.html).toContain('<html lang="de">');
    expect(german.html).toContain('E-Mail-Adresse bestätigen');
    const english = await receivedBy(en.email);
    expect(english.subject).toBe('Please verify your email address for Amiko');
    expect(english.text).toContain('Welcome to Amiko!');
    expect(english.html).toContain('<html lang="en">');
    // The record says it was sent.
    await ts.server.deps.mail.drain();
    const { db, t } = ts.server.database;
    const [row] = await db.select().from(t.outgoingMail).where(eq(t.outgoingMail.to, de.email));
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.error).toBeNull();
  });

  it('delivers reset mails the same way', async () => {
    const { email } = await signUpMember(ts, { language: 'de' });
    await ts.client().trpc.auth.requestPasswordReset.mutate({ email });
    const deadline = Date.now() + 10_000;
    let reset: ParsedMail | undefined;
    while (!reset && Date.now() < deadline) {
      reset = smtp.received.find(
        (m) => m.subject === 'Setze dein Amiko-Passwort zurück' && m.text?.includes('mode=resetPassword'),
      );
      if (!reset) await new Promise((r) => setTimeout(r, 50));
    }
    expect(reset).toBeDefined();
    expect(reset!.html).toContain('Neues Passwort wählen');
  });
});

describe('mail delivery failures', () => {
  it('are recorded, never thrown at the member: sign-up still succeeds', async () => {
    // A port nothing listens on any more.
    const closed = await startSmtpCapture();
    await closed.stop();
    const ts = await startTestServer({ env: { SMTP_URL: closed.url } });
    try {
      const { email } = await signUpMember(ts);
      await ts.server.deps.mail.drain();
      const { db, t } = ts.server.database;
      const [row] = await db.select().from(t.outgoingMail).where(eq(t.outgoingMail.to, email));
      expect(row!.sentAt).toBeNull();
      expect(row!.error).toBeTruthy();
      // A server that cannot be reached is tried again, as one that refuses (issue 28.13): its delivery job
      // waits for the next try.
      const [job] = await db
        .select()
        .from(t.jobs)
        .where(eq(t.jobs.key, `mailDelivery:${row!.id}`));
      expect(job).toMatchObject({ attempts: 1, doneAt: null });
      expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await ts.stop();
    }
  });
});

describe('the dev mailbox', () => {
  it('lists mail newest first at /dev/mail.json and /dev/mail without SMTP', async () => {
    const ts = await startTestServer();
    try {
      const first = await signUpMember(ts);
      const second = await signUpMember(ts);
      const mails = await mailbox(ts);
      expect(mails.map((m) => m.to)).toEqual([second.email, first.email]);
      expect(Object.keys(mails[0]!).sort()).toEqual(['createdAt', 'html', 'subject', 'text', 'to']);
      const page = await fetch(`${ts.url}/dev/mail`);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html.indexOf(second.email)).toBeLessThan(html.indexOf(first.email));
      expect(html).toMatch(/<a href="http[^"]+\/auth-action\?mode=verifyEmail&amp;code=/);
    } finally {
      await ts.stop();
    }
  });

  it('keeps one address’s mail with ?to=; a repeated key matches none', async () => {
    const ts = await startTestServer();
    try {
      const first = await signUpMember(ts);
      await signUpMember(ts);
      expect((await mailbox(ts, first.email)).map((m) => m.to)).toEqual([first.email]);
      const page = await (
        await fetch(`${ts.url}/dev/mail?${new URLSearchParams({ to: first.email })}`)
      ).text();
      expect(page.split('<article>')).toHaveLength(2);
      const twice = await fetch(`${ts.url}/dev/mail.json?to=${first.email}&to=${first.email}`);
      expect(await twice.json()).toEqual([]);
    } finally {
      await ts.stop();
    }
  });

  it('is off in production', async () => {
    const ts = await startTestServer({ env: { NODE_ENV: 'production' } });
    try {
      await ts
        .client()
        .trpc.auth.signUp.mutate({ name: 'P', email: freshEmail(), password: STRONG_PASSWORD });
      for (const path of ['/dev/mail.json', '/dev/mail']) {
        const response = await fetch(`${ts.url}${path}`, { headers: { accept: 'application/json' } });
        expect(response.status).toBe(404);
      }
    } finally {
      await ts.stop();
    }
  });
});

/** What a mail's row and the admin command say about the refusal below. */
const REFUSAL =
  "EENVELOPE: Can't send mail - all recipients were rejected: 451 Mailbox busy, try again later";

describe('mail the SMTP server refused or could not take (issue 28.13)', () => {
  // Refusing every recipient with 451 until told otherwise.
  let smtp: SmtpCapture;
  let ts: TestServer;
  let adminEnv: Record<string, string>;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    smtp.refusing = true;
    const env = { SMTP_URL: smtp.url, JOB_POLL_MS: '50', METRICS_PORT: '0' };
    ts = await startTestServer({ env });
    adminEnv = {
      DATABASE_URL: ts.db.url,
      UPLOADS_DIR: ts.server.env.UPLOADS_DIR,
      SMTP_URL: smtp.url,
      MAIL_FROM: ts.server.env.MAIL_FROM,
    };
  });
  afterAll(async () => {
    await ts?.stop();
    await smtp?.stop();
  });

  /** The recorded mail to `to` and its delivery job. */
  async function mailTo(to: string) {
    const { db, t } = ts.server.database;
    const [mail] = await db.select().from(t.outgoingMail).where(eq(t.outgoingMail.to, to));
    const [job] = await db
      .select()
      .from(t.jobs)
      .where(eq(t.jobs.key, `mailDelivery:${mail!.id}`));
    return { mail: mail!, job: job! };
  }

  /** Makes the mail's next try due now (instead of minutes or hours from now) and waits until it is over. */
  async function tryAgainNow(to: string) {
    const { db, t } = ts.server.database;
    const { mail, job } = await mailTo(to);
    expect(job.doneAt).toBeNull();
    await db
      .update(t.jobs)
      .set({ runAt: new Date() })
      .where(and(eq(t.jobs.id, job.id), eq(t.jobs.attempts, job.attempts)));
    await eventually(
      async () => {
        const now = (await mailTo(to)).job;
        // Released for its next try, or done (sent or given up).
        return now.attempts > job.attempts && (now.lockedUntil === null || now.doneAt !== null);
      },
      `try ${job.attempts + 1} of mail ${mail.id}`,
    );
    return mailTo(to);
  }

  async function mailMetric(outcome: string) {
    const samples = parseMetrics(await (await fetch(ts.metricsUrl!)).text());
    return sampleValue(samples, 'amiko_mail_deliveries_total', { outcome });
  }

  async function run(...args: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await admin(args, {
      env: adminEnv,
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
    });
    return { code, stdout, stderr };
  }

  /** Asserts the job waits for its next try `delayMs` from about now. */
  function expectNextTryIn(job: { runAt: Date; doneAt: Date | null }, delayMs: number) {
    expect(job.doneAt).toBeNull();
    const inMs = job.runAt.getTime() - Date.now();
    expect(inMs).toBeGreaterThan(delayMs - 5_000);
    expect(inMs).toBeLessThanOrEqual(delayMs);
  }

  it('records a refused mail, tries it again on its schedule, and sends it once SMTP takes it', async () => {
    const [sentBefore, failedBefore] = [await mailMetric('sent'), await mailMetric('failed')];
    const { email } = await signUpMember(ts);
    await ts.server.deps.mail.drain();
    let { mail, job } = await mailTo(email);
    expect(mail.sentAt).toBeNull();
    expect(mail.error).toBe(REFUSAL);
    // Kept for the next try, and only until then.
    expect(mail.text).toContain('mode=verifyEmail');
    expect(job.attempts).toBe(1);
    expectNextTryIn(job, MAIL_RETRY_DELAYS_MS[0]!);

    ({ mail, job } = await tryAgainNow(email));
    expect(mail.sentAt).toBeNull();
    expect(job.attempts).toBe(2);
    expectNextTryIn(job, MAIL_RETRY_DELAYS_MS[1]!);
    expect(smtp.to(email)).toEqual([]);

    smtp.refusing = false;
    ({ mail, job } = await tryAgainNow(email));
    expect(job.attempts).toBe(3);
    expect(job.doneAt).toBeInstanceOf(Date);
    expect(mail.sentAt).toBeInstanceOf(Date);
    expect(mail.text + mail.html).toBe('');
    await sleep(500);
    expect(smtp.to(email)).toHaveLength(1);
    expect(smtp.to(email)[0]!.text).toContain('mode=verifyEmail');
    expect(await mailMetric('sent')).toBe(sentBefore! + 1);
    expect(await mailMetric('failed')).toBe(failedBefore! + 2);
  });

  it('gives up after six tries; pnpm admin mail lists it and sends it again', async () => {
    smtp.refusing = true;
    const givenUpBefore = (await mailMetric('given_up'))!;
    const { email } = await signUpMember(ts);
    await ts.server.deps.mail.drain();
    let { mail, job } = await mailTo(email);
    for (let attempt = 2; attempt <= MAIL_RETRY_DELAYS_MS.length + 1; attempt += 1) {
      expectNextTryIn(job, MAIL_RETRY_DELAYS_MS[attempt - 2]!);
      ({ mail, job } = await tryAgainNow(email));
      expect(job.attempts).toBe(attempt);
    }
    // The sixth try failed: no seventh is scheduled.
    expect(job.doneAt).toBeInstanceOf(Date);
    expect(mail.sentAt).toBeNull();
    expect(await mailMetric('given_up')).toBe(givenUpBefore + 1);
    await sleep(300);
    expect((await mailTo(email)).job.attempts).toBe(6);

    const listed = await run('mail');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`Mail ${mail.id}, verifyEmail to <${email}>, made `);
    expect(listed.stdout).toContain(`  Tries:      6, given up\n  Last error: ${REFUSAL}\n`);

    // Still refused: one more try, reported; it stays given up.
    const refused = await run('mail', '--resend', String(mail.id), '--by', 'Ole');
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toBe(`amiko admin: mail ${mail.id} was not sent: ${REFUSAL} (given up)\n`);
    expect((await mailTo(email)).job.attempts).toBe(7);
    expect((await mailTo(email)).job.doneAt).toBeInstanceOf(Date);

    smtp.refusing = false;
    const resent = await run('mail', '--resend', String(mail.id), '--by', 'Ole');
    expect(resent).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `Sent mail ${mail.id} again: the SMTP server took it.\n`,
    });
    expect(smtp.to(email)).toHaveLength(1);
    expect((await mailTo(email)).mail.sentAt).toBeInstanceOf(Date);
    expect((await run('mail')).stdout).not.toContain(`Mail ${mail.id},`);
    expect((await run('mail', '--resend', String(mail.id))).stdout).toBe(
      `Mail ${mail.id} was sent already: nothing to do.\n`,
    );
    const { db, t } = ts.server.database;
    const logged = await db
      .select()
      .from(t.moderationActions)
      .where(eq(t.moderationActions.action, 'resend-mail'));
    expect(logged.map((a) => [a.actor, a.reason])).toEqual([
      ['Ole', `mail ${mail.id}`],
      ['Ole', `mail ${mail.id}`],
    ]);

    expect(await run('mail', '--resend', '999999')).toMatchObject({
      code: 1,
      stderr: 'amiko admin: there is no mail 999999\n',
    });
    expect((await run('mail', '--resend', 'twelve')).code).toBe(2);
  });

  it('leaves a mail a server is trying to that server', async () => {
    smtp.refusing = true;
    const { email } = await signUpMember(ts);
    await ts.server.deps.mail.drain();
    const { mail, job } = await mailTo(email);
    // As a server process holds it while it tries.
    const { db, t } = ts.server.database;
    await db
      .update(t.jobs)
      .set({ lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(t.jobs.id, job.id));
    expect(await run('mail', '--resend', String(mail.id))).toMatchObject({
      code: 1,
      stderr: `amiko admin: a server is trying mail ${mail.id} right now: see pnpm admin mail in a minute\n`,
    });
    expect((await mailTo(email)).job.attempts).toBe(1);
    expect((await run('mail')).stdout).toContain(`Mail ${mail.id}, verifyEmail to <${email}>`);
  });

  it('sends each retried mail once with two server processes taking their retries', async () => {
    smtp.refusing = true;
    const other = await startTestServer({
      database: ts.db,
      env: { SMTP_URL: smtp.url, JOB_POLL_MS: '20' },
    });
    try {
      const emails: string[] = [];
      for (let i = 0; i < 8; i += 1) emails.push((await signUpMember(i % 2 ? ts : other)).email);
      await Promise.all([ts.server.deps.mail.drain(), other.server.deps.mail.drain()]);
      const { db, t } = ts.server.database;
      const jobs = await Promise.all(emails.map(async (email) => (await mailTo(email)).job));
      expect(jobs.map((j) => j.attempts)).toEqual(emails.map(() => 1));
      smtp.refusing = false;
      await db.update(t.jobs).set({ runAt: new Date() }).where(eq(t.jobs.kind, 'mailDelivery'));
      await eventually(
        async () => (await Promise.all(emails.map(mailTo))).every(({ mail }) => mail.sentAt !== null),
        'every mail sent',
      );
      await sleep(500);
      for (const email of emails) {
        expect(smtp.to(email)).toHaveLength(1);
        const { job } = await mailTo(email);
        expect(job.attempts).toBe(2);
        expect(job.doneAt).toBeInstanceOf(Date);
      }
    } finally {
      await other.stop();
    }
  });
});
