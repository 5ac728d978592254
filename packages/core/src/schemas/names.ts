import { requiredText } from './common.ts';
import { LATIN_LOOKALIKES } from './lookalikes.ts';

export { LATIN_LOOKALIKES };

// Display names that deceive (issue 17 item 7, issue 28 item 7): names made only of invisible characters,
// names that turn the writing direction around, letters buried under stacked marks, names that pose as
// Amiko or its team however they are spelt, and names wearing a badge. Members see each other's names
// everywhere; these rules keep a name a name.
//
// The rules run in the browser (the form) and on the server (the procedure's input) alike, so the look-alike
// data must be small: of Unicode's confusables (UTS #39) core keeps only the characters that look like Latin
// letters (lookalikes.ts, about 4 KiB gzipped), the only ones that can spell a reserved word.

export const NAME_ERRORS = {
  invisible: 'common:errors.nameInvisible',
  direction: 'common:errors.nameDirection',
  marks: 'common:errors.nameMarks',
  reserved: 'common:errors.nameReserved',
  badge: 'common:errors.nameBadge',
} as const;

/** Characters that change the writing direction (embeddings, overrides, isolates, marks). */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/**
 * Characters that show nothing: format characters (zero-width space and joiners, BOM…), separators
 * (spaces of every width) and letters or symbols drawn blank (Hangul fillers, the braille blank).
 */
const INVISIBLE = /[\p{Cf}\p{Z}\p{M}\u115F\u1160\u3164\uFFA0\u2800\u180E]/gu;

/**
 * Unicode's default-ignorable code points: zero-width spaces and joiners, the soft hyphen, the word joiner,
 * Hangul fillers, variation selectors, tags… They draw nothing, so they hide inside a word ("Ami\u200Bko")
 * and make two names that look the same differ.
 */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const EMOJI = /\p{Emoji}/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const BEFORE_EMOJI_JOINER = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const TAG = /[\u{E0020}-\u{E007F}]/u;
const BLACK_FLAG = '\u{1F3F4}';

/**
 * Whether an ignorable character, after what is kept of the name before it, is part of an emoji, where it
 * shows: 🏳️‍🌈, 👩🏽‍💻, ❤️, a subdivision flag.
 */
function partOfEmoji(char: string, before: string, after: string): boolean {
  if (char === '\uFE0E' || char === '\uFE0F') return EMOJI.test(before);
  if (char === '\u200D') return BEFORE_EMOJI_JOINER.test(before) && PICTOGRAPH.test(after);
  if (TAG.test(char)) return before === BLACK_FLAG || TAG.test(before);
  return false;
}

/**
 * A name without its default-ignorable characters, but for those inside emoji and the direction controls
 * (refused with a message of their own). Also gone: the joiners that some scripts (Persian, Indic) allow
 * between letters, which change only how the letters join.
 */
export function withoutIgnorables(name: string): string {
  const chars = [...name];
  const kept: string[] = [];
  chars.forEach((char, i) => {
    const keep =
      !IGNORABLE.test(char) ||
      DIRECTION_CONTROLS.test(char) ||
      partOfEmoji(char, kept.at(-1) ?? '', chars[i + 1] ?? '');
    if (keep) kept.push(char);
  });
  return kept.join('');
}

/** More combining marks than this on one letter (decomposed: ễ is e and two) stack into the lines around. */
export const MAX_COMBINING_MARKS = 3;
const STACKED_MARKS = new RegExp(`\\p{M}{${MAX_COMBINING_MARKS + 1},}`, 'u');

/**
 * Symbols that make a name look certified: check marks and ticks (✓ ✔ ✅ ☑ 🗸 🗹 🮱 ⍻ √), legal marks
 * (© ® ™ ℠ ℗ 🅪 🅫 🅬), badges and medals (📛 🎖 🏅 🛡), and the combining marks that draw a circle, box or
 * diamond around a letter (R⃝), except the keycap of 1️⃣.
 */
const BADGE =
  /[\u2713\u2714\u2705\u2611\u{1F5F8}\u{1F5F9}\u{1FBB1}\u237B\u221A\u00A9\u00AE\u2122\u2120\u2117\u{1F16A}-\u{1F16C}\u{1F4DB}\u{1F396}\u{1F3C5}\u{1F6E1}]|(?!\u20E3)\p{Me}/u;

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

let lookalikes: Map<string, string> | null = null;
/** The Latin letters a character looks like (its UTS #39 prototype), if it looks like any. */
function latinLookalike(char: string): string | undefined {
  if (!lookalikes) {
    lookalikes = new Map();
    for (const [prototype, chars] of Object.entries(LATIN_LOOKALIKES)) {
      for (const lookalike of chars) lookalikes.set(lookalike, prototype);
    }
  }
  return lookalikes.get(char);
}

/** A word as read: its letters, how many characters of the name made it, and whether a space came before it. */
interface Word {
  text: string;
  characters: number;
  afterSpace: boolean;
}

/**
 * Ways to read the case of a name's letters: some characters look like Latin letters only in one case
 * (Cyrillic м and Greek τ look like nothing Latin, their capitals М and Τ like M and T).
 */
const CASE_READINGS = [
  (char: string) => char,
  (char: string) => char.toLowerCase(),
  (char: string) => char.toUpperCase(),
];

