// Issue 17 item 7: display names that deceive are refused with translated errors: invisible-only names,
// names that turn the writing direction, stacked combining marks, and names posing as Amiko or its team.
// Names are stored NFC-normalised.
import { displayNameSchema, NAME_ERRORS, RESERVED_NAME_WORDS } from '@amiko/core';
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
];

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
        fc.array(fc.integer({ min: 0x300, max: 0x36f }), { minLength: 4, maxLength: 30 }),
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
