import { z } from 'zod';
import { EASE_OF_CONNECTION, FEEDBACK_TYPES } from '../catalogs.ts';
import { RATING_MAX, RATING_MIN } from '../constants.ts';
import { COMMON_ERRORS } from '../errors.ts';
import { emailSchema, optionalText, requiredText, uiLanguageSchema } from './common.ts';

// The public site's inputs (SPEC §3 Feedback and Contact message, §7 Page view). The forms validate with
// these schemas (useAppForm) and the procedures with the very same ones.

/** The interface language the visitor used; stored with the submission so the team can answer in it. */
const language = uiLanguageSchema.optional();

/** SPEC §5: name, email, subject and message are all required. */
export const contactSchema = z.object({
  name: requiredText(100),
  email: emailSchema,
  subject: requiredText(200),
  message: requiredText(5000, undefined, { multiline: true }),
  language,
});
export type ContactInput = z.input<typeof contactSchema>;

/**
 * SPEC §5: the rating (1 to 5), the type, suggestions, likes and the ease of connection are required;
 * additional comments are optional.
 */
export const feedbackSchema = z.object({
  rating: z
    .number({ error: 'site:errors.ratingRequired' })
    .int({ error: 'site:errors.ratingRequired' })
    .min(RATING_MIN, 'site:errors.ratingRequired')
    .max(RATING_MAX, 'site:errors.ratingRequired'),
  type: z.enum(FEEDBACK_TYPES, { error: 'site:errors.feedbackTypeRequired' }),
  suggestions: requiredText(2000, undefined, { multiline: true }),
  liked: requiredText(2000, undefined, { multiline: true }),
  easeOfConnection: z.enum(EASE_OF_CONNECTION, { error: 'site:errors.easeOfConnectionRequired' }),
  comments: optionalText(2000, { multiline: true }).optional(),
  language,
});
export type FeedbackInput = z.input<typeof feedbackSchema>;

/**
 * A first-party page view: the path only (a query string can hold one-time codes, so it never leaves the
 * browser) and the anonymous visitor id the browser keeps.
 */
export const pageViewSchema = z.object({
  path: z
    .string()
    .max(512, COMMON_ERRORS.tooLong)
    // A browser's pathname is percent-encoded: control characters (a NUL, which PostgreSQL refuses in text:
    // the fuzz suite's 500) never come from one.
    .regex(/^\/[^\s?#\p{Cc}]*$/u, COMMON_ERRORS.invalidInput),
  visitorId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, COMMON_ERRORS.invalidInput),
  language,
});
export type PageViewInput = z.input<typeof pageViewSchema>;

export const setLanguageSchema = z.object({ language: uiLanguageSchema });
