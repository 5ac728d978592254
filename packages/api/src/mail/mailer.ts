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
}

export interface Mailer {
  /** Records the mail and hands it to SMTP when configured. Delivery failures are logged, not thrown. */
  send(message: MailMessage): Promise<void>;
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

  async function deliver(id: number, message: MailMessage): Promise<void> {
    if (!transport) return;
    try {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await db.update(t.outgoingMail).set({ sentAt: new Date() }).where(eq(t.outgoingMail.id, id));
    } catch (error) {
      log.error({ err: error, mailId: id, kind: message.kind }, 'mail delivery failed');
      await db
        .update(t.outgoingMail)
        .set({ error: error instanceof Error ? error.message : String(error) })
        .where(eq(t.outgoingMail.id, id))
        .catch(() => undefined);
    }
  }

  return {
    async send(message) {
      const [row] = await db
        .insert(t.outgoingMail)
        .values({
          ...message,
          text: keepContent ? message.text : '',
          html: keepContent ? message.html : '',
          createdAt: new Date(),
        })
        .returning({ id: t.outgoingMail.id });
      const delivery = deliver(row!.id, message);
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
    },
    async drain() {
      await Promise.all([...pending]);
    },
  };
}
