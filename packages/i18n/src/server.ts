import { readFileSync } from 'node:fs';
import { DEFAULT_LANGUAGE, UI_LANGUAGES, type UiLanguage } from '@amiko/core';
import i18next, { type Resource, type ResourceLanguage, type TFunction, type TOptions } from 'i18next';
import { asTranslationKey } from './keys.ts';
import { DEFAULT_NAMESPACE, NAMESPACES } from './namespaces.ts';

/** Every locale file, read once from disk. */
export function loadResources(): Resource & Record<UiLanguage, ResourceLanguage> {
  const resources = {} as Record<UiLanguage, ResourceLanguage>;
  for (const lng of UI_LANGUAGES) {
    resources[lng] = {};
    for (const ns of NAMESPACES) {
      const file = new URL(`../locales/${lng}/${ns}.json`, import.meta.url);
      resources[lng][ns] = JSON.parse(readFileSync(file, 'utf8'));
    }
  }
  return resources;
}

export type Translate = (language: UiLanguage, key: string, options?: TOptions) => string;

/** A translator for the server (mail in the member's language), loaded synchronously at start-up. */
export function createServerTranslator(): Translate {
  const instance = i18next.createInstance();
  void instance.init({
    resources: loadResources(),
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...UI_LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  const fixed = Object.fromEntries(
    UI_LANGUAGES.map((lng) => [lng, instance.getFixedT(lng, NAMESPACES)]),
  ) as Record<UiLanguage, TFunction<typeof NAMESPACES>>;
  // The API's keys are strings (AppError keys, keys built by the mail templates); anything that is not a
  // key comes back as it is, as i18next returns a key it does not know.
  return (language, key, options) => {
    const known = asTranslationKey(key);
    return known ? fixed[language](known, options ?? {}) : key;
  };
}
