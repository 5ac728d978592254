// Writes the public pages (PUBLIC_PAGES of packages/ui/src/prerender.tsx) as static HTML in every interface
// language: dist/pages/<language>/<name>.html, the built index.html with the page's markup in #root
// (`data-prerendered` names its language and `data-namespaces` its translation namespaces, which mount.tsx
// loads before it hydrates) and the page's own head: title, description, canonical URL, hreflang
// alternates, Open Graph and Twitter card. Then dist/sitemap.xml (both languages) and dist/robots.txt (the
// member area disallowed). Absolute URLs start with PRERENDER_ORIGIN, which the server replaces by its
// PUBLIC_URL (apps/server/src/plugins/web.ts, which also picks the page's language per request).
// Also dist/routes.json: every path of the app's route table, which the server answers with 200 (any other
// page path is a 404 with the not-found page).
// Run after `vite build` and `vite build --ssr src/prerender.ts`, by scripts/build.ts:
// `node scripts/prerender.ts <build folder> <ssr build folder>`.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Prerender from '../src/prerender.ts';

const [distArg, ssrArg] = process.argv.slice(2);
if (!distArg || !ssrArg)
  throw new Error('usage: node scripts/prerender.ts <build folder> <ssr build folder>');
const dist = resolve(distArg);
const { APP_PATHS, MEMBER_PATHS, PRERENDER_ORIGIN, PUBLIC_PAGES, UI_LANGUAGES, renderPage } = (await import(
  pathToFileURL(join(resolve(ssrArg), 'prerender.js')).href
)) as typeof Prerender;

/** The web app manifest in a language (public/): its name, description and shortcuts translated. */
const manifestOf = (language: string) =>
  language === 'en' ? '/manifest.webmanifest' : `/manifest-${language}.webmanifest`;
const OG_LOCALE: Record<string, string> = { en: 'en_US', de: 'de_DE' };
const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** The address of a page in a language: each language version has its own URL (SPEC §9's `lng`). */
const url = (path: string, language?: string) =>
  `${PRERENDER_ORIGIN}${path}${language ? `?lng=${language}` : ''}`;

// A prerendered page is readable and its links work before any JavaScript: its code is fetched once the page
// has loaded (a small start script instead of the entry and its modulepreload links), so on a slow phone it
// never competes with the page's own HTML and CSS for the first paint. Until then its controls are disabled
// (useHydrated). A visitor's page then hydrates with the public site's light entry (vite.site.config.ts:
// the page's screen, header, footer and forms, without the member app); a member's page, and the desktop
// app's, with the app (their header, menus and live messages).
const built = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(built)?.[1];
if (!entry) throw new Error('prerender: index.html has no entry script');
const siteManifest = JSON.parse(readFileSync(join(dist, '.vite/site-manifest.json'), 'utf8')) as Record<
  string,
  { file: string; isEntry?: boolean }
>;
const siteEntry = Object.values(siteManifest).find((chunk) => chunk.isEntry)?.file;
if (!siteEntry) throw new Error('prerender: the site build has no entry');
// The start script waits for the load event and then for a painted frame too: on a fast connection the
// load event can come before the first paint, and the page's text is to be on screen before its code is
// fetched (Lighthouse's phone then saw the largest paint wait for the code in one run of four). A hidden page
// paints nothing (the desktop app's window before it shows, say): it starts at once.
const startCode = `// Starts the page's code once it has loaded (apps/web/scripts/prerender.ts): the public site for a
// visitor, the app for a signed-in member and in the desktop app.
const start = async () => {
  let member = Boolean(window.amikoDesktop);
  if (!member) {
    try {
      const answer = await (await fetch('/trpc/auth.me', { credentials: 'include' })).json();
      member = answer?.result?.data != null;
    } catch {
      // No answer: the visitor's site, whose own session check says more.
    }
  }
  await import(member ? ${JSON.stringify(entry)} : ${JSON.stringify(`/${siteEntry}`)});
};
const afterPaint = () =>
  document.visibilityState === 'hidden'
    ? Promise.resolve()
    : new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
const begin = () => void afterPaint().then(start);
if (document.readyState === 'complete') begin();
else addEventListener('load', begin, { once: true });
`;
const startFile = `assets/start-${createHash('sha256').update(startCode).digest('hex').slice(0, 10)}.js`;
writeFileSync(join(dist, startFile), startCode);
const template = built
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace(
    /<script type="module" crossorigin src="[^"]+"><\/script>/,
    `<script type="module" src="/${startFile}"></script>`,
  );
