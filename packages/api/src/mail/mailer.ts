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
 * Every mail is kept in outgoing_mail. With an SMTP transport it is also sent, and the row records when or
 * why not; without one (development) the row is all there is, listed at /dev/mail.
 */
export function createMailer(options: {
  database: Database;
  transport: Transporter | null;
  from: string;
  log: Logger;
}): Mailer {
  const { database, transport, from, log } = options;
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
        .values({ ...message, createdAt: new Date() })
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
