import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY_PARAM,
  PRERENDER_ORIGIN,
  UI_LANGUAGES,
  type UiLanguage,
} from '@amiko/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths the web app never owns: an unknown one under these is a real 404, not the app's page. */
const API_PREFIXES = [
  '/trpc',
  '/socket.io',
  '/uploads',
  '/webhooks',
  '/dev/',
  '/healthz',
  '/readyz',
  // Served on METRICS_PORT only; here a plain 404, not the app's page.
  '/metrics',
];

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
 * language, and with sitemap.xml and robots.txt with the public origin in their URLs; every other page
 * path gets index.html (the app routes in the browser, and shows its own
 * not-found page for unknown paths). Source maps only with `sourceMaps` (not in production: they hand out
 * the readable source, comments included).
 */
export function registerWeb(
  app: FastifyInstance,
  dist: string | null,
  options: { sourceMaps: boolean; publicUrl: () => string },
) {
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
    registerPrerenderedPages(app, dist!, options.publicUrl);
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

/**
 * A file of the build with PRERENDER_ORIGIN replaced by the public origin, compressed once (Brotli, gzip)
 * the first time it is asked for: the origin is known only once the server listens.
 */
function withOrigin(file: string, publicUrl: () => string) {
  let variants: { identity: Buffer; br: Buffer; gzip: Buffer } | undefined;
  return (request: FastifyRequest, reply: FastifyReply, type: string) => {
    if (!variants) {
      const origin = publicUrl().replace(/\/+$/, '');
      const identity = Buffer.from(readFileSync(file, 'utf8').replaceAll(PRERENDER_ORIGIN, origin));
      variants = {
        identity,
        br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(identity, { level: 9 }),
      };
    }
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.type(type).header('Cache-Control', 'no-cache').send(variants[encoding]);
  };
}

/**
 * A route per page the build prerendered in the default language ("index" is / and /index.html), sent in
 * the request's language; and the build's sitemap.xml and robots.txt.
 */
function registerPrerenderedPages(app: FastifyInstance, dist: string, publicUrl: () => string) {
  for (const [name, type] of [
    ['sitemap.xml', 'application/xml; charset=utf-8'],
    ['robots.txt', 'text/plain; charset=utf-8'],
  ] as const) {
    if (!existsSync(join(dist, name))) continue;
    const send = withOrigin(join(dist, name), publicUrl);
    app.get(`/${name}`, (request, reply) => send(request, reply.header('Vary', 'Accept-Encoding'), type));
  }
  const pages = join(dist, 'pages');
  if (!existsSync(join(pages, DEFAULT_LANGUAGE))) return;
  for (const file of readdirSync(join(pages, DEFAULT_LANGUAGE))) {
    const name = /^([a-z-]+)\.html$/.exec(file)?.[1];
    if (!name) continue;
    const senders = Object.fromEntries(
      UI_LANGUAGES.map((language) => [language, withOrigin(join(pages, language, file), publicUrl)]),
    ) as Record<UiLanguage, ReturnType<typeof withOrigin>>;
    for (const path of name === 'index' ? ['/', '/index.html'] : [`/${name}`]) {
      app.get(path, (request, reply) => {
        const language = pageLanguage(request);
        reply
          .header('Content-Language', language)
          // The page's language depends on these request headers, its encoding on Accept-Encoding.
          .header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
        return senders[language](request, reply, 'text/html; charset=utf-8');
      });
    }
  }
}
