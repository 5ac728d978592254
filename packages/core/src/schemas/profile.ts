import { z } from 'zod';
import {
  BIG_FIVE_LEVELS,
  BIG_FIVE_TRAITS,
  BOOK_GENRES,
  COMMUNICATION_STYLES,
  CORE_VALUES,
  COUNTRIES,
  CUISINES,
  DANCE_STYLES,
  DEAL_BREAKERS,
  DIET_PREFERENCES,
  EDUCATION_LEVELS,
  EVENT_TYPES,
  FAMILY_PLANNING,
  FESTIVALS,
  FITNESS_ACTIVITIES,
  FUTURE_GOALS,
  GENDERS,
  HAVING_KIDS,
  IMPORTANT_QUALITIES,
  INTERESTS,
  JOB_FIELDS,
  LANGUAGES,
  LIFESTYLE_COMPATIBILITY,
  LOOKING_FOR,
  MBTI_TYPES,
  MENTAL_WELLNESS_ACTIVITIES,
  MOVIE_GENRES,
  MUSIC_GENRES,
  PERSONALITY_DESCRIPTORS,
  PODCAST_CATEGORIES,
  PROFESSIONAL_SKILLS,
  RELATIONSHIP_GOALS,
  RELATIONSHIP_STATUSES,
  RELIGIONS,
  SPORTS,
  WELLNESS_PRACTICES,
} from '../catalogs.ts';
import { AGE_MAX, AGE_MIN, STORY_MAX_LENGTH, STORY_MIN_LENGTH } from '../constants.ts';
import { COMMON_ERRORS } from '../errors.ts';
import { hasControlCharacters, optionalText } from './common.ts';
import { displayNameSchema } from './names.ts';

/** A multi-select over a catalog: known ids only, each at most once. */
function pick<const T extends readonly [string, ...string[]]>(catalog: T) {
  return z
    .array(z.enum(catalog))
    .max(catalog.length)
    .transform((ids) => [...new Set(ids)]);
}

/** A single choice from a catalog, or null when cleared. */
function one<const T extends readonly [string, ...string[]]>(catalog: T) {
  return z.enum(catalog).nullable();
}

export const PHONE_PATTERN = /^\+?[0-9][0-9 ()/-]{5,22}$/;

/** 'YYYY-MM-DD', a real calendar date, and an age the community allows. */
export function isValidBirthday(value: string, now: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return false;
  }
  const age = ageOn(value, now);
  return age >= AGE_MIN && age <= AGE_MAX + 20;
}

