import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildForProduction } from './build-mode.ts';

const ui = fileURLToPath(new URL('../../packages/ui/src/', import.meta.url));

/**
 * The public pages share their screens, header and footer with the app, but not its router, its query
 * cache or i18next: here react-router is the site's plain links (packages/ui/src/site/router.tsx), tRPC's
 * client and React Query hooks the site's small ones on plain requests in tRPC's format (site/trpc.ts), and
 * react-i18next the site's translations (site/i18n.tsx).
 */
function siteModules(): Plugin {
  return {
    name: 'amiko-site-modules',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === 'react-router') return `${ui}site/router.tsx`;
      if (source === 'react-i18next') return `${ui}site/i18n.tsx`;
      if (source === '@tanstack/react-query' || source === '@trpc/client') return `${ui}site/trpc.ts`;
      if (!source.endsWith('/trpc.ts') || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === `${ui}trpc.ts` ? `${ui}site/trpc.ts` : null;
    },
  };
}

/** The parts most public screens use (see the groups below). */
const SHARED_SCREEN_PARTS =
  /@mantine\/core\/esm\/components\/(Paper|Title|ThemeIcon|SimpleGrid|Stack)\/|@tabler\/icons-react\/dist\/esm\/(createReactComponent|defaultAttributes)|ui\/src\/components\/Reveal|core\/src\/rules\/pricing/;

// `pnpm build`'s second step, after the app's build (vite.config.ts): the site's entry and chunks into the
// same dist/assets, its manifest beside the app's (.vite/site-manifest.json). scripts/prerender.ts names
// it in the prerendered pages.
export default defineConfig(({ command }) => {
  buildForProduction(command);
  return {
    plugins: [siteModules(), react()],
    publicDir: false,
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      sourcemap: true,
      manifest: '.vite/site-manifest.json',
      // The texts are JSON files of their own (packages/i18n/src/urls.ts), never inlined into the script.
      assetsInlineLimit: 0,
      // No preload helper: a lazy screen's own imports are fetched when its module arrives, one round
      // trip later, instead of through the helper's table of every chunk's dependencies. The home screen's
      // imports are the entry's, so its visit waits for nothing; the helper cost 0.7 KiB of the 100 and, at
      // start, a <link> per dependency on the main thread.
      modulePreload: false,
      rolldownOptions: {
        input: { site: 'src/site.ts' },
        // Left to itself, the bundler cuts what the public screens share into many small files (Paper,
        // Title, ThemeIcon, SimpleGrid, Stack, the icons, Reveal, the pricing rules; Mantine's core beside
        // the entry). One group for them, which takes their dependencies along, compresses as one: the
        // home page's first visit went from 101.0 KiB in 13 files to 98.6 KiB in 7.
        output: { codeSplitting: { groups: [{ name: 'parts', test: SHARED_SCREEN_PARTS }] } },
      },
    },
  };
});
