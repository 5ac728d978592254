import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, emailSchema } from './common.ts';
import { isStrongPassword, resetPasswordFormSchema, signUpSchema } from './auth.ts';
import { ageOn, ageRangeSchema, isValidBirthday, profileSectionInputSchema } from './profile.ts';

const issues = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('email pattern (SPEC §5)', () => {
  it('accepts ordinary addresses and refuses the rest', () => {
    for (const ok of ['ana@example.com', 'a.b_c%d+e-f@mail.example.de', 'Z@x.info'])
      expect(EMAIL_PATTERN.test(ok), ok).toBe(true);
    for (const bad of [
      '1ana@example.com',
      'ana@example',
      'ana@example.c',
      'ana@example.museum',
      'ana example@x.de',
      '@x.de',
      'ana@@x.de',
    ]) {
      expect(EMAIL_PATTERN.test(bad), bad).toBe(false);
    }
  });
  it('never accepts an address that starts with a digit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9 }),
        fc.emailAddress(),
        (d, email) => !EMAIL_PATTERN.test(`${d}${email}`),
      ),
    );
  });
  it('says which rule failed: required, then format', () => {
    expect(issues(emailSchema.safeParse(''))).toEqual([':auth:errors.emailRequired']);
    expect(issues(emailSchema.safeParse('nope'))).toEqual([':auth:errors.invalidEmailFormat']);
    expect(emailSchema.parse('  Ana@Example.COM ')).toBe('ana@example.com');
  });
});

describe('passwords (SPEC §5)', () => {
  it('needs 8 characters with upper, lower, digit and special', () => {
    expect(isStrongPassword('Secret-123')).toBe(true);
    for (const weak of ['Sec-12', 'secret-123', 'SECRET-123', 'Secret-abc', 'Secret1234'])
      expect(isStrongPassword(weak), weak).toBe(false);
  });
  it('reports "at least 8 characters" for short passwords', () => {
    const r = signUpSchema.safeParse({ name: 'A', email: 'a@b.de', password: 'Ab1-' });
    expect(issues(r)).toEqual(['password:auth:errors.passwordTooShort']);
  });
  it('checks that reset password and confirmation match', () => {
    const r = resetPasswordFormSchema.safeParse({ password: 'Secret-123', confirmPassword: 'Secret-124' });
    expect(issues(r)).toEqual(['confirmPassword:auth:errors.passwordsDoNotMatch']);
  });
});

describe('profile schemas', () => {
  it('accepts known catalog ids only and removes duplicates', () => {
    const ok = profileSectionInputSchema.parse({
      section: 'interests',
      values: { interests: ['hiking', 'hiking', 'cooking'] },
    });
    expect(ok.values).toEqual({ interests: ['hiking', 'cooking'] });
    expect(
      profileSectionInputSchema.safeParse({ section: 'interests', values: { interests: ['nonsense'] } })
        .success,
    ).toBe(false);
  });
  it('validates the story length with the spec texts', () => {
    const short = profileSectionInputSchema.safeParse({ section: 'story', values: { story: 'too short' } });
    expect(issues(short)).toEqual(['values.story:profile:errors.storyTooShort']);
    const empty = profileSectionInputSchema.safeParse({ section: 'story', values: { story: '   ' } });
    expect(issues(empty)[0]).toBe('values.story:profile:errors.storyRequired');
  });
  it('validates phone numbers and birthdays', () => {
    const bad = profileSectionInputSchema.safeParse({
      section: 'basic',
      values: { phone: 'call me', birthday: '2020-02-30' },
    });
    expect(issues(bad)).toEqual([
      'values.phone:settings:errors.invalidPhone',
      'values.birthday:settings:errors.invalidBirthdate',
    ]);
    const good = profileSectionInputSchema.safeParse({
      section: 'basic',
      values: { phone: '+49 30 1234567', birthday: '1990-05-17' },
    });
    expect(good.success).toBe(true);
  });
  it('says that members must be 16, for a real birthday of someone younger (issue 30.7)', () => {
    const birthday = (value: string) =>
      issues(profileSectionInputSchema.safeParse({ section: 'basic', values: { birthday: value } }));
    const year = new Date().getUTCFullYear();
    expect(birthday(`${year - 10}-01-01`)).toEqual(['values.birthday:settings:errors.tooYoung']);
    // Not a date, in the future, or more than 120 years ago: not a birthday at all.
    for (const value of ['2020-02-30', `${year + 1}-01-01`, '1890-01-01', '12.3.1990']) {
      expect(birthday(value)).toEqual(['values.birthday:settings:errors.invalidBirthdate']);
    }
  });
  it('computes ages in whole years', () => {
    const now = new Date(Date.UTC(2026, 4, 17));
    expect(ageOn('1990-05-17', now)).toBe(36);
    expect(ageOn('1990-05-18', now)).toBe(35);
    expect(isValidBirthday('2015-01-01', now)).toBe(false); // younger than 16
  });
  it('checks the community age filter (SPEC §5)', () => {
    expect(issues(ageRangeSchema.safeParse({ minAge: 15, maxAge: 40 }))).toEqual([
      'minAge:community:errors.minAgeRange',
    ]);
    expect(issues(ageRangeSchema.safeParse({ minAge: 50, maxAge: 40 }))).toEqual([
      'minAge:community:errors.minAboveMax',
    ]);
    expect(ageRangeSchema.safeParse({ minAge: 16, maxAge: 100 }).success).toBe(true);
  });
});