/** Whole years between a 'YYYY-MM-DD' birthday and `now` (UTC). */
export function ageOn(birthday: string, now: Date = new Date()): number {
  const [year, month, day] = birthday.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export const bigFiveSchema = z.partialRecord(z.enum(BIG_FIVE_TRAITS), z.enum(BIG_FIVE_LEVELS));

/**
 * Every field a member edits, grouped by the section that saves it. Each section saves on its own and is
 * merged into the stored profile (SPEC §3 "Profile saves merge the given fields").
 */
export const profileSections = {
  basic: z.object({
    name: displayNameSchema(),
    phone: optionalText(30).refine(
      (v) => v === null || PHONE_PATTERN.test(v),
      'settings:errors.invalidPhone',
    ),
    birthday: z
      .string()
      .nullable()
      .refine((v) => v === null || isValidBirthday(v), 'settings:errors.invalidBirthdate'),
    gender: one(GENDERS),
    nativeLanguage: one(LANGUAGES),
    otherLanguages: pick(LANGUAGES),
    country: one(COUNTRIES),
    city: optionalText(80),
    timezone: optionalText(64),
  }),
  interests: z.object({ interests: pick(INTERESTS) }),
  personality: z.object({
    mbtiType: one(MBTI_TYPES),
    bigFiveTraits: bigFiveSchema,
    personalityDescriptors: pick(PERSONALITY_DESCRIPTORS),
  }),
  skills: z.object({
    currentJobTitle: optionalText(100),
    jobField: one(JOB_FIELDS),
    educationLevel: one(EDUCATION_LEVELS),
    professionalSkills: pick(PROFESSIONAL_SKILLS),
    futureGoals: pick(FUTURE_GOALS),
  }),
  preferences: z.object({
    favoriteBooks: pick(BOOK_GENRES),
    moviesAndShows: pick(MOVIE_GENRES),
    favoriteMusic: pick(MUSIC_GENRES),
    podcastsAndBlogs: pick(PODCAST_CATEGORIES),
    otherLanguages: pick(LANGUAGES),
    favoriteCuisine: pick(CUISINES),
    danceStyles: pick(DANCE_STYLES),
    eventPreferences: pick(EVENT_TYPES),
    festivals: pick(FESTIVALS),
  }),
  values: z.object({
    religion: one(RELIGIONS),
    coreValues: pick(CORE_VALUES),
    philosophies: optionalText(1000, { multiline: true }),
  }),
  identifiers: z.object({
    signatureQuotes: optionalText(500, { multiline: true }),
    lifeMantra: optionalText(300),
    favoriteQuotes: optionalText(1000, { multiline: true }),
  }),
  relationship: z.object({
    relationshipStatus: one(RELATIONSHIP_STATUSES),
    havingKids: one(HAVING_KIDS),
    lookingFor: pick(LOOKING_FOR),
    importantQualities: pick(IMPORTANT_QUALITIES),
    dealBreakers: pick(DEAL_BREAKERS),
    communicationStyle: one(COMMUNICATION_STYLES),
    relationshipGoals: pick(RELATIONSHIP_GOALS),
    familyPlanning: one(FAMILY_PLANNING),
    lifestyleCompatibility: pick(LIFESTYLE_COMPATIBILITY),
  }),
  fitness: z.object({
    fitnessPreferences: pick(FITNESS_ACTIVITIES),
    favoriteSports: pick(SPORTS),
    wellnessPractices: pick(WELLNESS_PRACTICES),
    dietPreferences: pick(DIET_PREFERENCES),
    mentalWellnessActivities: pick(MENTAL_WELLNESS_ACTIVITIES),
  }),
  story: z.object({
    story: z
      .string()
      .trim()
      .min(1, { error: 'profile:errors.storyRequired', abort: true })
      .min(STORY_MIN_LENGTH, { error: 'profile:errors.storyTooShort', abort: true })
      .max(STORY_MAX_LENGTH, { error: COMMON_ERRORS.tooLong, abort: true })
      .refine((story) => !hasControlCharacters(story, { multiline: true }), COMMON_ERRORS.controlCharacters),
  }),
} as const;

export type ProfileSection = keyof typeof profileSections;
export const PROFILE_SECTIONS = Object.keys(profileSections) as ProfileSection[];

/** The input of one section save: any subset of that section's fields. */
export const profileSectionInputSchema = z.discriminatedUnion('section', [
  z.object({ section: z.literal('basic'), values: profileSections.basic.partial() }),
  z.object({ section: z.literal('interests'), values: profileSections.interests.partial() }),
  z.object({ section: z.literal('personality'), values: profileSections.personality.partial() }),
  z.object({ section: z.literal('skills'), values: profileSections.skills.partial() }),
  z.object({ section: z.literal('preferences'), values: profileSections.preferences.partial() }),
  z.object({ section: z.literal('values'), values: profileSections.values.partial() }),
  z.object({ section: z.literal('identifiers'), values: profileSections.identifiers.partial() }),
  z.object({ section: z.literal('relationship'), values: profileSections.relationship.partial() }),
  z.object({ section: z.literal('fitness'), values: profileSections.fitness.partial() }),
  z.object({ section: z.literal('story'), values: profileSections.story.partial() }),
]);
export type ProfileSectionInput = z.input<typeof profileSectionInputSchema>;
/** A section save after validation: ids checked, texts trimmed, duplicates removed. */
export type ProfileSectionSave = z.output<typeof profileSectionInputSchema>;

type SectionValues<S extends ProfileSection> = z.output<(typeof profileSections)[S]>;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/** Every editable profile field with its stored type (null or [] when unset). */
export type ProfileFields = UnionToIntersection<{ [S in ProfileSection]: SectionValues<S> }[ProfileSection]>;
export type ProfileFieldName = keyof ProfileFields;

/** The profile fields that count towards the completion percentage (name and story included). */
export const PROFILE_FIELD_NAMES = [
  ...new Set(PROFILE_SECTIONS.flatMap((section) => Object.keys(profileSections[section].shape))),
] as ProfileFieldName[];

/** The age filter of the community directory (SPEC §5). */
export const ageRangeSchema = z
  .object({
    minAge: z
      .number()
      .int()
      .min(AGE_MIN, 'community:errors.minAgeRange')
      .max(AGE_MAX, 'community:errors.minAgeRange'),
    maxAge: z
      .number()
      .int()
      .min(AGE_MIN, 'community:errors.maxAgeRange')
      .max(AGE_MAX, 'community:errors.maxAgeRange'),
  })
  .refine((v) => v.minAge <= v.maxAge, { message: 'community:errors.minAboveMax', path: ['minAge'] });
