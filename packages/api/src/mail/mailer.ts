import type { UiLanguage } from '@amiko/core';
import type { ClaimedJob, Database, Db } from '@amiko/db';
import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { Logger } from '../logger.ts';
import { NO_METRICS, type Metrics } from '../metrics.ts';
import { claimJobByKey, finishJob, scheduleClaimedJob, type JobOutcome } from '../services/job-queue.ts';

export interface MailMessage {
  /** What the mail is for (verifyEmail, resetPassword, …): for logs, tests and the dev mailbox. */
  kind: string;
  to: string;
  language: UiLanguage;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on mails members can turn off. */
  headers?: Record<string, string>;
  /**
   * Small text files sent with the mail (a meetup's .ics). They travel in the delivery job, as the headers
   * do, so that a retry sends them too; the dev mailbox lists the mail without them.
   */
  attachments?: MailAttachment[];
  /**
   * A key this mail is recorded under at most once, whoever sends it how often: a job handler that sent it
   * and died before it was marked done, run again, records nothing the second time (a meetup's reminder).
   */
  once?: string;
}

export interface MailAttachment {
  filename: string;
  /** With its parameters, e.g. "text/calendar; charset=utf-8; method=PUBLISH". */
  contentType: string;
  content: string;
}

/** The job that delivers one recorded mail, tried again until SMTP takes it or the tries run out. */
export const MAIL_DELIVERY = 'mailDelivery';
/** A mail's `once` key, kept as a job done at once (the jobs' unique key) in the mail's transaction. */
const MAIL_ONCE = 'mailOnce';

/**
 * After a first try that SMTP refused or could not take, a mail is tried again 1 min, 5 min, 30 min, 2 h
 * and 12 h later: six tries over about 14½ hours outlast a mail server's restart or a night's outage
 * without hammering it. Then it is given up (logged as an error, counted) and `pnpm admin mail` lists it
 * and can send it again.
 */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 60 * 60_000,
  12 * 60 * 60_000,
];

/** How long this process holds a mail's job while it tries it (the job runners' lease is also 60 s). */
const MAIL_LEASE_MS = 60_000;
/**
 * A try is abandoned after this long (nodemailer's own timeouts allow minutes): well inside the lease, so no
 * other process takes the mail over while this one may still be sending it.
 */
const DELIVERY_TIMEOUT_MS = 30_000;

type MailJobPayload = {
  mailId: number;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
};

const mailJobKey = (mailId: number) => `${MAIL_DELIVERY}:${mailId}`;

/** One try: SMTP took the mail, there was nothing (left) to send, or it failed (`retryAt` null: given up). */
export type MailTry = 'sent' | 'nothingToSend' | { error: string; retryAt: Date | null };

export type ResendOutcome =
  | MailTry
  | 'notFound'
  | 'alreadySent'
  /** Recorded without its text (no SMTP then, nor a dev mailbox): there is nothing to send again. */
  | 'contentGone'
  /** A server process is trying it right now. */
  | 'busy'
  | 'noSmtp';

export interface Mailer {
  /**
   * Records the mail and, with SMTP, tries it at once in the background; a delivery failure is never
   * thrown. A mail SMTP refused or could not take is tried again (MAIL_RETRY_DELAYS_MS) through its job,
   * by whichever server process claims it, one process at a time. False when its `once` key was taken.
   */
  send(message: MailMessage): Promise<boolean>;
  /** Tries the mail of a claimed MAIL_DELIVERY job (the job runner calls it through MAIL_HANDLERS). */
  retry(job: ClaimedJob): Promise<JobOutcome>;
  /** Tries a recorded mail that did not go out once more, now (`pnpm admin mail --resend`). */
  resend(mailId: number): Promise<ResendOutcome>;
  /** Waits for the tries still in progress (graceful shutdown, tests). */
  drain(): Promise<void>;
}

