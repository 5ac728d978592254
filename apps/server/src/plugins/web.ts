import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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
 * What a path is to the app's routes (packages/ui/src/app/routes.tsx), as the build lists them in
 * routes.json: 'route' for one of its pages, 'guarded' for a path only a wildcard route takes (`/settings/*`:
 * the app still sends a visitor to sign in, but there is no such page), null for none. `/profile-view/:userId`
 * takes one segment for the parameter; matched as the app's router matches, without regard to case or a
 * trailing slash. Null when the build has no list (then every path is the app's).
 */
type AppPath = 'route' | 'guarded' | null;

function readAppRoutes(dist: string): ((path: string) => AppPath) | null {
  const file = join(dist, 'routes.json');
  if (!existsSync(file)) return null;
  const { paths } = JSON.parse(readFileSync(file, 'utf8')) as { paths: string[] };
  const patterns = paths.map((path) => {
    const segments = path
      .split('/')
      .filter(Boolean)
      .map((segment) =>
        segment === '*'
          ? '.*'
          : segment.startsWith(':')
            ? '[^/]+'
            : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      );
    return { pattern: new RegExp(`^/${segments.join('/')}/?$`, 'i'), wildcard: path.endsWith('/*') };
  });
  return (path) => {
    let decoded: string;
    try {
      decoded = decodeURI(path);
    } catch {
      return null;
    }
    const matches = patterns.filter(({ pattern }) => pattern.test(decoded));
    if (matches.some(({ wildcard }) => !wildcard)) return 'route';
    return matches.length > 0 ? 'guarded' : null;
  };
}

/**
 * Serves the built web app (apps/web/dist): hashed assets cached for a year, pages never cached. The
 * public pages the build prerendered (dist/pages/<language>/<name>.html) are sent in the request's
 * language, and with sitemap.xml and robots.txt with the public origin in their URLs; the other paths of
 * the app's routes (the member area, sign-in) get index.html with 200 (the app routes in the browser), a path
 * only a wildcard of the member area takes (/settings/foo) index.html with 404, and any other path a 404
 * with the prerendered not-found page, in the visitor's language: no soft 404 for
 * search engines, and a health check pointed at a mistyped path fails. Source maps only with `sourceMaps`
 * (not in production: they hand out the readable source, comments included).
 */
export function registerWeb(
  app: FastifyInstance,
  link: string | null,
  options: { sourceMaps: boolean; publicUrl: () => string },
) {
  const dist = link && pinBuild(app, link);
  const index = dist ? join(dist, 'index.html') : null;
  const built = index !== null && existsSync(index);
  let appPath: (path: string) => AppPath = () => 'route';
  let sendPage: PageSender | null = null;
  if (!built) {
    app.log.warn({ dist }, 'web app not built: run `pnpm build`; serving the API only');
  } else {
    app.register(fastifyStatic, {
      root: dist!,
      index: false,
      // Not the build's own files: Vite's manifests (.vite/), its stamp, the marks of the servers using it.
      dotfiles: 'ignore',
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
    sendPage = registerPrerenderedPages(app, dist!, options.publicUrl);
    const routes = readAppRoutes(dist!);
    if (routes) appPath = routes;
    else app.log.warn({ dist }, 'the web build lists no routes (routes.json): every page path answers 200');
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
    const kind = appPath(path);
    if (kind === 'route') return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    reply.code(404);
    // A member-area path no page has (/settings/foo): a 404, yet with the app, which sends a visitor to sign
    // in as it does on every protected path (SPEC protects /settings/*) and shows a member its not-found page.
    if (kind === 'guarded') return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return (
      sendPage?.('not-found', request, reply) ??
      reply.header('Cache-Control', 'no-cache').sendFile('index.html')
    );
  });
}

let marks = 0;

/**
 * The build to serve for this server's whole life. `pnpm build` makes apps/web/dist a link to the newest
 * build (apps/web/scripts/build.ts): the server follows it once, so a later build never changes files under
 * it (its cached pages would name scripts the new build does not have), and marks the build in use
 * (<build>/.servers/<pid>.<n>) until it stops, so that the next builds do not delete it.
 */
function pinBuild(app: FastifyInstance, link: string): string {
  if (!existsSync(link) || !lstatSync(link).isSymbolicLink()) return link;
  const build = realpathSync(link);
  const mark = join(build, '.servers', `${process.pid}.${(marks += 1)}`);
  try {
    mkdirSync(join(build, '.servers'), { recursive: true });
    writeFileSync(mark, '');
    app.addHook('onClose', async () => rmSync(mark, { force: true }));
  } catch (error) {
    app.log.warn({ err: error, build }, 'web build not marked in use: a later `pnpm build` may delete it');
  }
  return build;
}

/** Sends a prerendered page by its name in the request's language; null when the build has no such page. */
type PageSender = (name: string, request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

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
 * the request's language; and the build's sitemap.xml and robots.txt. Returns what sends a page by name.
 */
function registerPrerenderedPages(app: FastifyInstance, dist: string, publicUrl: () => string): PageSender {
  for (const [name, type] of [
    ['sitemap.xml', 'application/xml; charset=utf-8'],
    ['robots.txt', 'text/plain; charset=utf-8'],
  ] as const) {
    if (!existsSync(join(dist, name))) continue;
    const send = withOrigin(join(dist, name), publicUrl);
    app.get(`/${name}`, (request, reply) => send(request, reply.header('Vary', 'Accept-Encoding'), type));
  }
  const pages = join(dist, 'pages');
  const byName = new Map<string, Record<UiLanguage, ReturnType<typeof withOrigin>>>();
  const send: PageSender = (name, request, reply) => {
    const senders = byName.get(name);
    if (!senders) return null;
    const language = pageLanguage(request);
    reply
      .header('Content-Language', language)
      // The page's language depends on these request headers, its encoding on Accept-Encoding.
      .header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
    return senders[language](request, reply, 'text/html; charset=utf-8');
  };
  if (!existsSync(join(pages, DEFAULT_LANGUAGE))) return send;
  for (const file of readdirSync(join(pages, DEFAULT_LANGUAGE))) {
    const name = /^([a-z-]+)\.html$/.exec(file)?.[1];
    if (!name) continue;
    byName.set(
      name,
      Object.fromEntries(
        UI_LANGUAGES.map((language) => [language, withOrigin(join(pages, language, file), publicUrl)]),
      ) as Record<UiLanguage, ReturnType<typeof withOrigin>>,
    );
    for (const path of name === 'index' ? ['/', '/index.html'] : [`/${name}`]) {
      app.get(path, (request, reply) => send(name, request, reply));
    }
  }
  return send;
}
