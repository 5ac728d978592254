import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { signedInMember } from './members.ts';
import type { Language } from './site-support.ts';

// Issue 18 item 11: every public page can be found and shared: its own title and description per
// language, <html lang>, canonical and hreflang addresses, Open Graph and Twitter cards with an image, a
// sitemap with both languages, robots.txt keeping crawlers out of the member area; and every page of the
// app, member pages included, names itself in the tab.

const PAGES = [
  '/',
  '/my-story',
  '/how-it-works',
  '/pricing',
  '/faq',
  '/privacy-policy',
  '/contact-us',
  '/feedback',
] as const;
const LANGUAGES = ['en', 'de'] as const;

interface Head {
  lang: string | undefined;
  title: string | undefined;
  meta: Map<string, string>;
  links: { rel: string; hreflang?: string; href: string }[];
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The head of a page as a crawler reads it: no JavaScript. */
async function headOf(request: APIRequestContext, address: string): Promise<Head> {
  const html = await (await request.get(address)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const attributes = (tag: string) =>
    Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]));
  const meta = new Map<string, string>();
  for (const tag of head.match(/<meta [^>]*>/g) ?? []) {
    const a = attributes(tag);
    const key = a.property ?? a.name;
    if (key && a.content !== undefined) meta.set(key, a.content);
  }
  const links = (head.match(/<link [^>]*>/g) ?? [])
    .map((tag) => attributes(tag) as { rel: string; hreflang?: string; href: string })
    .filter((link) => link.rel === 'canonical' || link.rel === 'alternate');
  return {
    lang: /<html lang="(\w+)">/.exec(html)?.[1],
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    meta,
    links,
  };
}

test('each public page has its own title and description in each language, and its addresses', async ({
  request,
  baseURL,
}) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const language of LANGUAGES) {
    for (const path of PAGES) {
      const head = await headOf(request, `${path}?lng=${language}`);
      const label = `${path} ${language}`;
      expect(head.lang, label).toBe(language);
      expect(head.title, label).toMatch(/Amiko/);
      const description = head.meta.get('description');
      expect(description?.length ?? 0, label).toBeGreaterThan(50);
      titles.add(head.title!);
      descriptions.add(description!);

      const own = `${baseURL}${path}?lng=${language}`;
      expect(head.links.find((l) => l.rel === 'canonical')?.href, label).toBe(own);
      const alternates = Object.fromEntries(
        head.links.filter((l) => l.rel === 'alternate').map((l) => [l.hreflang, l.href]),
      );
      expect(alternates, label).toEqual({
        en: `${baseURL}${path}?lng=en`,
        de: `${baseURL}${path}?lng=de`,
        'x-default': `${baseURL}${path}`,
      });

      expect(head.meta.get('og:title'), label).toBe(head.title);
      expect(head.meta.get('og:description'), label).toBe(description);
      expect(head.meta.get('og:url'), label).toBe(own);
      expect(head.meta.get('og:type'), label).toBe('website');
      expect(head.meta.get('og:locale'), label).toBe(language === 'en' ? 'en_US' : 'de_DE');
      expect(head.meta.get('og:image'), label).toBe(`${baseURL}/og-image-${language}.png`);
      expect(head.meta.get('og:image:alt')?.length ?? 0, label).toBeGreaterThan(10);
      expect(head.meta.get('twitter:card'), label).toBe('summary_large_image');
      expect(head.meta.get('twitter:title'), label).toBe(head.title);
      expect(head.meta.get('twitter:image'), label).toBe(head.meta.get('og:image'));
    }
  }
  // Distinct per page and per language.
  expect(titles.size).toBe(PAGES.length * LANGUAGES.length);
  expect(descriptions.size).toBe(PAGES.length * LANGUAGES.length);
  expect((await headOf(request, '/faq?lng=de')).title).toBe('Häufige Fragen — Amiko');
  expect((await headOf(request, '/faq?lng=en')).title).toBe('FAQ — Amiko');
});

test('the not-found page asks not to be indexed', async ({ request }) => {
  for (const language of LANGUAGES) {
    const head = await headOf(request, `/not-found?lng=${language}`);
    expect(head.meta.get('robots')).toBe('noindex');
    expect(head.links.find((l) => l.rel === 'canonical')).toBeUndefined();
  }
});

test('the share image is a 1200 × 630 PNG in each language', async ({ request }) => {
  for (const language of LANGUAGES) {
    const response = await request.get(`/og-image-${language}.png`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const { format, width, height } = await sharp(await response.body()).metadata();
    expect({ format, width, height }).toEqual({ format: 'png', width: 1200, height: 630 });
  }
});

test('the sitemap lists every public page in both languages, at the public origin', async ({
  request,
  baseURL,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/xml/);
  const xml = await response.text();
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(locations.sort()).toEqual(
    PAGES.flatMap((path) => LANGUAGES.map((language) => `${baseURL}${path}?lng=${language}`)).sort(),
  );
  expect(xml).toContain(`hreflang="de" href="${baseURL}/faq?lng=de"`);
  // Every address is the page in that language.
  for (const location of locations) {
    const language = new URL(location).searchParams.get('lng') as Language;
    expect((await headOf(request, location.slice(baseURL!.length))).lang, location).toBe(language);
  }
});

test('robots.txt keeps crawlers out of the member area and names the sitemap', async ({
  request,
  baseURL,
}) => {
  const response = await request.get('/robots.txt');
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const lines = (await response.text()).split('\n');
  expect(lines).toContain('User-agent: *');
  for (const path of [
    '/messages',
    '/profile',
    '/profile-view/',
    '/settings',
    '/favorites',
    '/payment-info',
  ]) {
    expect(lines, path).toContain(`Disallow: ${path}`);
  }
  for (const path of PAGES.filter((p) => p !== '/')) {
    expect(
      lines.some((line) => line.startsWith('Disallow:') && path.startsWith(line.slice(10))),
      path,
    ).toBe(false);
  }
  expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('the tab names the page as the visitor moves through the app, in the language shown', async ({
  page,
}) => {
  await page.goto('/?lng=en');
  await expect(page).toHaveTitle('Amiko — Find your people, wherever life takes you');
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveTitle('FAQ — Amiko');
  await page.goto('/auth?lng=de');
  await expect(page).toHaveTitle('Anmelden oder registrieren — Amiko');
  await page.goto('/no/such/page?lng=en');
  await expect(page).toHaveTitle('Page not found — Amiko');
});

test('member pages name themselves too', async ({ page, context, amiko }) => {
  await signedInMember(amiko, context, { name: 'Mia' });
  for (const [path, title] of [
    ['/messages', 'Messages — Amiko'],
    ['/favorites', 'Favorites — Amiko'],
    ['/settings/notifications', 'Settings — Amiko'],
    ['/profile', 'Your profile — Amiko'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});
