import { z } from 'zod';
import { CATALOGS, type CatalogName } from '../catalogs.ts';
import { AGE_MAX, AGE_MIN, STORY_MAX_LENGTH, STORY_MIN_LENGTH } from '../constants.ts';
import { COMMON_ERRORS } from '../errors.ts';
import { hasControlCharacters, optionalText } from './common.ts';
import { displayNameSchema } from './names.ts';
import { placeIdSchema } from './places.ts';

/**
 * How a profile field is edited and shown. Each field's schema below is made by one of the helpers that
 * follow, which note its kind; the UI's forms and the public profile read it (`profileFieldKinds`), so a
 * field is described once, here.
 */
export type ProfileFieldKind =
  | { kind: 'select' | 'multi'; catalog: CatalogName }
  | { kind: 'text' | 'textarea' }
  /** A level (from `levels`) for some ids of the `keys` catalog, e.g. the Big Five. */
  | { kind: 'levels'; keys: CatalogName; levels: CatalogName }
  /** A month as 'YYYY-MM'. */
  | { kind: 'month' }
  | { kind: 'switch' }
  /** A place of the gazetteer, its GeoNames id (issue 33): chosen with the place combobox. */
  | { kind: 'place' };

const FIELD_KINDS = new Map<z.ZodType, ProfileFieldKind>();
function described<S extends z.ZodType>(schema: S, kind: ProfileFieldKind): S {
  FIELD_KINDS.set(schema, kind);
  return schema;
}

/** A multi-select over a catalog: known ids only, each at most once. */
function pick<N extends CatalogName>(catalog: N) {
  const ids = CATALOGS[catalog];
  const schema = z
    .array(z.enum(ids))
    .max(ids.length)
    .transform((chosen) => [...new Set(chosen)]);
  return described(schema, { kind: 'multi', catalog });
}

/** A single choice from a catalog, or null when cleared. */
function one<N extends CatalogName>(catalog: N) {
  return described(z.enum(CATALOGS[catalog]).nullable(), { kind: 'select', catalog });
}

/** A one-line free text, or null when cleared. */
function text(max: number) {
  return described(optionalText(max), { kind: 'text' });
}

/** A free text of several lines, or null when cleared. */
function textarea(max: number) {
  return described(optionalText(max, { multiline: true }), { kind: 'textarea' });
}

/** A level for some ids of a catalog (each id at most once). */
function levels<K extends CatalogName, L extends CatalogName>(keys: K, levelIds: L) {
  const schema = z.partialRecord(z.enum(CATALOGS[keys]), z.enum(CATALOGS[levelIds]));
  return described(schema, { kind: 'levels', keys, levels: levelIds });
}

/** A calendar month, 'YYYY-MM', or null when cleared. */
function month() {
  const schema = z
    .string()
    .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, 'profile:errors.invalidMonth')
    .nullable();
  return described(schema, { kind: 'month' });
}

/**
 * Where the member lives: a place (a GeoNames id), or null when none was chosen (issue 33). Never free text:
 * the spelling of a city must not decide who finds whom.
 */
function place() {
  return described(placeIdSchema.nullable(), { kind: 'place' });
}

/** Yes or no. */
function flag() {
  return described(z.boolean(), { kind: 'switch' });
}

export const PHONE_PATTERN = /^\+?[0-9][0-9 ()/-]{5,22}$/;

/** 'YYYY-MM-DD', a real calendar date, not in the future and not more than AGE_MAX + 20 years ago. */
export function isPlausibleBirthday(value: string, now: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return false;
  }
  const age = ageOn(value, now);
  return age >= 0 && age <= AGE_MAX + 20;
}

