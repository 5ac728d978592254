import { requiredText } from './common.ts';

// Display names that deceive (issue 17 item 7): names made only of invisible characters, names that turn
// the writing direction around, letters buried under stacked marks, and names that pose as Amiko or its
// team. Members see each other's names everywhere; these rules keep a name a name.

export const NAME_ERRORS = {
  invisible: 'common:errors.nameInvisible',
  direction: 'common:errors.nameDirection',
  marks: 'common:errors.nameMarks',
  reserved: 'common:errors.nameReserved',
} as const;

/** Characters that change the writing direction (embeddings, overrides, isolates, marks). */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/**
 * Characters that show nothing: format characters (zero-width space and joiners, BOM…), separators
 * (spaces of every width) and letters or symbols drawn blank (Hangul fillers, the braille blank).
 */
const INVISIBLE = /[\p{Cf}\p{Z}\p{M}\u115F\u1160\u3164\uFFA0\u2800\u180E]/gu;

/** More combining marks than this on one letter (decomposed: ễ is e and two) stack into the lines around. */
export const MAX_COMBINING_MARKS = 3;
const STACKED_MARKS = new RegExp(`\\p{M}{${MAX_COMBINING_MARKS + 1},}`, 'u');

/** Words a member's name may not hold: the product's name and the words of its team, in EN and DE. */
export const RESERVED_NAME_WORDS = [
  'amiko',
  'team',
  'support',
  'admin',
  'admins',
  'administrator',
  'administratorin',
  'administration',
  'sysadmin',
  'moderator',
  'moderatorin',
  'moderation',
  'mod',
  'staff',
  'official',
  'offiziell',
  'helpdesk',
  'kundendienst',
  'kundenservice',
  'kundensupport',
  'verwaltung',
  'betreiber',
] as const;
const RESERVED = new Set<string>(RESERVED_NAME_WORDS);

/** The words of a name as a reader takes them: compatibility forms folded (ｔｅａｍ, ᵀᵉᵃᵐ), case and accents dropped, camelCase split. */
function nameWords(name: string): string[] {
  return name
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Why a (NFC) display name is refused, as an i18n key, or null when it is fine. */
export function displayNameProblem(name: string): string | null {
  if (DIRECTION_CONTROLS.test(name)) return NAME_ERRORS.direction;
  if (!/[\p{L}\p{N}\p{S}]/u.test(name.replace(INVISIBLE, ''))) return NAME_ERRORS.invisible;
  if (STACKED_MARKS.test(name.normalize('NFD'))) return NAME_ERRORS.marks;
  if (nameWords(name).some((word) => RESERVED.has(word))) return NAME_ERRORS.reserved;
  return null;
}

/** A member's display name: the text rules, NFC normalised, and nothing that deceives. */
export function displayNameSchema(requiredKey?: string) {
  return requiredText(80, requiredKey)
    .overwrite((name) => name.normalize('NFC'))
    .superRefine((name, ctx) => {
      const problem = displayNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}
