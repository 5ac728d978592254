export { NAMESPACES, DEFAULT_NAMESPACE, type Namespace } from './namespaces.ts';
export { asTranslationKey, catalogKey, catalogKeyOf, type CatalogKey, type TranslationKey } from './keys.ts';
export type { Resources } from './resources.ts';
