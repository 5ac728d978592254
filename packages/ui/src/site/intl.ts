// The site's Intl objects (site/i18n.tsx), one per language and options, as i18next keeps them: making
// one costs more than a whole lookup, and a page's first one loads the language's data from ICU, tens of
// milliseconds on a phone (SiteI18n.prepareFormats makes the plural rules before hydration).

const made = new Map<string, object>();

function once<T extends object>(key: string, make: () => T): T {
  let object = made.get(key) as T | undefined;
  if (!object) made.set(key, (object = make()));
  return object;
}

export const pluralRules = (language: string) =>
  once(`plural ${language}`, () => new Intl.PluralRules(language));

const numberFormat = (language: string, params?: object) =>
  once(`number ${language} ${JSON.stringify(params)}`, () => new Intl.NumberFormat(language, params));

/**
 * `{{value, number}}` as Intl formats it. A whole number from 0 to 999 without options reads the same in
 * every UI language (Latin digits, nothing to group), so it needs no NumberFormat: the early-access
 * banner on every public page counts below 1000, and the first NumberFormat of a page, ICU's number data,
 * was the longest task of a phone's visit after the site's own start (113–220 ms at 4x slower CPU here).
 */
export function formatNumber(language: string, value: number, params?: object): string {
  const plain = params === undefined && Number.isInteger(value) && value >= 0 && value < 1000;
  return plain && !Object.is(value, -0) ? String(value) : numberFormat(language, params).format(value);
}

export const dateFormat = (language: string, params?: object) =>
  once(`date ${language} ${JSON.stringify(params)}`, () => new Intl.DateTimeFormat(language, params));
