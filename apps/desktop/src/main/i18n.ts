// The main process's texts (tray, menus, notices, the offline page, update dialogs): the "desktop"
// namespace of packages/i18n, bundled into the app.
import { DEFAULT_LANGUAGE, UI_LANGUAGES, type UiLanguage } from '@amiko/core';
import de from '@amiko/i18n/locales/de/desktop.json' with { type: 'json' };
import en from '@amiko/i18n/locales/en/desktop.json' with { type: 'json' };
import i18next, { type TFunction } from 'i18next';

/** Keys are checked against the desktop namespace (packages/i18n/src/resources.ts). */
export type Translate = TFunction<'desktop'>;

const instance = i18next.createInstance();
void instance.init({
  resources: { en: { desktop: en }, de: { desktop: de } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...UI_LANGUAGES],
  ns: ['desktop'],
  defaultNS: 'desktop',
  initAsync: false,
  interpolation: { escapeValue: false },
});

export function translator(language: UiLanguage): Translate {
  return instance.getFixedT(language, 'desktop');
}

/** The first interface language among BCP 47 tags in order of preference ("de-AT" is German), else English. */
export function pickLanguage(preferred: readonly string[]): UiLanguage {
  for (const tag of preferred) {
    const base = tag.split(/[-_]/)[0]?.toLowerCase();
    const match = UI_LANGUAGES.find((language) => language === base);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
