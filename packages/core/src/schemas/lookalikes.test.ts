// lookalikes.ts is written from unhomoglyph's table of Unicode's confusables.txt (UTS #39): this test
// computes it anew and fails when the file differs. After updating unhomoglyph, write it again with
// `pnpm vitest run --project unit -u packages/core/src/schemas/lookalikes.test.ts`.
import confusables from 'unhomoglyph/data.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { LATIN_LOOKALIKES } from './lookalikes.ts';

/** A character as it may stand in the source: escaped when it shows nothing by itself (marks, spaces, controls). */
const written = (char: string) =>
  /[\p{M}\p{Z}\p{C}\\']/u.test(char) ? `\\u{${char.codePointAt(0)!.toString(16).toUpperCase()}}` : char;

function lookalikesSource(table: Record<string, string>): string {
  const byPrototype = new Map<string, string[]>();
  for (const [char, prototype] of Object.entries(table)) {
    if (!/^[A-Za-z]+$/.test(prototype)) continue;
    byPrototype.set(prototype, [...(byPrototype.get(prototype) ?? []), char]);
  }
  const byCodePoint = (a: string, b: string) => a.codePointAt(0)! - b.codePointAt(0)!;
  const lines = [...byPrototype]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([prototype, chars]) => `  ${prototype}: '${chars.sort(byCodePoint).map(written).join('')}',`);
  return [
    '// Written by lookalikes.test.ts from unhomoglyph (Unicode’s confusables.txt, UTS #39); do not edit.',
    '',
    '/**',
    ' * The characters that look like Latin letters, by the letters they look like (their prototype in',
    ' * confusables.txt: Greek Τ and Cyrillic Т look like T, dotless ı like i, m like rn). Only these can make',
    ' * a name read as a reserved word, which is all Latin letters; the whole table is 25 times larger.',
    ' */',
    'export const LATIN_LOOKALIKES: Readonly<Record<string, string>> = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}

describe('Latin look-alikes', () => {
  it('are the entries of confusables.txt whose prototype is Latin letters', async () => {
    await expect(lookalikesSource(confusables as Record<string, string>)).toMatchFileSnapshot(
      './lookalikes.ts',
    );
  });

  it('hold the characters of the review', () => {
    const prototypeOf = (char: string) =>
      Object.entries(LATIN_LOOKALIKES).find(([, chars]) => [...chars].includes(char))?.[0];
    expect(prototypeOf('ı')).toBe('i');
    expect(prototypeOf('Τ')).toBe('T');
    expect(prototypeOf('а')).toBe('a');
    expect(prototypeOf('m')).toBe('rn');
  });
});