// The boot shell of index.html, up to the <noscript> after it: a prerendered page needs neither.
const shell = /<div id="root">[\s\S]*<\/div>\s*<noscript>[\s\S]*?<\/noscript>/;
const head = /<meta\s+name="description"[^>]*>\s*([\s\S]*?)<title>Amiko<\/title>/;
if (!shell.test(template) || !head.test(template)) {
  throw new Error('prerender: index.html has no description, title or #root boot shell to replace');
}

for (const language of UI_LANGUAGES) {
  mkdirSync(join(dist, 'pages', language), { recursive: true });
  for (const page of PUBLIC_PAGES) {
    const rendered = await renderPage(page.path, language);
    const indexed = page.name !== 'not-found';
    const image = `${PRERENDER_ORIGIN}/og-image-${language}.png`;
    const tags = [
      `<title>${attribute(rendered.title)}</title>`,
      `<meta name="description" content="${attribute(rendered.description)}" />`,
      ...(indexed
        ? [
            `<link rel="canonical" href="${url(page.path, language)}" />`,
            ...UI_LANGUAGES.map(
              (other) => `<link rel="alternate" hreflang="${other}" href="${url(page.path, other)}" />`,
            ),
            `<link rel="alternate" hreflang="x-default" href="${url(page.path)}" />`,
          ]
        : ['<meta name="robots" content="noindex" />']),
      '<meta property="og:type" content="website" />',
      '<meta property="og:site_name" content="Amiko" />',
      `<meta property="og:title" content="${attribute(rendered.title)}" />`,
      `<meta property="og:description" content="${attribute(rendered.description)}" />`,
      `<meta property="og:url" content="${url(page.path, language)}" />`,
      `<meta property="og:locale" content="${OG_LOCALE[language]}" />`,
      ...UI_LANGUAGES.filter((other) => other !== language).map(
        (other) => `<meta property="og:locale:alternate" content="${OG_LOCALE[other]}" />`,
      ),
      `<meta property="og:image" content="${image}" />`,
      '<meta property="og:image:type" content="image/png" />',
      '<meta property="og:image:width" content="1200" />',
      '<meta property="og:image:height" content="630" />',
      `<meta property="og:image:alt" content="${attribute(rendered.imageAlt)}" />`,
      '<meta name="twitter:card" content="summary_large_image" />',
      `<meta name="twitter:title" content="${attribute(rendered.title)}" />`,
      `<meta name="twitter:description" content="${attribute(rendered.description)}" />`,
      `<meta name="twitter:image" content="${image}" />`,
      `<meta name="twitter:image:alt" content="${attribute(rendered.imageAlt)}" />`,
    ];
    const html = template
      .replace('<html lang="en">', `<html lang="${language}">`)
      .replace('href="/manifest.webmanifest"', `href="${manifestOf(language)}"`)
      .replace(head, (_, between: string) => `${between}${tags.join('\n    ')}`)
      .replace(
        shell,
        () =>
          `<div id="root" data-prerendered="${language}" data-namespaces="${rendered.namespaces.join(' ')}">${rendered.html}</div>`,
      );
    writeFileSync(join(dist, 'pages', language, `${page.name}.html`), html);
  }
}

const listed = PUBLIC_PAGES.filter((page) => page.name !== 'not-found');
const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${listed
  .flatMap((page) =>
    UI_LANGUAGES.map(
      (language) => `  <url>
    <loc>${url(page.path, language)}</loc>
${UI_LANGUAGES.map((other) => `    <xhtml:link rel="alternate" hreflang="${other}" href="${url(page.path, other)}" />`).join('\n')}
    <xhtml:link rel="alternate" hreflang="x-default" href="${url(page.path)}" />
  </url>`,
    ),
  )
  .join('\n')}
</urlset>
`;
writeFileSync(join(dist, 'sitemap.xml'), sitemap);

const robots = `User-agent: *
${[...MEMBER_PATHS.map((path) => path.replace(/:.*$/, '')), '/trpc/', '/uploads/', '/pages/']
  .map((path) => `Disallow: ${path}`)
  .join('\n')}

Sitemap: ${PRERENDER_ORIGIN}/sitemap.xml
`;
writeFileSync(join(dist, 'robots.txt'), robots);
writeFileSync(join(dist, 'routes.json'), `${JSON.stringify({ paths: APP_PATHS }, null, 2)}\n`);

process.stdout.write(
  `Prerendered ${PUBLIC_PAGES.length} public pages in ${UI_LANGUAGES.join(', ')} into dist/pages/, ` +
    `with dist/sitemap.xml (${listed.length * UI_LANGUAGES.length} addresses), dist/robots.txt and ` +
    `dist/routes.json (${APP_PATHS.length} paths of the app)\n`,
);
