import { idSchema, type UiLanguage } from '@amiko/core';
import { AppError, answerCantGoLink, meetupCalendarOf, type Deps } from '@amiko/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../refusals.ts';
import { escapeHtml, linkLanguage, oneClickPage } from './one-click-pages.ts';
import { authenticate, requestLanguage, type CookieSettings } from '../session.ts';

/** A "Can't make it" link: the member, the meetup, and the signature (43 url-safe characters). */
const cantGoQuery = z.object({
  m: idSchema,
  e: idSchema,
  k: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/),
});

const calendarParams = z.object({ id: idSchema });

type PageKey = 'confirm' | 'done' | 'invalid' | 'begun';

/**
 * A meetup's links outside the app (issue 35.4):
 *
 * - `/meetups/cant-go?m&e&k`, the reminder's one-click "Can't make it", without signing in: the link is the
 *   proof (the meetup and member, signed with the member's link key). GET only asks, since link scanners
 *   open every link in a mail; POST (the page's form) answers can't go, which moves the waitlist up. As the
 *   unsubscribe link does; the Origin check leaves it alone.
 * - `/meetups/:id/calendar.ics`, "Add to calendar": the meetup's .ics for the member signed in, if they may
 *   see it, with the venue only if they are going. A plain download, so that a link opens it in the
 *   calendar app; the session cookie is the proof, as for "Download my data".
 */
export function registerMeetupLinks(app: FastifyInstance, deps: Deps, cookies: CookieSettings): void {
  const page = (language: UiLanguage, key: PageKey, form?: string) =>
    oneClickPage(language, (k) => deps.t(language, `mail:meetupCantGo.${k}`), key, form);

  function linkOf(request: FastifyRequest, reply: FastifyReply) {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    return parseInput(cantGoQuery, request.query, reply, (refused) =>
      refused.type('text/html; charset=utf-8').send(page(requestLanguage(request, null), 'invalid')),
    );
  }

  app.register(async (scope) => {
    // The form's body says nothing beyond the link: none is parsed (and none can fail to parse).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, null));

    scope.get('/meetups/cant-go', async (request, reply) => {
      const link = linkOf(request, reply);
      if (!link) return reply;
      const language = await linkLanguage(deps, request, link.m);
      const action = `/meetups/cant-go?${new URLSearchParams(link)}`;
      const form = `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(deps.t(language, 'mail:meetupCantGo.button'))}</button></form>`;
      return reply.type('text/html; charset=utf-8').send(page(language, 'confirm', form));
    });

    scope.post('/meetups/cant-go', async (request, reply) => {
      const link = linkOf(request, reply);
      if (!link) return reply;
      const language = await linkLanguage(deps, request, link.m);
      const outcome = await answerCantGoLink(deps, link, language);
      const status = { done: 200, invalid: 404, begun: 409 }[outcome];
      return reply.code(status).type('text/html; charset=utf-8').send(page(language, outcome));
    });
  });

  app.get('/meetups/:id/calendar.ics', async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const session = await authenticate(request, reply, deps.sessions, cookies);
    const language = requestLanguage(request, session);
    const text = (status: number, key: string) =>
      reply.code(status).type('text/plain; charset=utf-8').send(deps.t(language, key));
    const params = parseInput(calendarParams, request.params, reply, () =>
      text(400, 'mail:meetupCalendar.malformed'),
    );
    if (!params) return reply;
    if (!session) return text(401, 'mail:meetupCalendar.signIn');
    try {
      const calendar = await meetupCalendarOf(deps, session.member.id, params.id, language);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="meetup.ics"')
        .send(calendar);
    } catch (error) {
      if (error instanceof AppError && (error.appCode === 'NOT_FOUND' || error.appCode === 'FORBIDDEN'))
        return text(404, 'mail:meetupCalendar.notFound');
      throw error;
    }
  });
}
