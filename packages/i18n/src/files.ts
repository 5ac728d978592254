/// <reference types="vite/client" />

// Each locale file becomes its own chunk, fetched when a screen first uses its namespace: the home page
// loads only "common" in one language. Shared by the app's i18next (browser.ts) and the public site's
// translations (packages/ui/src/site/i18n.tsx).
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });

/** A namespace's texts in a language. */
export function loadLocale(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = files[`../locales/${language}/${namespace}.json`];
  return load ? load() : Promise.reject(new Error(`No locale file for ${language}/${namespace}`));
}
