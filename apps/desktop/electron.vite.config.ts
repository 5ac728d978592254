import { defineConfig } from 'electron-vite';
import { distSettings } from './dist-settings.ts';

// electron-vite builds the main process (ESM) and the preload (CommonJS: a sandboxed preload cannot load
// ES modules) into out/. Everything is bundled, so the packaged app needs no node_modules: the preload
// may only require "electron", and the main process ships without a dependency tree.
export default defineConfig(({ mode }) => {
  // `pnpm desktop:dist` builds in mode "dist": a packaged app must know its server and its update feed (and
  // the deb its maintainer) before electron-builder runs: dist-settings.ts checks them all.
  const serverUrl =
    mode === 'dist'
      ? distSettings(process.env, process.platform).serverUrl
      : (process.env.AMIKO_SERVER_URL ?? '');
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
