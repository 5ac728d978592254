import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths the web app never owns: an unknown one under these is a real 404, not the app's page. */
const API_PREFIXES = ['/trpc', '/socket.io', '/uploads', '/webhooks', '/dev/', '/healthz', '/readyz'];

/**
 * Serves the built web app (apps/web/dist): hashed assets cached for a year, index.html never cached, and
 * index.html for every other GET of a page path (the app routes in the browser, and shows its own
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
      wildcard: false,
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
