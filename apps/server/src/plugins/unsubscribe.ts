import { idSchema, type UiLanguage } from '@amiko/core';
import { unsubscribeFromMessageMails, type Deps } from '@amiko/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../refusals.ts';
import { escapeHtml, linkLanguage, oneClickPage } from './one-click-pages.ts';
import { requestLanguage } from '../session.ts';

/** The link's member id and that member's key (32 url-safe characters as message-mail.ts makes them). */
const linkQuery = z.object({
  m: idSchema,
  k: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/),
});

/**
 * The unsubscribe link of mails about waiting messages, without signing in: the link itself (member id
 * and that member's secret key) is the proof. POST turns the mails off: mail programs' one-click button
 * (RFC 8058, body "List-Unsubscribe=One-Click") and the form of the page GET shows. GET only asks, since
 * link scanners open every link in a mail. The Origin check leaves these routes alone (no cookies are
 * involved, and mail programs send no Origin).
 */
export function registerUnsubscribe(app: FastifyInstance, deps: Deps): void {
  const page = (language: UiLanguage, key: 'confirm' | 'done' | 'invalid', form?: string) =>
    oneClickPage(language, (k) => deps.t(language, `mail:unsubscribe.${k}`), key, form);

  /** The link of the request, or null once a malformed one was answered with the page "invalid" (400). */
  function linkOf(request: FastifyRequest, reply: FastifyReply) {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    return parseInput(linkQuery, request.query, reply, (refused) =>
      refused.type('text/html; charset=utf-8').send(page(requestLanguage(request, null), 'invalid')),
    );
  }

  app.register(async (scope) => {
    // One-click bodies come form-encoded, as multipart or as anything else: nothing in them matters beyond
    // the link, so none is parsed (and none can fail to parse).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, null));

    scope.get('/unsubscribe/messages', async (request, reply) => {
      const link = linkOf(request, reply);
      if (!link) return reply;
      const language = await linkLanguage(deps, request, link.m);
      const action = `/unsubscribe/messages?m=${encodeURIComponent(link.m)}&k=${encodeURIComponent(link.k)}`;
      const form = `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(deps.t(language, 'mail:unsubscribe.button'))}</button></form>`;
      return reply.type('text/html; charset=utf-8').send(page(language, 'confirm', form));
    });

    scope.post('/unsubscribe/messages', async (request, reply) => {
      const link = linkOf(request, reply);
      if (!link) return reply;
      const language = await linkLanguage(deps, request, link.m);
      const done = await unsubscribeFromMessageMails(deps, link.m, link.k);
      return reply
        .code(done ? 200 : 404)
        .type('text/html; charset=utf-8')
        .send(page(language, done ? 'done' : 'invalid'));
    });
  });
}