/** A plausible birthday of someone the community allows: at least AGE_MIN (16) years old. */
export function isValidBirthday(value: string, now: Date = new Date()): boolean {
  return isPlausibleBirthday(value, now) && ageOn(value, now) >= AGE_MIN;
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

export const bigFiveSchema = levels('bigFiveTraits', 'bigFiveLevels');

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
    // A date that cannot be a birthday is invalid; a real one of someone younger than 16 says why it is
    // refused (issue 30.7).
    birthday: z
      .string()
      .nullable()
      .refine((v) => v === null || isPlausibleBirthday(v), {
        error: 'settings:errors.invalidBirthdate',
        abort: true,
      })
      .refine((v) => v === null || isValidBirthday(v), 'settings:errors.tooYoung'),
    gender: one('genders'),
    nativeLanguage: one('languages'),
    otherLanguages: pick('languages'),
    country: one('countries'),
    placeId: place(),
    timezone: text(64),
  }),
  /** New in town (issue 19.4): a newcomer since a month, or moving here in one; or a local who welcomes them. */
  newInTown: z.object({
    /** The town one is new in, or welcomes newcomers to: the member's place (the same field as in basic). */
    placeId: place(),
    newInTown: one('newInTownStatuses'),
    newInTownMonth: month(),
    welcomesNewcomers: flag(),
  }),
  interests: z.object({ interests: pick('interests') }),
  personality: z.object({
    mbtiType: one('mbtiTypes'),
    bigFiveTraits: bigFiveSchema,
    personalityDescriptors: pick('personalityDescriptors'),
  }),
  skills: z.object({
    currentJobTitle: text(100),
    jobField: one('jobFields'),
    educationLevel: one('educationLevels'),
    professionalSkills: pick('professionalSkills'),
    futureGoals: pick('futureGoals'),
  }),
  preferences: z.object({
    favoriteBooks: pick('bookGenres'),
    moviesAndShows: pick('movieGenres'),
    favoriteMusic: pick('musicGenres'),
    podcastsAndBlogs: pick('podcastCategories'),
    otherLanguages: pick('languages'),
    favoriteCuisine: pick('cuisines'),
    danceStyles: pick('danceStyles'),
    eventPreferences: pick('eventTypes'),
    festivals: pick('festivals'),
  }),
  values: z.object({
    religion: one('religions'),
    coreValues: pick('coreValues'),
    philosophies: textarea(1000),
  }),
  identifiers: z.object({
    signatureQuotes: textarea(500),
    lifeMantra: text(300),
    favoriteQuotes: textarea(1000),
  }),
  relationship: z.object({
    relationshipStatus: one('relationshipStatuses'),
    havingKids: one('havingKids'),
    lookingFor: pick('lookingFor'),
    importantQualities: pick('importantQualities'),
    dealBreakers: pick('dealBreakers'),
    communicationStyle: one('communicationStyles'),
    relationshipGoals: pick('relationshipGoals'),
    familyPlanning: one('familyPlanning'),
    lifestyleCompatibility: pick('lifestyleCompatibility'),
  }),
  fitness: z.object({
    fitnessPreferences: pick('fitnessActivities'),
    favoriteSports: pick('sports'),
    wellnessPractices: pick('wellnessPractices'),
    dietPreferences: pick('dietPreferences'),
    mentalWellnessActivities: pick('mentalWellnessActivities'),
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
  z.object({ section: z.literal('newInTown'), values: profileSections.newInTown.partial() }),
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

const fieldNamesOf = (sections: readonly ProfileSection[]) =>
  [
    ...new Set(sections.flatMap((section) => Object.keys(profileSections[section].shape))),
  ] as ProfileFieldName[];

/** Every profile field (the columns a profile save may write and a deletion empties). */
export const PROFILE_FIELD_NAMES = fieldNamesOf(PROFILE_SECTIONS);

/**
 * The profile fields that count towards the completion percentage (name and story included). Being new in
 * town is a moment, not a part of the profile to complete: a local's profile is complete without it.
 */
export const COMPLETION_FIELD_NAMES = fieldNamesOf(PROFILE_SECTIONS.filter((s) => s !== 'newInTown'));

/** A field of a section with how it is edited and shown (the fields made by the helpers above). */
export type ProfileFieldSpec = { name: ProfileFieldName } & ProfileFieldKind;

/** The fields of a section in their order, with their kinds: what the UI's section forms render. */
export function profileFieldSpecs(section: ProfileSection): ProfileFieldSpec[] {
  return Object.entries(profileSections[section].shape as Record<string, z.ZodType>).flatMap(
    ([name, schema]) => {
      const kind = FIELD_KINDS.get(schema);
      return kind ? [{ name: name as ProfileFieldName, ...kind }] : [];
    },
  );
}

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
