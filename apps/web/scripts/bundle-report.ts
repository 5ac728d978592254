// Prints, per route of packages/ui/src/app/routes.tsx, the JavaScript a first visit loads, from Vite's
// manifest (run after `vite build`). A first visit loads: the entry chunk and its static imports; the
// lazy chunks the app fetches on every start (everything lazy except screens, locales and the on-demand
// menus); the route's screen chunks and their imports; the "common" locale and the namespaces the
// screen's code uses (the larger of EN and DE). Fails when the home page exceeds its budget.
// The public pages are prerendered (scripts/prerender.ts): before their load event they fetch only the
// start script; after it, a visitor's page loads the public site's light entry (vite.site.config.ts) and
// its one screen. Both figures of the home page are printed and held to their budgets: what a first visit
// loads in all, and what it loads before the load event.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The member app's start (entry, its start-up chunks, a screen): what a member's first page loads. */
const APP_BUDGET_KIB = 200;
/** A visitor's first visit to the prerendered home page, in all: start script, site entry, its screen. */
const HOME_BUDGET_KIB = 100;
/** What the prerendered home page fetches before its load event: only the start script. */
const HOME_FIRST_LOAD_BUDGET_KIB = 1;
/**
 * Lazy chunks that a first visit does not load: the member controls and the live messaging connection (members
 * only), the mobile drawer (opened on demand), notifications (after a first action).
 */
const ON_DEMAND = [
  '/components/MemberControls.tsx',
  '/components/MobileMenu.tsx',
  '/messaging/LiveMessaging.tsx',
  '/messaging/client.ts',
  'node_modules/@mantine/notifications',
];

