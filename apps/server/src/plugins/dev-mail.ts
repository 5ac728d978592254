import type { Database } from '@amiko/db';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../refusals.ts';
import { escapeHtml } from './one-click-pages.ts';

/** Plain text with its links made clickable. */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * `?to=<address>`: the mails to that address only; without it, every mail. A repeated or empty key matches
 * no address, nor does one with a NUL (no address has one, and PostgreSQL refuses it in a text parameter:
 * the fuzz suite found a 500), so such a query is answered with no mail rather than refused.
 */
const mailQuery = z.object({
  to: z
    .string()
    .refine((to) => !to.includes('\0'))
    .catch('')
    .optional(),
});

/**
 * The development mailbox: without SMTP every mail Amiko sends is listed here, newest first, and as JSON at
 * /dev/mail.json; `?to=` keeps one address's (a developer's own account among many test accounts, and the
 * tests' wait for a mail, which asked for the whole mailbox every 100 ms). Never registered in production.
 */
export function registerDevMail(app: FastifyInstance, database: Database) {
  const { db, t } = database;
  const latest = (to: string | undefined) =>
    db
      .select({
        to: t.outgoingMail.to,
        subject: t.outgoingMail.subject,
        text: t.outgoingMail.text,
        html: t.outgoingMail.html,
        createdAt: t.outgoingMail.createdAt,
      })
      .from(t.outgoingMail)
      .where(to === undefined ? undefined : eq(t.outgoingMail.to, to))
      .orderBy(desc(t.outgoingMail.id))
      .limit(200);

  app.get('/dev/mail.json', async (request, reply) => {
    const query = parseInput(mailQuery, request.query, reply);
    return query ? latest(query.to) : reply;
  });

  app.get('/dev/mail', async (request, reply) => {
    const query = parseInput(mailQuery, request.query, reply);
    if (!query) return reply;
    const mails = await latest(query.to);
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('');
    const body = mails.length ? items : '<p>No mail yet.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Amiko dev mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#222}article{border:1px solid #ddd;border-radius:8px;padding:12px 16px;margin:12px 0}h2{font-size:18px;margin:0}.meta{color:#555;font-size:13px}pre{white-space:pre-wrap;font-family:inherit}</style></head><body><h1>Dev mailbox</h1><p>Mail Amiko would have sent, newest first. Also as <a href="/dev/mail.json">JSON</a>.</p>${body}</body></html>`,
      );
  });
}
