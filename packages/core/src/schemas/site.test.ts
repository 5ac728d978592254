import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EASE_OF_CONNECTION, FEEDBACK_TYPES } from '../catalogs.ts';
import { contactSchema, feedbackSchema, pageViewSchema } from './site.ts';

const issues = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

const feedback = {
  rating: 4,
  type: 'suggestionForImprovement',
  suggestions: 'More events nearby',
  liked: 'The people',
  easeOfConnection: 'easy',
};

describe('contact form (SPEC §5: all four fields required)', () => {
  it('names every missing field with the translated "required" key', () => {
    expect(issues(contactSchema.safeParse({ name: ' ', email: '', subject: '', message: '\n' }))).toEqual([
      'name:common:userProfile.requiredField',
      'email:auth:errors.emailRequired',
      'subject:common:userProfile.requiredField',
      'message:common:userProfile.requiredField',
    ]);
  });

  it('checks the email format and trims what it keeps', () => {
    const base = { name: 'Ana', subject: 'Hello', message: 'Hi there' };
    expect(issues(contactSchema.safeParse({ ...base, email: '1ana@example.com' }))).toEqual([
      'email:auth:errors.invalidEmailFormat',
    ]);
    expect(contactSchema.parse({ ...base, name: '  Ana ', email: ' Ana@Example.com' })).toMatchObject({
      name: 'Ana',
      email: 'ana@example.com',
    });
  });
});

describe('feedback form (SPEC §5 and §9)', () => {
  it('accepts every type and every level of ease, and makes empty comments null', () => {
    for (const type of FEEDBACK_TYPES)
      for (const easeOfConnection of EASE_OF_CONNECTION)
        expect(feedbackSchema.parse({ ...feedback, type, easeOfConnection, comments: '  ' }).comments).toBe(
          null,
        );
  });

  it('accepts exactly the ratings 1 to 5', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (rating) => {
        const ok = feedbackSchema.safeParse({ ...feedback, rating }).success;
        return ok === (rating >= 1 && rating <= 5);
      }),
    );
    expect(feedbackSchema.safeParse({ ...feedback, rating: 2.5 }).success).toBe(false);
  });

  it('says which required answer is missing (an untouched form)', () => {
    const untouched = { rating: 0, type: '', suggestions: '', liked: '', easeOfConnection: '', comments: '' };
    expect(issues(feedbackSchema.safeParse(untouched))).toEqual([
      'rating:site:errors.ratingRequired',
      'type:site:errors.feedbackTypeRequired',
      'suggestions:common:userProfile.requiredField',
      'liked:common:userProfile.requiredField',
      'easeOfConnection:site:errors.easeOfConnectionRequired',
    ]);
  });
});

describe('page view', () => {
  const visitorId = '3f0c2a4e-9b1d-4c55-8f3e-2a7d5b6c9e01';

  it('takes route paths, never a query string or fragment', () => {
    for (const path of ['/', '/index.html', '/profile-view/abc_123', '/settings/user-info'])
      expect(pageViewSchema.safeParse({ path, visitorId }).success, path).toBe(true);
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('?', '#'), fc.string(), (a, mark, b) => {
        return !pageViewSchema.safeParse({ path: `/${a}${mark}${b}`, visitorId }).success;
      }),
    );
    expect(pageViewSchema.safeParse({ path: 'relative', visitorId }).success).toBe(false);
    for (const control of ['\u0000', '\u0004', '\u007f'])
      expect(pageViewSchema.safeParse({ path: `/a${control}b`, visitorId }).success).toBe(false);
  });

  it('takes an opaque visitor id, nothing that could carry other data', () => {
    expect(pageViewSchema.safeParse({ path: '/', visitorId: 'short' }).success).toBe(false);
    expect(pageViewSchema.safeParse({ path: '/', visitorId: 'ana@example.com' }).success).toBe(false);
    expect(pageViewSchema.safeParse({ path: '/', visitorId: 'x'.repeat(65) }).success).toBe(false);
  });
});