const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;
const LETTER = /[\p{L}\p{N}]/u;
const SPACE = /[\s\p{Z}]/u;

const latinOf = (char: string) => latinLookalike(char) ?? char;
/**
 * Text as the Latin letters it looks like, in lower case: each character by its look-alike, else by the
 * look-alikes of its compatibility decomposition (ｔ is t, ᵀ is T, ſ is s).
 */
const asLatin = (text: string) =>
  [...text]
    .map((char) => latinLookalike(char) ?? [...char.normalize('NFKD')].map(latinOf).join(''))
    .join('')
    .toLowerCase();

/**
 * A character as read, regardless of its case: as the Latin letters it looks like (UTS #39's skeleton: ı as
 * i, Greek Τ as T, m as rn), read again once in lower case (M is m's capital, so it reads rn too), l as i
 * (I is i's capital and looks like l), without accents. It may read as more than letters (⒜ is "(a)").
 */
const readCharacter = (char: string) => asLatin(asLatin(char)).replace(/\p{M}/gu, '').replaceAll('l', 'i');

/**
 * The words of a name as a reader takes them, in one reading of its case: ignorable characters skipped,
 * each character read as above. Letters and digits make words; anything else ends one, and camelCase
 * starts a new one.
 */
function readWords(name: string, readCase: (char: string) => string): Word[] {
  const words: Word[] = [];
  let word: Word | null = null;
  let afterSpace = false;
  let previous = '';
  for (const char of name) {
    if (IGNORABLE.test(char)) continue;
    const read = readCharacter(readCase(char));
    if (read === '') continue; // a combining mark, read with its letter
    let startsWord = LOWER.test(previous) && UPPER.test(char);
    let counted = false;
    previous = char;
    for (const part of read) {
      if (!LETTER.test(part)) {
        word = null;
        afterSpace ||= SPACE.test(char);
        continue;
      }
      if (!word || startsWord) {
        word = { text: '', characters: 0, afterSpace };
        words.push(word);
        afterSpace = startsWord = false;
      }
      word.text += part;
      if (!counted) word.characters += 1;
      counted = true;
    }
  }
  return words;
}

let reservedForms: string[] | null = null;
/** The reserved words as they read in each reading of case ("amiko" reads "arniko"). */
function reserved(): string[] {
  reservedForms ??= [
    ...new Set(
      RESERVED_NAME_WORDS.flatMap((word) =>
        CASE_READINGS.map((readCase) => readWords(word, readCase)[0]!.text),
      ),
    ),
  ];
  return reservedForms;
}

/** Whether some of these words, read together from one to another, are reserved words and nothing else. */
function spellReserved(words: Word[]): boolean {
  const text = words.map((word) => word.text).join('');
  const bounds = new Set([0]);
  let at = 0;
  for (const word of words) bounds.add((at += word.text.length));
  // spelt[end]: the text from some word's start up to `end` is one or more reserved words.
  const spelt: boolean[] = [];
  for (let end = 1; end <= text.length; end += 1) {
    spelt[end] = reserved().some((form) => {
      const start = end - form.length;
      return start >= 0 && text.startsWith(form, start) && (bounds.has(start) || spelt[start] === true);
    });
    if (spelt[end] && bounds.has(end)) return true;
  }
  return false;
}

/**
 * Whether a name poses as Amiko or its team: a word of it is a reserved word, or words joined without a
 * space (Ami-ko, AmikoTeam, Amikoteam) or spelt out letter by letter (A m i k o) are reserved words and
 * nothing else; read with UTS #39's look-alikes in every reading of case. Words apart stay apart ("Ami Ko"
 * is a name), and a word that only holds a reserved one is fine ("Tamiko", "Teamwork").
 */
function posesAsTeam(name: string): boolean {
  return CASE_READINGS.some((readCase) => {
    const words = readWords(name, readCase);
    const groups: Word[][] = [];
    let joined: Word[] = [];
    let spelt: Word[] = [];
    for (const word of words) {
      if (word.afterSpace) groups.push((joined = []));
      else if (joined.length === 0) groups.push(joined);
      joined.push(word);
      if (word.characters !== 1) spelt = [];
      else if (spelt.length === 0) groups.push((spelt = [word]));
      else spelt.push(word);
    }
    return groups.some(spellReserved);
  });
}

/** Why a (NFC) display name is refused, as an i18n key, or null when it is fine. */
export function displayNameProblem(name: string): string | null {
  if (DIRECTION_CONTROLS.test(name)) return NAME_ERRORS.direction;
  if (!/[\p{L}\p{N}\p{S}]/u.test(name.replace(INVISIBLE, ''))) return NAME_ERRORS.invisible;
  if (STACKED_MARKS.test(name.normalize('NFD'))) return NAME_ERRORS.marks;
  if (posesAsTeam(name)) return NAME_ERRORS.reserved;
  if (BADGE.test(name)) return NAME_ERRORS.badge;
  return null;
}

/**
 * A member's display name: the text rules, without default-ignorable characters (but for those of emoji),
 * NFC normalised, and nothing that deceives.
 */
export function displayNameSchema(requiredKey?: string) {
  return requiredText(80, requiredKey)
    .overwrite((name) => withoutIgnorables(name).normalize('NFC').trim())
    .superRefine((name, ctx) => {
      const problem = displayNameProblem(name);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}
