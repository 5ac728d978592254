import { isCatalogId, isI18nKey, type CatalogId, type CatalogName } from '@amiko/core';
import type { ParseKeys } from 'i18next';
import type { Namespace } from './namespaces.ts';

// Every t() key is checked by the compiler (resources.ts types the resources from the English files). The
// helpers here build the keys that depend on a value, so that those are checked too.

/** Any key of any namespace, written "namespace:path" (a plural by its base name). */
export type TranslationKey = { [N in Namespace]: `${N}:${ParseKeys<N>}` }[Namespace];

/** The label keys of a catalog (of every catalog by default). */
export type CatalogKey<N extends CatalogName = CatalogName> = {
  [K in N]: `catalog:${K}.${CatalogId<K>}`;
}[N];

/**
 * The key of a catalog entry's label. The key type is built from the ids in packages/core, so an id without
 * a label in catalog.json is a compile error wherever its key is translated.
 */
export function catalogKey<N extends CatalogName>(catalog: N, id: CatalogId<N>): CatalogKey<N> {
  // TypeScript does not see that the template is one of the mapped type's members.
  return `catalog:${catalog}.${id}` as CatalogKey<N>;
}

/**
 * The label key of an id that arrives as a plain string (a stored profile's value, a directory card's
 * interest), or undefined when the catalog has no such id.
 */
export function catalogKeyOf(catalog: CatalogName, id: string): CatalogKey | undefined {
  return isCatalogId(catalog, id) ? (`catalog:${catalog}.${id}` as CatalogKey) : undefined;
}

/**
 * A key that reaches the code as a string at run time — a server error's message (AppError), a shared
 * schema's issue — as the key it is, or undefined for any other text (a library's own message). The
 * compiler cannot follow such a key; locales.test.ts checks the literal where it is written.
 */
export function asTranslationKey(message: string): TranslationKey | undefined {
  return isI18nKey(message) ? (message as TranslationKey) : undefined;
}
