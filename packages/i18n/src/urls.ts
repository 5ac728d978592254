/// <reference types="vite/client" />

// The locale files as files of their own (JSON, not JavaScript), for the public site's translations
// (packages/ui/src/site/i18n.tsx): fetched and parsed as data, they cost no script to compile and run.
const urls = import.meta.glob<string>('../locales/*/*.json', {
  query: '?url',
  import: 'default',
  eager: true,
});

/** A namespace's texts in a language. */
export async function fetchLocale(language: string, namespace: string): Promise<Record<string, unknown>> {
  const url = urls[`../locales/${language}/${namespace}.json`];
  if (!url) throw new Error(`No locale file for ${language}/${namespace}`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Locale ${language}/${namespace}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}
