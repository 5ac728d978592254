import { COMMON_ERRORS } from '@amiko/core';
import type { TranslationKey } from '@amiko/i18n';
import { useForm, type LooseKeys } from '@mantine/form';
import type { i18n } from 'i18next';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorKey, fieldErrorsOf, messageKey } from '../errors.ts';

// Every form that sends a request: validated by the shared zod schema the procedure also checks, sent through
// a tRPC mutation, the server's refusals shown next to their fields. Errors are i18n keys wherever they
// come from, translated where they are shown.

/** A mutation as tRPC's useMutation gives it (and the public site's stand-in, site/trpc.ts). */
export interface FormMutation<I, O> {
  mutate(input: I, callbacks: { onSuccess: (data: O) => void; onError: (error: unknown) => void }): void;
  isPending: boolean;
}

/** @mantine/form's own bound on a form's values: `any`, so that an interface (no index signature) fits. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FormValues = Record<string, any>;

interface Options<V, I, O> {
  initialValues: V;
  /**
   * Runs after the server took the input (passed along), while the form is shown; what must happen even
   * if the member left (a cache update) belongs in the mutation's own onSuccess.
   */
  onSuccess?: (data: O, input: I) => void;
  /** The form's message when the server's error names no field and no reason of its own. */
  fallbackError?: TranslationKey;
  /** False: the server's refusals all go to `formError`, also those that name a field of the form. */
  serverErrorsOnFields?: boolean;
  /** Fields checked at every change (all are checked on blur and on submit): a confirmation that must match. */
  validateInputOnChange?: LooseKeys<V>[];
}

/** The mutation's input from the form's values: may be left out when the values are that input. */
type InputOption<V, I> = [V] extends [I] ? { input?: (values: V) => I } : { input: (values: V) => I };

export type AppFormOptions<V, I, O> = Options<V, I, O> & InputOption<V, I>;

/** A field's error for display: the i18n key (from the shared schema or the server) translated. */
export function translatedError(i18n: Pick<i18n, 't'>, error: unknown): string | undefined {
  return typeof error === 'string' && error ? i18n.t(messageKey(error)) : undefined;
}

/**
 * Whether the form has a field at the server's `path`: "email", or "values.city" in a form whose values nest
 * as the procedure's input does (SectionForm). Not an item of a list ("languages.0"): the list's own input
 * shows no such error, so the form's message says it.
 */
function hasField(values: FormValues, path: string): boolean {
  let node: unknown = values;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node) || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

/** Focuses the first field with an error, in the page's order: the member (and a screen reader) is taken there. */
function focusFirstError(formElement: HTMLFormElement | null | undefined, paths: string[]) {
  const field = [...(formElement?.querySelectorAll<HTMLElement>('[data-path]') ?? [])].find((node) =>
    paths.includes(node.dataset.path ?? ''),
  );
  // A group of inputs (radio buttons, a rating) carries the path on its wrapper: its first input takes focus.
  const focusable = 'input:not([type="hidden"]), select, textarea, button';
  (field?.matches(focusable) ? field : field?.querySelector<HTMLElement>(focusable))?.focus();
}

/**
 * One form: `schema` validates the values on blur and on submit (the first broken rule of each field
 * speaks), `mutation` sends them. Gives
 * - `form`: Mantine's form, whose `getInputProps` gives each input its error translated;
 * - `submit`: the form's onSubmit, which validates, sends, and focuses the first field with an error;
 * - `pending`: true while the request runs (the submit button shows it; a second submit is ignored);
 * - `formError`: the key of a message for the whole form (a refusal that names none of its fields), or null.
 */
export function useAppForm<V extends FormValues, I, O>(
  schema: z.ZodType,
  mutation: FormMutation<I, O>,
  options: AppFormOptions<V, I, O>,
) {
  const { i18n } = useTranslation();
  const [formError, setFormError] = useState<TranslationKey | null>(null);
  const validate = useMemo(() => zod4Resolver(schema, { errorPriority: 'first' }), [schema]);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate,
    validateInputOnChange: options.validateInputOnChange ?? false,
    enhanceGetInputProps: ({ inputProps, field, form: self }) => ({
      ...('error' in inputProps ? { error: translatedError(i18n, inputProps.error) } : {}),
      // Each field is checked when it loses focus, unless focus went to the form's own submit button: the
      // submit checks every field a moment later, and the error line shown now would move the button from
      // under the pointer, so the click was lost and only this field's error shown (issue 30.6: Change Email
      // with both fields empty said only "Password is required").
      ...('onBlur' in inputProps
        ? {
            onBlur: (event?: FocusEvent<HTMLElement>) => {
              const next = event?.relatedTarget;
              const input = event?.currentTarget as HTMLInputElement | undefined;
              if (next instanceof HTMLButtonElement && next.type === 'submit' && next.form === input?.form) {
                return;
              }
              void self.validateField(field);
            },
          }
        : {}),
    }),
  });

  /** Puts the refusal's field errors on the form's fields; returns the fields it found. */
  const placeFieldErrors = (error: unknown): string[] => {
    const values = form.getValues();
    const placed = Object.entries(fieldErrorsOf(error)).filter(([field]) => hasField(values, field));
    for (const [field, key] of placed) form.setFieldError(field as LooseKeys<V>, key);
    return placed.map(([field]) => field);
  };

  const submit = form.onSubmit(
    (values, event) => {
      if (mutation.isPending) return;
      // Read now: React lets go of the event's target once this handler returns.
      const formElement = event?.currentTarget;
      const input = options.input ? options.input(values) : (values as unknown as I);
      setFormError(null);
      mutation.mutate(input, {
        onSuccess: (data) => options.onSuccess?.(data, input),
        onError: (error) => {
          const fields = options.serverErrorsOnFields === false ? [] : placeFieldErrors(error);
          if (fields.length > 0) return focusFirstError(formElement, fields);
          const key = errorKey(error);
          setFormError(key === COMMON_ERRORS.unknown ? (options.fallbackError ?? key) : key);
        },
      });
    },
    (errors, _values, event) => focusFirstError(event?.currentTarget, Object.keys(errors)),
  );

  return { form, submit, pending: mutation.isPending, formError };
}
