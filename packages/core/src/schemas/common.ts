import { z } from 'zod';
import { COMMON_ERRORS } from '../errors.ts';
import { UI_LANGUAGES } from '../constants.ts';

/**
 * SPEC §5: first character not a digit, then letters, digits or . _ % + -, then @, a domain, a dot and a
 * 2 to 4 letter ending.
 */
export const EMAIL_PATTERN = /^[A-Za-z._%+-][A-Za-z0-9._%+-]*@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}$/;

/** Whether a text field may span lines: multi-line fields keep newline and tab (and the CR of a CRLF). */
export interface TextOptions {
  multiline?: boolean;
}

const CONTROL_CHARACTER = /\p{Cc}/u;
const CONTROL_CHARACTER_EXCEPT_LINE_BREAKS = /(?![\n\r\t])\p{Cc}/u;

/**
 * True when the text holds a control character (C0, DEL, C1): none belongs in what a member types, and
 * PostgreSQL refuses a NUL in text outright. Multi-line texts may hold newlines and tabs.
 */
export function hasControlCharacters(text: string, { multiline = false }: TextOptions = {}): boolean {
  return (multiline ? CONTROL_CHARACTER_EXCEPT_LINE_BREAKS : CONTROL_CHARACTER).test(text);
}

/** Any free text a member types: trimmed, at most `max` characters, no control characters. */
export function plainText(max: number, options: TextOptions = {}) {
  return z
    .string()
    .trim()
    .max(max, { error: COMMON_ERRORS.tooLong, abort: true })
    .refine((text) => !hasControlCharacters(text, options), COMMON_ERRORS.controlCharacters);
}

/** A trimmed string that must not be empty; the message is the generic "required" key unless given. */
export function requiredText(
  max: number,
  requiredKey: string = COMMON_ERRORS.requiredField,
  options: TextOptions = {},
) {
  return z
    .string()
    .trim()
    .min(1, { error: requiredKey, abort: true })
    .max(max, { error: COMMON_ERRORS.tooLong, abort: true })
    .refine((text) => !hasControlCharacters(text, options), COMMON_ERRORS.controlCharacters);
}

/** A trimmed optional text: empty becomes null so that "cleared" and "never set" are the same. */
export function optionalText(max: number, options: TextOptions = {}) {
  return plainText(max, options)
    .transform((value) => (value === '' ? null : value))
    .nullable();
}

export const emailSchema = z
  .string()
  .trim()
  .min(1, { error: 'auth:errors.emailRequired', abort: true })
  .max(254, { error: COMMON_ERRORS.tooLong, abort: true })
  .regex(EMAIL_PATTERN, 'auth:errors.invalidEmailFormat')
  .transform((email) => email.toLowerCase());

export const uiLanguageSchema = z.enum(UI_LANGUAGES);

/** Opaque ids are url-safe random strings. */
export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, COMMON_ERRORS.invalidInput);
