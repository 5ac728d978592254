import type { UiLanguage } from '@amiko/core';
import { unsubscribeFromMessageMails, type Deps } from '@amiko/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

type LinkQuery = { m?: string; k?: string };

/**
 * The unsubscribe link of mails about waiting messages, without signing in: the link itself (member id
 * and that member's secret key) is the proof. POST turns the mails off: mail programs' one-click button
 * (RFC 8058, body "List-Unsubscribe=One-Click") and the form of the page GET shows. GET only asks, since
 * link scanners open every link in a mail. The Origin check leaves these routes alone (no cookies are
 * involved, and mail programs send no Origin).
 */
export function registerUnsubscribe(app: FastifyInstance, deps: Deps): void {
  const { db, t } = deps.database;

  async function languageOf(request: FastifyRequest<{ Querystring: LinkQuery }>): Promise<UiLanguage> {
    const id = request.query.m;
    if (!id) return 'en';
    const [row] = await db
      .select({ language: t.members.language })
      .from(t.members)
      .where(eq(t.members.id, id));
    return row?.language ?? 'en';
  }

  function page(language: UiLanguage, key: 'confirm' | 'done' | 'invalid', form?: string): string {
    const tr = (k: string) => escapeHtml(deps.t(language, `mail:unsubscribe.${k}`));
    const body = `<h1>${tr(`${key}Title`)}</h1><p>${tr(`${key}Text`)}</p>${form ?? ''}`;
    return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${tr(`${key}Title`)} · Amiko</title><style>body{font-family:system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#222;line-height:1.5}button{font:inherit;padding:10px 18px;border-radius:8px;border:0;background:#e8590c;color:#fff;cursor:pointer}</style></head><body>${body}</body></html>`;
  }

  app.register(async (scope) => {
    // One-click bodies come form-encoded or as multipart; nothing in them matters beyond the link.
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, null));

    scope.get<{ Querystring: LinkQuery }>('/unsubscribe/messages', async (request, reply) => {
      const language = await languageOf(request);
      const { m, k } = request.query;
      const action = `/unsubscribe/messages?m=${encodeURIComponent(m ?? '')}&k=${encodeURIComponent(k ?? '')}`;
      const form = `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(deps.t(language, 'mail:unsubscribe.button'))}</button></form>`;
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      return reply.type('text/html; charset=utf-8').send(page(language, 'confirm', form));
    });

    scope.post<{ Querystring: LinkQuery }>('/unsubscribe/messages', async (request, reply) => {
      const language = await languageOf(request);
      const { m, k } = request.query;
      const done = Boolean(m && k) && (await unsubscribeFromMessageMails(deps, m!, k!));
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      return reply
        .code(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(page(language, done ? 'done' : 'invalid'));
    });
  });
}
