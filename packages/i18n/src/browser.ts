/// <reference types="vite/client" />
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_DETECTION_ORDER,
  LANGUAGE_QUERY_PARAM,
  LANGUAGE_STORAGE_KEY,
  UI_LANGUAGES,
} from '@amiko/core';
import i18next, { type i18n, type Module } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { loadLocale } from './files.ts';
import { DEFAULT_NAMESPACE } from './namespaces.ts';

const lazyResources: Module = {
  type: 'backend',
  init() {},
  read(
    language: string,
    namespace: string,
    callback: (error: unknown, data?: Record<string, unknown>) => void,
  ) {
    loadLocale(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error),
    );
  },
} as Module;

/**
 * The browser's i18next: language detected in SPEC §9's order (query string `lng`, cookie, localStorage,
 * sessionStorage, browser, <html lang>), cached in localStorage, English as the fallback, and <html lang>
 * kept in sync with the active language.
 */
export function createBrowserI18n(plugins: Module[] = []): { i18n: i18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  instance.use(LanguageDetector).use(lazyResources);
  for (const plugin of plugins) instance.use(plugin);
  instance.on('languageChanged', () => {
    const language = instance.resolvedLanguage ?? DEFAULT_LANGUAGE;
    // Only a change: setting <html lang> to what it is restyles the whole page (every element's :lang()).
    if (document.documentElement.lang !== language) document.documentElement.lang = language;
  });
  const ready = instance.init({
    supportedLngs: [...UI_LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false },
    detection: {
      order: [...LANGUAGE_DETECTION_ORDER],
      lookupQuerystring: LANGUAGE_QUERY_PARAM,
      lookupCookie: LANGUAGE_COOKIE,
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      lookupSessionStorage: LANGUAGE_STORAGE_KEY,
      // localStorage as SPEC §9 says, and a cookie so that the server sends the prerendered public pages
      // in the same language (apps/server's web plugin reads it): no flash of the other language.
      caches: ['localStorage', 'cookie'],
      cookieMinutes: 60 * 24 * 365,
      cookieOptions: { path: '/', sameSite: 'lax' },
      // "de-AT" and "de" are the same interface language; remember the short form.
      convertDetectedLanguage: (language: string) => language.split('-')[0]!.toLowerCase(),
    },
    react: { useSuspense: true },
  });
  return { i18n: instance, ready };
}
