// Issue 17 item 7: display names that deceive are refused with translated errors: invisible-only names,
// names that turn the writing direction, stacked combining marks, and names posing as Amiko or its team.
// Names are stored NFC-normalised. Issue 28 item 7: default-ignorable characters are removed (but for those
// of emoji), reserved words are compared on UTS #39's look-alikes in either case, ignoring spaces and
// punctuation between their letters, and check marks and badge-like symbols are refused.
import { displayNameSchema, LATIN_LOOKALIKES, NAME_ERRORS, RESERVED_NAME_WORDS } from '@amiko/core';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, freshEmail } from '../api/accounts-support.ts';
import { failure } from '../support/errors.ts';
import { createMember } from '../support/members.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const name = displayNameSchema();
const problemOf = (value: string) => {
  const result = name.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

const INVISIBLES = [
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u3164',
  '\u2800',
  '\u115F',
  '\uFFA0',
  '\u00A0',
  '\u2003',
  ' ',
];
const DIRECTION = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];
const ORDINARY = [
  'Ana',
  'José',
  'Zoë Müller',
  'Nguyễn Thị Minh',
  'Ольга',
  'محمد',
  'शिक्षा',
  'ไทย',
  '李小龙',
  "O'Brien",
  'Jean-Luc',
  'Tamiko',
  'Mods Fan',
  'Teamwork',
  // Words apart stay apart: a name, not Amiko or a mod spelt out.
  'Ami Ko',
  'Mo D.',
];
/** Ordinary names that hold no reserved word, whatever is put between their letters. */
const PLAIN = ORDINARY.slice(0, 11);

/**
 * Every default-ignorable code point (zero-width spaces and joiners, soft hyphen, fillers, selectors, tags…)
 * but the direction controls, which are refused.
 */
const IGNORABLES = Array.from({ length: 0x110000 }, (_, code) => code)
  .filter((code) => code < 0xd800 || code > 0xdfff)
  .map((code) => String.fromCodePoint(code))
  .filter((char) => /\p{Default_Ignorable_Code_Point}/u.test(char) && !DIRECTION.includes(char));

/** Check marks, legal marks and badges, as emoji too (with their variation selector). */
const BADGES = [
  '✓',
  '✔',
  '✔️',
  '☑',
  '☑️',
  '✅',
  '🗸',
  '🗹',
  '√',
  '©',
  '®',
  '™',
  '℠',
  '℗',
  '📛',
  '🎖️',
  '🏅',
  '🛡️',
  'R\u20DD',
];

/** The characters that look like a Latin letter in either case, the letter itself among them. */
function lookalikesOf(letter: string): string[] {
  const prototypes = new Set([letter, letter.toUpperCase(), ...(letter === 'm' ? ['rn'] : [])]);
  return [
    letter,
    letter.toUpperCase(),
    ...Object.entries(LATIN_LOOKALIKES).flatMap(([prototype, chars]) =>
      prototypes.has(prototype) ? [...chars] : [],
    ),
  ];
}

