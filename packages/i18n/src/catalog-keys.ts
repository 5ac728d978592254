import { isCatalogId, type CatalogId, type CatalogName } from '@amiko/core';
import type { TranslationKey } from './keys.ts';

// The keys of the catalog labels, built from the ids in packages/core, so that an id without a label is a
// compile error wherever its key is translated. A module of its own: it brings the catalogs into the
// bundle, which the screens that only translate error keys (keys.ts) do without.

/** The label keys of a catalog (of every catalog by default). */
export type CatalogKey<N extends CatalogName = CatalogName> = {
  [K in N]: `catalog:${K}.${CatalogId<K>}`;
}[N];

/** `true` when every catalog id has a label in catalog.json; else names the labels missing. */
type EveryIdLabelled<Missing = Exclude<CatalogKey, TranslationKey>> = [Missing] extends [never]
  ? true
  : { missingLabels: Missing };
/** Compiles only while every catalog id has a label: the error names the ones without. */
export const EVERY_CATALOG_ID_LABELLED: EveryIdLabelled = true;

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
 * A catalog label inside a sentence ("4 people near you love board games"): lower case in English; German
 * keeps the catalog's capitals (its nouns have them), as does a name like "DJing".
 */
export function labelInSentence(label: string, language: string): string {
  return language.startsWith('en') && /^[A-Z][a-z]/.test(label)
    ? label[0]!.toLowerCase() + label.slice(1)
    : label;
}
