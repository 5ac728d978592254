// The site's Intl objects (site/i18n.tsx), one per language and options, as i18next keeps them: making
// one costs more than a whole lookup, and a page's first one loads the language's data from ICU, tens of
// milliseconds on a phone (SiteI18n.prepareFormats makes them before hydration).

const made = new Map<string, object>();

function once<T extends object>(key: string, make: () => T): T {
  let object = made.get(key) as T | undefined;
  if (!object) made.set(key, (object = make()));
  return object;
}

export const pluralRules = (language: string) =>
  once(`plural ${language}`, () => new Intl.PluralRules(language));

export const numberFormat = (language: string, params?: object) =>
  once(`number ${language} ${JSON.stringify(params)}`, () => new Intl.NumberFormat(language, params));

export const dateFormat = (language: string, params?: object) =>
  once(`date ${language} ${JSON.stringify(params)}`, () => new Intl.DateTimeFormat(language, params));
