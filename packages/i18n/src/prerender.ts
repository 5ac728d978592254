/// <reference types="vite/client" />
import { DEFAULT_LANGUAGE, UI_LANGUAGES, type UiLanguage } from '@amiko/core';
import i18next, { type i18n, type Module, type ResourceLanguage } from 'i18next';
import { DEFAULT_NAMESPACE, NAMESPACES } from './namespaces.ts';

// Every locale file, bundled into the build's prerendering code (it runs once, in Node, at build time).
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  import: 'default',
  eager: true,
});

/**
 * The i18next of the build's prerendering: one fixed language, every namespace already loaded, so a page
 * renders in one pass in exactly the texts the browser then hydrates with.
 */
export function createPrerenderI18n(language: UiLanguage, plugins: Module[] = []): i18n {
  const resources: Record<string, ResourceLanguage> = {};
  for (const lng of UI_LANGUAGES) {
    resources[lng] = {};
    for (const ns of NAMESPACES) resources[lng][ns] = files[`../locales/${lng}/${ns}.json`]!;
  }
  const instance = i18next.createInstance();
  for (const plugin of plugins) instance.use(plugin);
  void instance.init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...UI_LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}
