import { defineConfig } from 'electron-vite';

// electron-vite builds the main process (ESM) and the preload (CommonJS: a sandboxed preload cannot load
// ES modules) into out/. Everything is bundled, so the packaged app needs no node_modules: the preload
// may only require "electron", and the main process ships without a dependency tree.
const serverUrl = process.env.AMIKO_SERVER_URL ?? '';

export default defineConfig(({ mode }) => {
  // `pnpm desktop:dist` builds in mode "dist": a packaged app must know its server.
  if (mode === 'dist' && !serverUrl) {
    throw new Error(
      'Set AMIKO_SERVER_URL to the Amiko server the packaged app shows (e.g. https://amiko.example).',
    );
  }
  return {
    main: {
      build: {
        externalizeDeps: false,
      },
      define: { 'import.meta.env.AMIKO_SERVER_URL': JSON.stringify(serverUrl) },
    },
    preload: {
      build: {
        externalizeDeps: false,
        rollupOptions: {
          output: { format: 'cjs', entryFileNames: '[name].cjs' },
        },
      },
    },
  };
});
