import { COMMON_ERRORS } from '@amiko/core';
import type { TranslationKey } from '@amiko/i18n';
import type { LooseKeys } from '@mantine/form';
import type { i18n } from 'i18next';
import { errorKey, fieldErrorsOf, messageKey } from '../errors.ts';

// Form errors are i18n keys, whether they come from the shared zod schema or from the server; these helpers
// put them next to their fields, translated.

/** The part of a @mantine/form form these helpers use. */
interface Form<V> {
  getInputProps(path: LooseKeys<V>): { error?: unknown };
  getValues(): V;
  setFieldError(path: LooseKeys<V>, error: string): void;
}

/** getInputProps with its error translated. */
export function translatedInputProps<V>(form: Form<V>, i18n: Pick<i18n, 't'>, path: LooseKeys<V>) {
  const props = form.getInputProps(path);
  return { ...props, error: props.error ? i18n.t(messageKey(String(props.error))) : undefined };
}

/**
 * Shows a failed request: its field errors next to the form's fields. Returns the key of a message for the
 * whole form when no field error applies (`fallbackKey` instead of the generic unknown error), else null.
 */
export function showRequestError<V extends object>(
  form: Form<V>,
  error: unknown,
  fallbackKey: TranslationKey = COMMON_ERRORS.unknown,
): TranslationKey | null {
  let placed = false;
  for (const [field, key] of Object.entries(fieldErrorsOf(error))) {
    if (field in form.getValues()) {
      form.setFieldError(field as LooseKeys<V>, key);
      placed = true;
    }
  }
  if (placed) return null;
  const key = errorKey(error);
  return key === COMMON_ERRORS.unknown ? fallbackKey : key;
}
