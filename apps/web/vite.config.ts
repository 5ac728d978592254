import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

const api = process.env.AMIKO_API ?? 'http://localhost:3000';

/**
 * Writes a .br and a .gz next to every text asset of the build, compressed once at the highest level; the
 * server sends them as they are (@fastify/static preCompressed) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'amiko-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.name.startsWith('.')
            ? []
            : entry.isDirectory()
              ? walk(join(dir, entry.name))
              : [join(dir, entry.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file) || statSync(file).size < 1024) continue;
        const bytes = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/** Modules the landing page needs right after the entry: fetched in parallel with it, not after it. */
const PRELOAD = [/\/screens\/site\/HomeScreen\.tsx$/, /\/locales\/(en|de)\/common\.json$/];

/**
 * Adds <link rel="modulepreload"> for the home screen and the "common" texts (both languages: which one is
 * needed is only known in the browser, and each is about 2 KiB). Without them the browser learns about
 * these chunks only after the entry has run: two more round trips before the first paint of the home page.
 */
function preloadLanding(): Plugin {
  return {
    name: 'amiko-preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
        const files = new Set<string>();
        const add = (chunk: Rolldown.OutputChunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const imported of chunk.imports) {
            const next = chunks.find((c) => c.fileName === imported);
            if (next && !next.isEntry) add(next);
          }
        };
        for (const pattern of PRELOAD) {
          for (const chunk of chunks)
            if (chunk.facadeModuleId && pattern.test(chunk.facadeModuleId)) add(chunk);
        }
        const already = new Set([...html.matchAll(/href="\/([^"]+)"/g)].map((m) => m[1]));
        const links = [...files]
          .filter((file) => !already.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('\n    ');
        return html.replace('</head>', `  ${links}\n  </head>`);
      },
    },
  };
}

// `pnpm build` (then scripts/bundle-report.ts prints the JavaScript each route loads, from the manifest).
// `pnpm dev`: Vite serves the UI with hot reload and passes API, socket and upload requests to the server.
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: api },
      '/uploads': { target: api },
      '/dev/mail': { target: api },
      '/webhooks': { target: api },
      '/socket.io': { target: api, ws: true },
    },
  },
});
