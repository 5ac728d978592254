import { takeDataExport, type Deps } from '@amiko/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../refusals.ts';
import { authenticate, requestLanguage, type CookieSettings } from '../session.ts';

/** The link's one-time code ("<id>.<secret>"); its shape is checked when it is looked up. */
const downloadQuery = z.object({ code: z.string().min(1).max(100) });

/**
 * The link of the "Download my data" mail: the prepared ZIP, once, for the member it was made for and
 * only while they are signed in; anyone else (signed out, another member, a used or expired link) gets a
 * refusal and nothing of the archive.
 */
export function registerDataExport(app: FastifyInstance, deps: Deps, cookies: CookieSettings): void {
  app.get('/my-data/download', async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const session = await authenticate(request, reply, deps.sessions, cookies);
    // The member's language, else the one the browser asks for.
    const language = requestLanguage(request, session);
    const text = (status: number, key: string) =>
      reply.code(status).type('text/plain; charset=utf-8').send(deps.t(language, key));
    const query = parseInput(downloadQuery, request.query, reply, () =>
      text(400, 'mail:dataExport.malformed'),
    );
    if (!query) return reply;
    // Signed out: asked to sign in.
    if (!session) return text(401, 'mail:dataExport.signIn');
    const result = await takeDataExport(deps, session.member.id, query.code);
    if (result === 'refused') return text(403, 'mail:dataExport.refused');
    if (result === 'invalid') return text(410, 'mail:dataExport.invalid');
    return reply
      .type('application/zip')
      .header('Content-Disposition', 'attachment; filename="amiko-my-data.zip"')
      .send(result.zip);
  });
}
