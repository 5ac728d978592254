import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY_PARAM,
  UI_LANGUAGES,
  type UiLanguage,
} from '@amiko/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Paths the web app never owns: an unknown one under these is a real 404, not the app's page. */
const API_PREFIXES = ['/trpc', '/socket.io', '/uploads', '/webhooks', '/dev/', '/healthz', '/readyz'];

const isUiLanguage = (value: unknown): value is UiLanguage =>
  typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);

/**
 * The language a prerendered page is sent in, in the browser's order of SPEC §9 as far as a server sees
 * it: the `lng` query parameter, the language cookie (the app caches its choice there too), the browser's
 * languages. So the page arrives in the language the app then detects, and hydrates without a flash.
 */
export function pageLanguage(request: FastifyRequest): UiLanguage {
  const query = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY_PARAM];
  const fromQuery = typeof query === 'string' ? query.slice(0, 2).toLowerCase() : undefined;
  if (isUiLanguage(fromQuery)) return fromQuery;
  const cookie = request.cookies[LANGUAGE_COOKIE]?.slice(0, 2).toLowerCase();
  if (isUiLanguage(cookie)) return cookie;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase())
    .find(isUiLanguage);
  return accepted ?? DEFAULT_LANGUAGE;
}

/**
 * Serves the built web app (apps/web/dist): hashed assets cached for a year, pages never cached. The
 * public pages the build prerendered (dist/pages/<language>/<name>.html) are sent in the request's
 * language; every other page path gets index.html (the app routes in the browser, and shows its own
 * not-found page for unknown paths). Source maps only with `sourceMaps` (not in production: they hand out
 * the readable source, comments included).
 */
export function registerWeb(app: FastifyInstance, dist: string | null, options: { sourceMaps: boolean }) {
  const index = dist ? join(dist, 'index.html') : null;
  const built = index !== null && existsSync(index);
  if (!built) {
    app.log.warn({ dist }, 'web app not built: run `pnpm build`; serving the API only');
  } else {
    app.register(fastifyStatic, {
      root: dist!,
      index: false,
      // The build writes a Brotli and a gzip copy of every text file; browsers that accept them get those.
      preCompressed: true,
      allowedPath: (path) => options.sourceMaps || !/\.map(\.br|\.gz)?$/.test(path),
      setHeaders(reply, path) {
        reply.header(
          'Cache-Control',
          path.includes(`${join(dist!, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    registerPrerenderedPages(app, dist!);
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
      // A missing file (/assets/x.js, /logo.png) is a 404; anything else is a page of the app.
      (!lastSegment.includes('.') || lastSegment.endsWith('.html'));
    if (!wantsPage) return reply.code(404).send({ error: 'Not found' });
    if (!built) return reply.code(503).type('text/plain').send('The web app is not built. Run `pnpm build`.');
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}

/** A route per page the build prerendered in the default language: "index" is / and /index.html. */
function registerPrerenderedPages(app: FastifyInstance, dist: string) {
  const pages = join(dist, 'pages');
  if (!existsSync(join(pages, DEFAULT_LANGUAGE))) return;
  for (const file of readdirSync(join(pages, DEFAULT_LANGUAGE))) {
    const name = /^([a-z-]+)\.html$/.exec(file)?.[1];
    if (!name) continue;
    for (const path of name === 'index' ? ['/', '/index.html'] : [`/${name}`]) {
      app.get(path, (request, reply) => {
        const language = pageLanguage(request);
        return (
          reply
            .header('Content-Language', language)
            // The page's language depends on these request headers, its encoding on Accept-Encoding.
            .header('Vary', 'Accept-Encoding, Accept-Language, Cookie')
            .sendFile(join('pages', language, file))
        );
      });
    }
  }
}
