import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildForProduction } from './build-mode.ts';

const api = process.env.AMIKO_API ?? 'http://localhost:3000';

// `pnpm build`: the browser build into dist/, a server-side build of src/prerender.ts into dist-ssr/, then
// scripts/prerender.ts writes the public pages' HTML, scripts/precompress.ts their .br and .gz, and
// scripts/bundle-report.ts prints the JavaScript each route loads (from the manifest).
// `pnpm dev`: Vite serves the UI with hot reload and passes API, socket and upload requests to the server.
export default defineConfig(({ command }) => {
  buildForProduction(command);
  return {
    plugins: [react()],
    // The prerendering code runs once, at build time, from dist-ssr/: everything bundled into it.
    ssr: { noExternal: true },
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
  };
});