const web = fileURLToPath(new URL('..', import.meta.url));
// scripts/build.ts names the build's folder; by hand, the build apps/web/dist points at.
const dist = resolve(process.argv[2] ?? join(web, 'dist'));
const uiApp = resolve(web, '../../packages/ui/src/app');
const routesFile = join(uiApp, 'routes.tsx');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('bundle-report: no build manifest; run `vite build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
const keyOf = (absolute: string) => relative(web, absolute).split('\\').join('/');

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** A chunk and everything it imports statically. */
function closure(key: string, into = new Set<string>(), from = manifest): Set<string> {
  const chunk = from[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, into, from);
  return into;
}

// Screens and routes, read from the route table.
const source = readFileSync(routesFile, 'utf8');
const screens = new Map<string, string>();
for (const m of source.matchAll(/const (\w+) = lazyScreen\(\(\) => import\('([^']+)'\)\)/g)) {
  screens.set(m[1]!, resolve(uiApp, m[2]!));
}
const routes: { path: string; screens: string[] }[] = [];
let parent: { path: string; screens: string[] } | null = null;
for (const m of source.matchAll(/path: '([^']+)',\s*element:\s*([^\n]*)/g)) {
  const [path, element] = [m[1]!, m[2]!];
  const names = [...element.matchAll(/<(\w+)/g)].map((n) => n[1]!).filter((n) => screens.has(n));
  const own = names.map((n) => screens.get(n)!);
  if (path.startsWith('/') || path === '*') {
    parent = { path, screens: own };
    routes.push(parent);
  } else if (parent) {
    routes.push({ path: `${parent.path}/${path}`, screens: [...parent.screens, ...own] });
  }
}

/** Translation namespaces a module and the modules it imports from packages/ui use. */
function namespaces(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file) || !existsSync(file)) return found;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const m of code.matchAll(/useTranslation\(([^)]*)\)/g))
    for (const ns of m[1]!.matchAll(/'(\w+)'/g)) found.add(ns[1]!);
  for (const m of code.matchAll(/['"`](\w+):[\w.]+/g)) found.add(m[1]!);
  for (const m of code.matchAll(/from '(\.[^']+)'/g))
    for (const ns of namespaces(resolve(dirname(file), m[1]!), seen)) found.add(ns);
  return found;
}

function localeChunks(ns: string, from = manifest): string[] {
  const files = ['en', 'de']
    .map((lng) => from[`../../packages/i18n/locales/${lng}/${ns}.json`]?.file)
    .filter((f): f is string => Boolean(f));
  // The larger of the two languages, so the figure holds for both.
  return files.sort((a, b) => gzipBytes(b) - gzipBytes(a)).slice(0, 1);
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const entry = manifest[entryKey]!;
const screenKeys = new Set([...screens.values()].map(keyOf));
const atStart = new Set<string>(closure(entryKey));
for (const key of entry.dynamicImports ?? []) {
  if (screenKeys.has(key) || key.includes('/i18n/locales/') || ON_DEMAND.some((s) => key.endsWith(s)))
    continue;
  closure(key, atStart);
}

const print = (line = '') => process.stdout.write(`${line}\n`);
const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
const rows = routes.map((route) => {
  const files = new Set(atStart);
  const used = new Set(['common']);
  for (const screen of route.screens) {
    closure(keyOf(screen), files);
    for (const ns of namespaces(screen)) used.add(ns);
  }
  for (const ns of used) for (const file of localeChunks(ns)) files.add(file);
  const js = [...files].filter((f) => f.endsWith('.js'));
  return { path: route.path, bytes: js.reduce((sum, f) => sum + gzipBytes(f), 0), chunks: js.length, js };
});

print('\nJavaScript a first visit loads, per route (gzip -9):');
print(`${'route'.padEnd(26)}${'KiB'.padStart(7)}  chunks`);
for (const row of rows) print(`${row.path.padEnd(26)}${kib(row.bytes)}  ${row.chunks}`);
const home = rows.find((r) => r.path === '/');
if (!home) {
  console.error('bundle-report: the route table has no "/" route.');
  process.exit(1);
}
const ok = home.bytes <= APP_BUDGET_KIB * 1024;
const brotli = home.js.reduce(
  (sum, f) =>
    sum +
    brotliCompressSync(readFileSync(join(dist, f)), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length,
  0,
);
print(
  `\nThe member app's start at /: ${(home.bytes / 1024).toFixed(1)} KiB of gzipped JavaScript (${(brotli / 1024).toFixed(1)} KiB as Brotli, as the server sends it), budget ${APP_BUDGET_KIB} KiB: ${ok ? 'OK' : 'OVER BUDGET'}`,
);

// The prerendered home page: the scripts its HTML names, before the load event.
const prerenderedHome = join(dist, 'pages/en/index.html');
const siteManifestPath = join(dist, '.vite/site-manifest.json');
let firstOk: boolean;
if (existsSync(prerenderedHome) && existsSync(siteManifestPath)) {
  const html = readFileSync(prerenderedHome, 'utf8');
  const named = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g),
  ];
  const first = named.reduce((sum, m) => sum + gzipBytes(m[1]!), 0);
  firstOk = first <= HOME_FIRST_LOAD_BUDGET_KIB * 1024 && named.length > 0;
  print(
    `Home page, prerendered: ${(first / 1024).toFixed(1)} KiB of gzipped JavaScript before its load event (${named.length} script), budget ${HOME_FIRST_LOAD_BUDGET_KIB} KiB: ${firstOk ? 'OK' : 'OVER BUDGET'}; the site follows after load`,
  );
  // The whole first visit: the start script, then the site's entry and its imports, and the home screen's
  // chunks; its texts are JSON files (the larger of EN and DE), printed beside it.
  const site = JSON.parse(readFileSync(siteManifestPath, 'utf8')) as Record<string, Chunk>;
  const siteEntry = Object.keys(site).find((key) => site[key]!.isEntry)!;
  const homeScreen = keyOf(screens.get('Home')!);
  const visit = new Set(named.map((m) => m[1]!));
  closure(siteEntry, visit, site);
  closure(homeScreen, visit, site);
  const texts = [...new Set(['common', ...namespaces(screens.get('Home')!)])].flatMap((ns) =>
    localeChunks(ns, site),
  );
  const visitBytes = [...visit].reduce((sum, f) => sum + gzipBytes(f), 0);
  const textBytes = texts.reduce((sum, f) => sum + gzipBytes(f), 0);
  const visitOk = visitBytes <= HOME_BUDGET_KIB * 1024 && site[homeScreen] !== undefined;
  firstOk &&= visitOk;
  print(
    `Home page, a visitor's whole first visit (public site): ${(visitBytes / 1024).toFixed(1)} KiB of gzipped JavaScript in ${visit.size} files (and ${(textBytes / 1024).toFixed(1)} KiB of texts as JSON), budget ${HOME_BUDGET_KIB} KiB: ${visitOk ? 'OK' : 'OVER BUDGET'}`,
  );
  const blocking = [...html.matchAll(/<script(?![^>]*type="module")[^>]*>/g)];
  if (blocking.length > 0) {
    print(`Home page, prerendered: render-blocking script ${blocking[0]![0]}`);
    firstOk = false;
  }
} else {
  print('Home page, prerendered: missing (run vite.site.config.ts and scripts/prerender.ts)');
  firstOk = false;
}
print();
if (!ok || !firstOk) process.exit(1);