/**
 * The job runners' handler of mail deliveries: every mail kind is retried the same way. It needs only the
 * mailer, so it is typed by that (a JobHandler takes it all the same).
 */
export const MAIL_HANDLERS: Record<string, (deps: { mail: Mailer }, job: ClaimedJob) => Promise<JobOutcome>> =
  {
    [MAIL_DELIVERY]: (deps, job) => deps.mail.retry(job),
  };

/**
 * A delivery failure as it is recorded and logged: the error's code and message (with the SMTP server's
 * answer), on one line, at most 500 characters, without the credentials a connection URL may carry.
 */
export function deliveryError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const text = typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
  return text
    .replace(/\/\/[^/\s@]*@/g, '//')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
}

/**
 * Every mail is recorded in outgoing_mail: whom, what kind, when sent or why not. With an SMTP transport it
 * is also sent, and tried again when that fails. Its text and HTML stay in the row only until it is sent
 * (the retries need them), or with `keepContent`, for the dev mailbox (/dev/mail) to list: a sent mail's
 * reset and verification codes do not lie on in the database and its backups.
 */
export function createMailer(options: {
  database: Database;
  transport: Transporter | null;
  keepContent: boolean;
  from: string;
  log: Logger;
  metrics?: Metrics | undefined;
}): Mailer {
  const { database, transport, keepContent, from, log, metrics = NO_METRICS } = options;
  const { db, t } = database;
  const m = t.outgoingMail;
  const pending = new Set<Promise<void>>();

  async function attempt(job: ClaimedJob): Promise<MailTry> {
    const { mailId, headers, attachments } = job.payload as MailJobPayload;
    const [mail] = await db.select().from(m).where(eq(m.id, mailId));
    if (!mail || mail.sentAt) return 'nothingToSend';
    try {
      if (!transport) throw new Error('SMTP_URL is not set');
      // nodemailer 10 takes an AbortSignal; its type definitions do not know it yet.
      const sending: SendMailOptions & { signal: AbortSignal } = {
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(headers ? { headers } : {}),
        ...(attachments ? { attachments } : {}),
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      };
      await transport.sendMail(sending);
    } catch (failure) {
      const error = deliveryError(failure);
      const delay = MAIL_RETRY_DELAYS_MS[job.attempts - 1];
      const retryAt = delay === undefined ? null : new Date(Date.now() + delay);
      await db.update(m).set({ error }).where(eq(m.id, mailId));
      metrics.mailDelivery('failed');
      const about = { mailId, kind: mail.kind, attempts: job.attempts, error };
      if (retryAt) log.warn({ ...about, retryAt }, 'mail delivery failed; it is tried again later');
      else {
        metrics.mailDelivery('given_up');
        log.error(about, 'mail delivery failed for the last time: given up (pnpm admin mail)');
      }
      return { error, retryAt };
    }
    await db
      .update(m)
      .set({ sentAt: new Date(), ...(keepContent ? {} : { text: '', html: '' }) })
      .where(eq(m.id, mailId));
    metrics.mailDelivery('sent');
    return 'sent';
  }

  const outcomeOf = (done: MailTry): JobOutcome =>
    typeof done === 'object' && done.retryAt ? { retryAt: done.retryAt } : 'done';

  /** Tries the job's mail and records the outcome on the job, while holding its lease. */
  async function tryJob(job: ClaimedJob): Promise<MailTry> {
    const done = await attempt(job);
    await finishJob(database, job, outcomeOf(done));
    return done;
  }

  return {
    async send(message) {
      const row = {
        kind: message.kind,
        to: message.to,
        subject: message.subject,
        language: message.language,
        text: transport || keepContent ? message.text : '',
        html: transport || keepContent ? message.html : '',
        createdAt: new Date(),
      };
      /** Whether the mail's `once` key is free (and now taken), in the transaction that records the mail. */
      const first = async (tx: Db) => {
        if (message.once === undefined) return true;
        const now = new Date();
        const [taken] = await tx
          .insert(t.jobs)
          .values({
            kind: MAIL_ONCE,
            key: `${MAIL_ONCE}:${message.once}`,
            runAt: now,
            doneAt: now,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: t.jobs.id });
        return taken !== undefined;
      };
      if (!transport) {
        return database.transaction(async (tx) => {
          if (!(await first(tx))) return false;
          await tx.insert(m).values(row);
          return true;
        });
      }
      // The mail and its job in one transaction; the job claimed by this process for the first try, so a
      // process that dies before it is over leaves the mail to the job runners once the lease runs out.
      const job = await database.transaction(async (tx) => {
        if (!(await first(tx))) return null;
        const [stored] = await tx.insert(m).values(row).returning({ id: m.id });
        const payload: MailJobPayload = {
          mailId: stored!.id,
          ...(message.headers ? { headers: message.headers } : {}),
          ...(message.attachments ? { attachments: message.attachments } : {}),
        };
        return scheduleClaimedJob(
          database,
          { kind: MAIL_DELIVERY, key: mailJobKey(stored!.id), payload },
          MAIL_LEASE_MS,
          tx,
        );
      });
      if (!job) return false;
      const delivery = tryJob(job).then(
        () => undefined,
        (error: unknown) =>
          log.error({ err: error, jobId: job.id }, 'mail delivery not recorded; its job tries it again'),
      );
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
      return true;
    },
    async retry(job) {
      return outcomeOf(await attempt(job));
    },
    async resend(mailId) {
      const [mail] = await db
        .select({ sentAt: m.sentAt, text: m.text, html: m.html })
        .from(m)
        .where(eq(m.id, mailId));
      if (!mail) return 'notFound';
      if (mail.sentAt) return 'alreadySent';
      if (!mail.text && !mail.html) return 'contentGone';
      if (!transport) return 'noSmtp';
      const key = mailJobKey(mailId);
      // Its job, whether waiting for a retry or given up; a mail recorded without one gets one.
      const job =
        (await claimJobByKey(database, key, MAIL_LEASE_MS)) ??
        (await scheduleClaimedJob(
          database,
          { kind: MAIL_DELIVERY, key, payload: { mailId } },
          MAIL_LEASE_MS,
        ));
      if (!job) return 'busy';
      return tryJob(job);
    },
    async drain() {
      await Promise.all([...pending]);
    },
  };
}

