import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
