import { takeDataExport, type Deps } from '@amiko/api';
import type { FastifyInstance } from 'fastify';
import { authenticate, requestLanguage, type CookieSettings } from '../session.ts';

/**
 * The link of the "Download my data" mail: the prepared ZIP, once, for the member it was made for and
 * only while they are signed in; anyone else (signed out, another member, a used or expired link) gets a
 * refusal and nothing of the archive.
 */
export function registerDataExport(app: FastifyInstance, deps: Deps, cookies: CookieSettings): void {
  app.get<{ Querystring: { code?: string } }>('/my-data/download', async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const session = await authenticate(request, reply, deps.sessions, cookies);
    if (!session) {
      // Signed out: asked to sign in, in the language the browser asks for (the member's is unknown here).
      const text = deps.t(requestLanguage(request, null), 'mail:dataExport.signIn');
      return reply.code(401).type('text/plain; charset=utf-8').send(text);
    }
    const language = session.member.language;
    const result = await takeDataExport(deps, session.member.id, request.query.code ?? '');
    if (result === 'refused' || result === 'invalid') {
      return reply
        .code(result === 'refused' ? 403 : 410)
        .type('text/plain; charset=utf-8')
        .send(deps.t(language, result === 'refused' ? 'mail:dataExport.refused' : 'mail:dataExport.invalid'));
    }
    return reply
      .type('application/zip')
      .header('Content-Disposition', 'attachment; filename="amiko-my-data.zip"')
      .send(result.zip);
  });
}
