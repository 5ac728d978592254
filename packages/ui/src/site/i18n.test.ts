// @vitest-environment jsdom
import { UI_LANGUAGES } from '@amiko/core';
import { createPrerenderI18n } from '@amiko/i18n/prerender';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SiteI18n } from './i18n.tsx';

// The public site's translations (site/i18n.tsx) stand in for i18next, which the build prerenders the
// pages with: for every text of the namespaces the public pages use, in both languages and with any
// count, number or date, they must say exactly what i18next says, or hydration sees other words.

const files = import.meta.glob<Record<string, unknown>>('../../../i18n/locales/*/*.json', {
  import: 'default',
  eager: true,
});
const load = (language: string, namespace: string) =>
  Promise.resolve(files[`../../../i18n/locales/${language}/${namespace}.json`]!);

const NAMESPACES = ['common', 'site', 'payment', 'auth'] as const;

// An address drawn from the characters fc.emailAddress() uses in its local part, `$`, `{`, `}` and `&`
// among them (the ones String.replace and interpolation treat specially), at a tenth of its cost.
const emailAddress = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(..."az09._-+!#$%&'*/=?^`{|}~"), minLength: 1, maxLength: 16 }),
    fc.constantFrom('example.com', 'mail.de'),
  )
  .map(([local, domain]) => `${local}@${domain}`);

/** Every key of a namespace, plural forms under their base key, objects as one key each. */
function keysOf(texts: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) => {
    const path = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    if (value && typeof value === 'object' && !Array.isArray(value))
      return [path, ...keysOf(value as Record<string, unknown>, `${path}.`)];
    return [path];
  });
}

describe('the public site’s translations', () => {
  for (const language of UI_LANGUAGES) {
    it(`say what i18next says, for every text and any values (${language})`, async () => {
      window.history.replaceState(null, '', `/?lng=${language}`);
      const site = new SiteI18n(load);
      expect(site.language).toBe(language);
      await site.loadNamespaces([...NAMESPACES]);
      // Keys built from the files, not the typed keys of the app's calls.
      const translate = createPrerenderI18n(language).t as unknown as (
        key: string,
        options: object,
      ) => unknown;
      for (const namespace of NAMESPACES) {
        const keys = [...new Set(keysOf(files[`../../../i18n/locales/${language}/${namespace}.json`]!))];
        fc.assert(
          fc.property(
            fc.constantFrom(...keys),
            fc.record({
              count: fc.integer({ min: 0, max: 1_000_000 }),
              // Below 1000, formatNumber answers without Intl: the edges of that, and far beyond it.
              limit: fc.oneof(
                fc.integer({ min: -1_000_000, max: 1_000_000 }),
                fc.constantFrom(-0, -1, 0, 999, 1000, 0.5, 999.5, 1234.5),
              ),
              number: fc.integer({ min: -1_000_000, max: 1_000_000 }),
              email: emailAddress,
              date: fc.date({
                min: new Date('2000-01-01'),
                max: new Date('2100-01-01'),
                noInvalidDate: true,
              }),
              // i18next's Intl options per value, as the privacy policy's date uses them.
              formatParams: fc.constantFrom(
                undefined,
                { date: { dateStyle: 'long', timeZone: 'UTC' } },
                { count: { maximumFractionDigits: 0 }, date: { dateStyle: 'short' } },
              ),
            }),
            (key, values) => {
              // Objects and lists are only ever asked for as such (returnObjects), texts either way.
              const options = { ...values, returnObjects: true };
              const expected = translate(`${namespace}:${key}`, options);
              expect(site.t(`${namespace}:${key}`, options)).toEqual(expected);
              if (typeof expected === 'string') expect(site.t(`${namespace}:${key}`, values)).toBe(expected);
            },
          ),
          { numRuns: 300 },
        );
      }
    });
  }

  it('keeps the choice where the server reads it, and changes <html lang>', async () => {
    window.history.replaceState(null, '', '/');
    const site = new SiteI18n(load);
    await site.loadNamespaces(['common']);
    await site.changeLanguage('de');
    expect(document.documentElement.lang).toBe('de');
    expect(document.cookie).toContain('i18next=de');
    expect(window.localStorage.getItem('i18nextLng')).toBe('de');
    expect(site.t('nav.pricing')).toBe('Preise');
  });
});
