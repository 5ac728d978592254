import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { STRONG_PASSWORD, freshEmail, mailbox, signUpMember } from './accounts-support.ts';

// Mail through a real SMTP server on loopback (the smtp-server package), read back and parsed.
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let smtpPort: number;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

async function receivedBy(to: string, timeoutMs = 10_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = received.find(
      (m) => m.to && !Array.isArray(m.to) && m.to.value.some((a) => a.address === to),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`The SMTP server received nothing for ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('mail over SMTP (SMTP_URL)', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Amiko <no-reply@amiko.test>' },
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
      reset = received.find(
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
    const closed = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
    });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const ts = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const { email } = await signUpMember(ts);
      await ts.server.deps.mail.drain();
      const { db, t } = ts.server.database;
      const [row] = await db.select().from(t.outgoingMail).where(eq(t.outgoingMail.to, email));
      expect(row!.sentAt).toBeNull();
      expect(row!.error).toBeTruthy();
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
