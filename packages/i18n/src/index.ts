export { NAMESPACES, DEFAULT_NAMESPACE, type Namespace } from './namespaces.ts';
export { asTranslationKey, type TranslationKey } from './keys.ts';
export { catalogKey, catalogKeyOf, labelInSentence, type CatalogKey } from './catalog-keys.ts';
export type { Resources } from './resources.ts';
