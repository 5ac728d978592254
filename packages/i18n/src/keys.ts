import { isI18nKey } from '@amiko/core';
import type { ParseKeys } from 'i18next';
import type { Namespace } from './namespaces.ts';

// Every t() key is checked by the compiler (resources.ts types the resources from the English files);
// catalog-keys.ts builds the keys that depend on a catalog id.

/** Any key of any namespace, written "namespace:path" (a plural by its base name). */
export type TranslationKey = { [N in Namespace]: `${N}:${ParseKeys<N>}` }[Namespace];

/**
 * A key that reaches the code as a string at run time — a server error's message (AppError), a shared
 * schema's issue — as the key it is, or undefined for any other text (a library's own message). The
 * compiler cannot follow such a key; locales.test.ts checks the literal where it is written.
 */
export function asTranslationKey(message: string): TranslationKey | undefined {
  return isI18nKey(message) ? (message as TranslationKey) : undefined;
}
