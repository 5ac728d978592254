import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.AMIKO_API ?? 'http://localhost:3000';

// `pnpm dev`: Vite serves the UI with hot reload and passes API, socket and upload requests to the server.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
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
