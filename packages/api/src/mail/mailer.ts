import type { UiLanguage } from '@amiko/core';
import type { Database } from '@amiko/db';
import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Logger } from '../logger.ts';

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
}

export interface Mailer {
  /**
   * Records the mail and hands it to SMTP when configured. Delivery failures are logged, not thrown; with
   * `wait` (background jobs, which retry) it resolves once SMTP took the mail and throws when it did not.
   */
  send(message: MailMessage, options?: { wait?: boolean }): Promise<void>;
  /** Waits for deliveries still in progress (graceful shutdown, tests). */
  drain(): Promise<void>;
}

/**
 * Every mail is recorded in outgoing_mail: whom, what kind, when sent or why not. With an SMTP transport it
 * is also sent. Its text and HTML are kept only with `keepContent`, for the dev mailbox (/dev/mail) to
 * list: anywhere else they would be live reset and verification codes lying in the database and its
 * backups.
 */
export function createMailer(options: {
  database: Database;
  transport: Transporter | null;
  keepContent: boolean;
  from: string;
  log: Logger;
}): Mailer {
  const { database, transport, keepContent, from, log } = options;
  const { db, t } = database;
  const pending = new Set<Promise<void>>();

  /** Hands the mail to SMTP; resolves with the failure, if any, after recording it. */
  async function deliver(id: number, message: MailMessage): Promise<unknown> {
    if (!transport) return null;
    try {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      });
      await db.update(t.outgoingMail).set({ sentAt: new Date() }).where(eq(t.outgoingMail.id, id));
      return null;
    } catch (error) {
      log.error({ err: error, mailId: id, kind: message.kind }, 'mail delivery failed');
      await db
        .update(t.outgoingMail)
        .set({ error: error instanceof Error ? error.message : String(error) })
        .where(eq(t.outgoingMail.id, id))
        .catch(() => undefined);
      return error;
    }
  }

  return {
    async send(message, options = {}) {
      const [row] = await db
        .insert(t.outgoingMail)
        .values({
          kind: message.kind,
          to: message.to,
          subject: message.subject,
          language: message.language,
          text: keepContent ? message.text : '',
          html: keepContent ? message.html : '',
          createdAt: new Date(),
        })
        .returning({ id: t.outgoingMail.id });
      const delivery = deliver(row!.id, message).then((error) => {
        if (options.wait && error) throw error;
      });
      if (options.wait) return delivery;
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
    },
    async drain() {
      await Promise.all([...pending]);
    },
  };
}
