// Writes the public pages (PUBLIC_PAGES of packages/ui/src/prerender.tsx) as static HTML in every interface
// language: dist/pages/<language>/<name>.html, the built index.html with the page's markup in #root
// (`data-prerendered` names its language and `data-namespaces` its translation namespaces, which mount.tsx
// loads before it hydrates). The server picks the file per request
// (apps/server/src/plugins/web.ts). Run after `vite build` and `vite build --ssr src/prerender.ts`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Prerender from '../src/prerender.ts';

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = join(web, 'dist');
const { PUBLIC_PAGES, UI_LANGUAGES, renderPage } = (await import(
  pathToFileURL(join(web, 'dist-ssr/prerender.js')).href
)) as typeof Prerender;

const template = readFileSync(join(dist, 'index.html'), 'utf8');
// The boot shell of index.html, up to the <noscript> after it: a prerendered page needs neither.
const shell = /<div id="root">[\s\S]*<\/div>\s*<noscript>[\s\S]*?<\/noscript>/;
if (!shell.test(template)) throw new Error('prerender: index.html has no #root boot shell to replace');

for (const language of UI_LANGUAGES) {
  mkdirSync(join(dist, 'pages', language), { recursive: true });
  for (const page of PUBLIC_PAGES) {
    const { html: markup, namespaces } = await renderPage(page.path, language);
    const html = template
      .replace('<html lang="en">', `<html lang="${language}">`)
      .replace(
        shell,
        () =>
          `<div id="root" data-prerendered="${language}" data-namespaces="${namespaces.join(' ')}">${markup}</div>`,
      );
    writeFileSync(join(dist, 'pages', language, `${page.name}.html`), html);
  }
}
process.stdout.write(
  `Prerendered ${PUBLIC_PAGES.length} public pages in ${UI_LANGUAGES.join(', ')} into dist/pages/\n`,
);
