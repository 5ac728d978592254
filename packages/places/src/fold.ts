// ASCII folding for place names, the same for what is indexed and what is typed: "München", "Munchen" and
// "muenchen" must meet. A name is indexed in two folds (ü→u and ü→ue), a query is folded once (ü→u):
// whichever way the member writes it, one of the name's folds starts with it.

/** Letters that Unicode does not decompose into a base letter and a mark. */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŋ: 'ng',
  Ŋ: 'ng',
};
const LETTER = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/** How German (and Scandinavian) writers spell these letters without them: Köln as Koeln, Malmö as Malmoe. */
const SPELLED_OUT: Record<string, string> = {
  ä: 'ae',
  Ä: 'Ae',
  ö: 'oe',
  Ö: 'Oe',
  ü: 'ue',
  Ü: 'Ue',
  ø: 'oe',
  Ø: 'Oe',
  å: 'aa',
  Å: 'Aa',
};
const SPELLABLE = new RegExp(`[${Object.keys(SPELLED_OUT).join('')}]`, 'g');

/**
 * Lower-case ASCII letters and digits, words separated by one space: accents dropped (ü→u, é→e), ß→ss,
 * æ→ae, ø→o; apostrophes vanish ("Sant'Antonio" → "santantonio"), any other mark separates words
 * ("Frankfurt (Oder)" → "frankfurt oder").
 */
export function fold(text: string): string {
  return text
    .normalize('NFC')
    .replace(LETTER, (letter) => LETTERS[letter]!)
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/['’`´ʻʼ]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The second fold of a name: ä, ö, ü, ø, å spelled out (ae, oe, ue, oe, aa) before folding. */
export function foldSpelledOut(text: string): string {
  return fold(text.normalize('NFC').replace(SPELLABLE, (letter) => SPELLED_OUT[letter]!));
}

/** Both folds of a name, once each (one when the name has none of the letters spelled out). */
export function foldings(text: string): string[] {
  const plain = fold(text);
  const spelled = foldSpelledOut(text);
  return spelled === plain ? [plain] : [plain, spelled];
}

/** Written in the Latin script (digits, punctuation and marks allowed), with at least one letter. */
export function isLatin(text: string): boolean {
  return /^[\p{Script=Latin}\p{M}\p{N}\p{P}\p{Zs}\p{S}]+$/u.test(text) && /\p{L}/u.test(text);
}