describe('display names', () => {
  it('accept ordinary names of every script', () => {
    for (const value of ORDINARY) expect(problemOf(value), value).toBeNull();
  });

  it('refuse names made only of invisible characters', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...INVISIBLES), { minLength: 1, maxLength: 10 }), (chars) => {
        const value = `\u3164${chars.join('')}`;
        expect(problemOf(value)).toBe(NAME_ERRORS.invisible);
      }),
    );
  });

  it('refuse any direction control anywhere in a name', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDINARY),
        fc.constantFrom(...DIRECTION),
        fc.nat(),
        (base, control, at) => {
          const i = at % (base.length + 1);
          expect(problemOf(`${base.slice(0, i)}${control}${base.slice(i)}x`)).toBe(NAME_ERRORS.direction);
        },
      ),
    );
  });

  it('refuse letters under a stack of combining marks', () => {
    fc.assert(
      fc.property(
        // Not the combining grapheme joiner (U+034F): it draws no mark, and as a default-ignorable
        // character it is removed from names (issue 28).
        fc.array(
          fc.integer({ min: 0x300, max: 0x36f }).filter((code) => code !== 0x34f),
          { minLength: 4, maxLength: 30 },
        ),
        (marks) => {
          expect(problemOf(`Ana${String.fromCodePoint(...marks)}`)).toBe(NAME_ERRORS.marks);
        },
      ),
    );
  });

  it('reserve Amiko and the team’s words, however they are written', () => {
    for (const value of [
      'Amiko Team ✓ (Support)',
      'amiko',
      'The Admin',
      'Moderator Jo',
      'Kundendienst',
      'AmikoSupport',
      'ＡＭＩＫＯ',
      'Ámíkó',
      'Team',
      'Offiziell',
    ]) {
      expect(problemOf(value), value).toBe(NAME_ERRORS.reserved);
    }
    for (const word of RESERVED_NAME_WORDS) expect(problemOf(`Jo ${word}`), word).toBe(NAME_ERRORS.reserved);
  });

  it('refuse the names the review found accepted (issue 28)', () => {
    for (const value of [
      'Ami\u200Bko Te\u200Bam',
      'Ami\u00ADko Sup\u00ADport',
      'Amıko Τeam ✓',
      'Amikoteam ✓',
      'A m i k o  T e a m',
    ]) {
      expect(problemOf(value), value).toBe(NAME_ERRORS.reserved);
    }
  });

  it('remove default-ignorable characters anywhere in a name', () => {
    expect(IGNORABLES.length).toBeGreaterThan(4000);
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDINARY),
        fc.array(fc.tuple(fc.constantFrom(...IGNORABLES), fc.nat()), { minLength: 1, maxLength: 4 }),
        (base, inserts) => {
          const chars = [...base];
          for (const [char, at] of inserts) chars.splice(at % (chars.length + 1), 0, char);
          expect(name.parse(chars.join(''))).toBe(base);
        },
      ),
    );
  });

  it('keep the joiners, selectors and tags that emoji are made of', () => {
    for (const value of [
      'Kim 🏳️‍🌈',
      'Dev 👩🏽‍💻',
      'Jo ❤️',
      'Kim 1️⃣',
      'Ana 🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
    ]) {
      expect(name.parse(value)).toBe(value);
    }
    // Not between letters, even next to an emoji.
    expect(name.parse('Ana\u200D🌈\u200Dx\uFE0F')).toBe('Ana🌈x');
  });

  it('read look-alikes of either case as the letters they look like', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...RESERVED_NAME_WORDS)
          .chain((word) => fc.tuple(...[...word].map((letter) => fc.constantFrom(...lookalikesOf(letter))))),
        (letters) => {
          expect(problemOf(`Jo ${letters.join('')}`), letters.join('')).toBe(NAME_ERRORS.reserved);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('read a reserved word through spaces and punctuation between its letters', () => {
    const punctuation = fc.constantFrom('-', '.', '_', '·', "'", '*', '★', '/', '…', '\u00AD', '\u200B');
    const space = fc.constantFrom(' ', '  ', '. ', ' - ', '\u00A0', '\u3000');
    fc.assert(
      fc.property(
        fc.constantFrom(...RESERVED_NAME_WORDS),
        fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
        fc.array(punctuation, { minLength: 20, maxLength: 20 }),
        (word, cuts, marks) => {
          // Pieces joined by punctuation (Ami-ko, A.D.M.I.N), never by a space.
          const joined = [...word].map((letter, i) => (i > 0 && cuts[i] ? marks[i] : '') + letter).join('');
          expect(problemOf(`${joined} Jo`), joined).toBe(NAME_ERRORS.reserved);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...RESERVED_NAME_WORDS),
        fc.array(space, { minLength: 20, maxLength: 20 }),
        (word, gaps) => {
          // Spelt out letter by letter (A m i k o).
          const spelt = [...word].map((letter, i) => (i > 0 ? gaps[i] : '') + letter).join('');
          expect(problemOf(`Jo ${spelt}`), spelt).toBe(NAME_ERRORS.reserved);
        },
      ),
    );
  });

  it('refuse check marks and badge-like symbols anywhere', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLAIN), fc.constantFrom(...BADGES), fc.nat(), (base, badge, at) => {
        const chars = [...base];
        chars.splice(at % (chars.length + 1), 0, badge);
        expect(problemOf(chars.join('')), chars.join('')).toBe(NAME_ERRORS.badge);
      }),
    );
    // Other symbols and emoji are fine.
    for (const value of ['Ana ★', 'Jo ☕', 'Kim 🌈', 'Li ♥', 'Sam 😊', 'Max ✗'])
      expect(problemOf(value), value).toBeNull();
  });

  it('are NFC-normalised', () => {
    expect(name.parse('Jose\u0301')).toBe('Jos\u00e9');
  });
});

describe('over the API, on both databases', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts.stop());

  it('refuses deceiving names at sign-up and in the profile, with texts in English and German', async () => {
    for (const [value, key] of [
      ['\u200B\u3164\u2800', NAME_ERRORS.invisible],
      ['Ana\u202Eevil', NAME_ERRORS.direction],
      ['Amiko Team ✓ (Support)', NAME_ERRORS.reserved],
      [`Z${'\u0336'.repeat(8)}`, NAME_ERRORS.marks],
      ['A m i k o  T e a m', NAME_ERRORS.reserved],
      ['Ana ✓', NAME_ERRORS.badge],
    ] as const) {
      const signUp = await failure(
        ts.client().trpc.auth.signUp.mutate({ name: value, email: freshEmail(), password: STRONG_PASSWORD }),
      );
      expect(signUp.data?.appCode).toBe('VALIDATION');
      expect(signUp.message).toBe(key);
      const member = await createMember(ts);
      const save = await failure(
        member.client.trpc.profile.saveSection.mutate({ section: 'basic', values: { name: value } }),
      );
      expect(save.message).toBe(key);
      expect(ts.server.deps.t('en', key)).not.toBe(key);
      expect(ts.server.deps.t('de', key)).not.toBe(ts.server.deps.t('en', key));
    }
  });

  it('stores names without default-ignorable characters, at sign-up and in the profile', async () => {
    const client = ts.client();
    const email = freshEmail();
    const me = await client.trpc.auth.signUp.mutate({
      name: 'Ana\u200B Ló\u00ADpez\u2060',
      email,
      password: STRONG_PASSWORD,
    });
    expect(me.name).toBe('Ana López');
    const member = await createMember(ts);
    await member.client.trpc.profile.saveSection.mutate({
      section: 'basic',
      values: { name: '\uFEFFJo\u200C Kim 🏳️‍🌈' },
    });
    const { db, t } = ts.server.database;
    const [row] = await db
      .select({ name: t.members.name })
      .from(t.members)
      .where(eq(t.members.id, member.id));
    expect(row!.name).toBe('Jo Kim 🏳️‍🌈');
  });

  it('stores names NFC-normalised', async () => {
    const member = await createMember(ts);
    await member.client.trpc.profile.saveSection.mutate({ section: 'basic', values: { name: 'Rene\u0301' } });
    const { db, t } = ts.server.database;
    const [row] = await db
      .select({ name: t.members.name })
      .from(t.members)
      .where(eq(t.members.id, member.id));
    expect(row!.name).toBe('Ren\u00e9');
  });
});
