import { DEFAULT_NAMESPACE, NAMESPACES } from '@amiko/i18n';
import i18next, { type i18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

// The locale files themselves, as the browser build loads them (packages/i18n/src/browser.ts), all at once.
const files = import.meta.glob<ResourceLanguage>('../../../i18n/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function resourcesOf(language: string): ResourceLanguage {
  const resources: ResourceLanguage = {};
  for (const ns of NAMESPACES) {
    const file = files[`../../../i18n/locales/${language}/${ns}.json`];
    if (!file) throw new Error(`No locale file for ${language}/${ns}`);
    resources[ns] = file;
  }
  return resources;
}

/** An i18next with the real locale files, in `language`, as the app has it once a screen's texts loaded. */
export function createTestI18n(language: 'en' | 'de' = 'en'): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  void instance.init({
    resources: { en: resourcesOf('en'), de: resourcesOf('de') },
    lng: language,
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}
