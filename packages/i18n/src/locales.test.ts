import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './namespaces.ts';
import { createServerTranslator, loadResources } from './server.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object') for (const [k, v] of flatten(child, path)) out.set(k, v);
    else out.set(path, String(child));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('locales', () => {
  const resources = loadResources();

  it('has a file for every namespace in EN and DE, and no other files', () => {
    for (const lng of ['en', 'de']) {
      const files = readdirSync(fileURLToPath(new URL(`../locales/${lng}/`, import.meta.url))).sort();
      expect(files).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  it('names an interest in an icebreaker only in quotation marks, so every line reads right for every interest (issue 30.18)', () => {
    // "Board games is something we share" (EN), "Brettspiele steht …" (DE): a line that makes the interest
    // its subject, or refers to it as "it", needs its number, case and gender. Quoted, it is a name.
    const quoted = { en: '“{{interest}}”', de: '„{{interest}}“' } as const;
    for (const lng of ['en', 'de'] as const) {
      // The one-to-one chat's lines and a new pod's (issue 34.4).
      const lines = [
        ...[...flatten(resources[lng].messages)].filter(([key]) => key.startsWith('icebreakers.lines.')),
        ...[...flatten(resources[lng].pods)].filter(([key]) => key.startsWith('chat.icebreakers.')),
      ];
      const withInterest = lines.filter(([, text]) => text.includes('{{interest}}'));
      expect(withInterest.length).toBe(26);
      for (const [key, text] of withInterest) {
        expect([key, text.split('{{interest}}').length - 1, text.includes(quoted[lng])]).toEqual([
          key,
          1,
          true,
        ]);
      }
    }
  });

  it('names early access with one German term throughout: "Früher Zugang", never "Early Access" (issue 18.8)', () => {
    const german = NAMESPACES.flatMap((ns) =>
      [...flatten(resources.de[ns])].map(([key, text]) => ({ key: `${ns}:${key}`, text })),
    );
    expect(german.filter(({ text }) => /early\s*access/i.test(text)).map(({ key }) => key)).toEqual([]);
    const de = (ns: 'common' | 'payment', key: string) => flatten(resources.de[ns]).get(key);
    expect(de('common', 'home.banner.label')).toBe('Früher Zugang');
    expect(de('payment', 'pricing.earlyAccess.title')).toBe('Früher Zugang');
  });

  for (const ns of NAMESPACES) {
    it(`holds the same keys in EN and DE for "${ns}", each translated and with the same placeholders`, () => {
      const en = flatten(resources.en[ns]);
      const de = flatten(resources.de[ns]);
      expect([...de.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of en) {
        expect(text.trim(), `EN ${ns}:${key} is empty`).not.toBe('');
        expect(de.get(key)?.trim(), `DE ${ns}:${key} is empty`).not.toBe('');
        expect(placeholders(de.get(key) ?? ''), `placeholders of ${ns}:${key}`).toEqual(placeholders(text));
      }
    });
  }

  it('has a translation for every "namespace:key" literal in the source code', () => {
    const known = new Set<string>();
    for (const ns of NAMESPACES)
      for (const key of flatten(resources.en[ns]).keys()) known.add(`${ns}:${key}`);
    const literal = new RegExp(`['"\`]((?:${NAMESPACES.join('|')}):[A-Za-z0-9_.]+)['"\`]`, 'g');
    const missing: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.name === 'node_modules' || entry.name === 'dist') continue;
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          for (const match of readFileSync(path, 'utf8').matchAll(literal)) {
            const key = match[1]!;
            // i18next plural forms: "x" is satisfied by "x_one"/"x_other", an ordinal by "x_ordinal_other".
            if (!known.has(key) && !known.has(`${key}_other`) && !known.has(`${key}_ordinal_other`))
              missing.push(`${key} (${path.slice(root.length)})`);
          }
        }
      }
    };
    for (const dir of ['packages', 'apps']) walk(join(root, dir));
    expect(missing).toEqual([]);
  });

  it('translates on the server in both languages', () => {
    const t = createServerTranslator();
    expect(t('en', 'auth:errors.emailInUse')).toBe('This email is already in use.');
    expect(t('de', 'auth:errors.emailInUse')).toBe('Diese E-Mail-Adresse wird bereits verwendet.');
    expect(t('de', 'common:authAction.unsupportedMode', { mode: 'x' })).toBe(
      'Nicht unterstützter Aktionsmodus: x',
    );
  });
});