/** A mail that SMTP has not taken (yet), as `pnpm admin mail` lists it. */
export interface FailedMail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  createdAt: Date;
  /** The last try's failure (deliveryError). */
  error: string;
  tries: number;
  /** When it is tried again; null once it was given up. */
  nextTryAt: Date | null;
}

/** The mails whose delivery failed and that were not sent since, newest first (at most `limit`). */
export async function failedMails(database: Database, limit = 200): Promise<FailedMail[]> {
  const { db, t } = database;
  const m = t.outgoingMail;
  const rows = await db
    .select({ id: m.id, kind: m.kind, to: m.to, subject: m.subject, createdAt: m.createdAt, error: m.error })
    .from(m)
    .where(and(isNull(m.sentAt), isNotNull(m.error)))
    .orderBy(desc(m.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const j = t.jobs;
  const jobs = await db
    .select({ key: j.key, attempts: j.attempts, runAt: j.runAt, doneAt: j.doneAt })
    .from(j)
    .where(
      inArray(
        j.key,
        rows.map((r) => mailJobKey(r.id)),
      ),
    );
  const byKey = new Map(jobs.map((job) => [job.key, job]));
  return rows.map((row) => {
    const job = byKey.get(mailJobKey(row.id));
    return {
      ...row,
      error: row.error ?? '',
      // A mail recorded before it had a job was tried once.
      tries: job?.attempts ?? 1,
      nextTryAt: job && !job.doneAt ? job.runAt : null,
    };
  });
}
