import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_DETECTION_ORDER,
  LANGUAGE_QUERY_PARAM,
  LANGUAGE_STORAGE_KEY,
  UI_LANGUAGES,
  type UiLanguage,
} from '@amiko/core';
import { fetchLocale } from '@amiko/i18n/urls';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { dateFormat, formatNumber, pluralRules } from './intl.ts';

// The public site's stand-in for react-i18next and i18next (the site build, apps/web/vite.site.config.ts,
// puts it in react-i18next's place): what the public pages ask of their translations, and no more. The
// texts are fetched as JSON files; the language is detected in SPEC §9's order and cached as i18next does (localStorage and the cookie the
// server reads); a key is looked up in its namespace ("ns:key", else the component's);
// plurals by Intl.PluralRules (i18next's "_one"/"_other" keys), `{{value}}` and `{{value, number}}` /
// `{{value, datetime}}` by Intl with i18next's `formatParams`, as i18next formats them. It must say exactly what the app's i18next says
// (the build prerenders with i18next): the site's hydration tests hold both to the same markup.

type Texts = Record<string, unknown>;
type Options = Record<string, unknown> & { count?: number; returnObjects?: boolean };

const COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;

function stored(storage: () => Storage): string | null {
  try {
    return storage().getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** SPEC §9's order: query string, cookie, localStorage, sessionStorage, the browser's languages, <html lang>. */
function detectLanguage(): UiLanguage {
  const found: Record<(typeof LANGUAGE_DETECTION_ORDER)[number], () => (string | null | undefined)[]> = {
    querystring: () => [new URLSearchParams(window.location.search).get(LANGUAGE_QUERY_PARAM)],
    cookie: () => [new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1]],
    localStorage: () => [stored(() => window.localStorage)],
    sessionStorage: () => [stored(() => window.sessionStorage)],
    navigator: () => [...(navigator.languages ?? []), navigator.language],
    htmlTag: () => [document.documentElement.lang],
  };
  for (const lookup of LANGUAGE_DETECTION_ORDER) {
    for (const code of found[lookup]()) {
      const language = code?.split('-')[0]!.toLowerCase();
      if ((UI_LANGUAGES as readonly string[]).includes(language ?? '')) return language as UiLanguage;
    }
  }
  return DEFAULT_LANGUAGE;
}

function lookup(texts: Texts | undefined, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Texts | undefined)?.[key], texts);
}

export class SiteI18n {
  language: UiLanguage = detectLanguage();
  private texts: Record<string, Record<string, Texts>> = {};
  private listeners = new Set<() => void>();

  get resolvedLanguage(): UiLanguage {
    return this.language;
  }

  /** `load` reads a namespace's texts: the locale files as JSON (tests give them directly). */
  private load: (language: string, namespace: string) => Promise<Texts>;

  constructor(load: (language: string, namespace: string) => Promise<Texts> = fetchLocale) {
    this.load = load;
    this.remember();
  }

  /** Keeps the choice where i18next keeps it: localStorage, and the cookie the server reads. */
  private remember() {
    // Only a change: setting <html lang>, even to what it is, makes the browser restyle the whole page
    // (every element's :lang()), a long task on a phone right as the site starts.
    if (document.documentElement.lang !== this.language) document.documentElement.lang = this.language;
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, this.language);
    } catch {
      // Storage unavailable (private mode): the cookie still carries the choice.
    }
    document.cookie = `${LANGUAGE_COOKIE}=${this.language}; max-age=${COOKIE_MAX_AGE_S}; path=/; samesite=lax`;
  }

  /**
   * Makes the language's plural rules before the page hydrates: the first Intl object of a page loads the
   * language's ICU data, tens of milliseconds on a phone, which inside hydration would make one of its
   * slices a long task. (Counts need no NumberFormat: intl.ts's formatNumber.)
   */
  prepareFormats(): void {
    pluralRules(this.language);
  }

  hasLoaded(namespaces: string[], language = this.language): boolean {
    return namespaces.every((ns) => this.texts[language]?.[ns]);
  }

  /** A language's namespaces (English and German hold the same keys: the typecheck checks). */
  async loadNamespaces(namespaces: string | string[], language = this.language): Promise<void> {
    const wanted = typeof namespaces === 'string' ? [namespaces] : namespaces;
    await Promise.all(
      wanted.map(async (ns) => {
        (this.texts[language] ??= {})[ns] ??= await this.load(language, ns);
      }),
    );
  }

  async changeLanguage(language: string): Promise<void> {
    const next = (UI_LANGUAGES as readonly string[]).includes(language)
      ? (language as UiLanguage)
      : DEFAULT_LANGUAGE;
    await this.loadNamespaces(Object.keys(this.texts[this.language] ?? {}), next);
    this.language = next;
    this.remember();
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** i18next's t: "ns:key" or a key of `namespace`, in the current language, then in English. */
  t = (key: string, options: Options = {}, namespace = 'common'): unknown => {
    const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : [namespace, key];
    for (const language of [this.language, DEFAULT_LANGUAGE]) {
      const texts = this.texts[language]?.[ns];
      let value: unknown;
      if (typeof options.count === 'number') {
        const count = options.count;
        if (count === 0) value = lookup(texts, `${path}_zero`);
        value ??= lookup(texts, `${path}_${pluralRules(language).select(count)}`);
      }
      value ??= lookup(texts, path);
      if (value === undefined) continue;
      return this.interpolate(value, options, language, options.returnObjects === true);
    }
    return path;
  };

  private interpolate(value: unknown, options: Options, language: string, objects: boolean): unknown {
    if (typeof value === 'string') {
      return value.replace(
        /{{\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?}}/g,
        (placeholder, name: string, format?: string) => {
          const given = options[name];
          // As i18next: a value not given leaves its placeholder.
          if (given === undefined || given === null) return placeholder;
          // i18next's formatParams: the Intl options of each value.
          const params = (options.formatParams as Record<string, object> | undefined)?.[name];
          if (format === 'number') return formatNumber(language, given as number, params);
          if (format === 'datetime') return dateFormat(language, params).format(given as Date);
          return String(given);
        },
      );
    }
    if (!objects) return value;
    if (Array.isArray(value)) return value.map((item) => this.interpolate(item, options, language, true));
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, item]) => [k, this.interpolate(item, options, language, true)]),
      );
    }
    return value;
  }
}

const I18nContext = createContext<SiteI18n | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: SiteI18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** react-i18next's useTranslation: `t` of the first namespace named (else "common"), and the instance. */
export function useTranslation(namespaces?: string | string[]) {
  const i18n = useContext(I18nContext)!;
  const wanted =
    namespaces === undefined ? ['common'] : typeof namespaces === 'string' ? [namespaces] : namespaces;
  const language = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  // Like react-i18next with Suspense: a screen waits for texts not loaded yet.
  if (!i18n.hasLoaded(wanted, language)) throw i18n.loadNamespaces(wanted, language);
  const t = (key: string, options?: Options) => i18n.t(key, options, wanted[0]);
  return { t, i18n, ready: true };
}
