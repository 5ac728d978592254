import { z } from 'zod';
import { COUNTRIES, GENDERS, INTERESTS, LANGUAGES, LOOKING_FOR } from '../catalogs.ts';
import { DIRECTORY_PAGE_SIZE } from '../constants.ts';
import { idSchema, optionalText, plainText } from './common.ts';
import { placeIdSchema } from './places.ts';
import { ageRangeSchema } from './profile.ts';

/**
 * How the directory orders members: most interests in common with the viewer first, newest first, most
 * recently active first (activity within the week, then newest; issue 19.2), or nearby first (by the
 * distance between the members' places and the place the directory is about, then newest; members without
 * a place last; issue 33).
 */
export const DIRECTORY_SORTS = ['sharedInterests', 'newest', 'recentlyActive', 'nearby'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/** "Within 10 / 25 / 50 / 100 km" of a place (issue 33): the only distances a member can choose. */
export const NEAR_ME_DISTANCES = [10, 25, 50, 100] as const;
export type NearMeDistance = (typeof NEAR_ME_DISTANCES)[number];

/** The new-in-town filter (issue 19.4): newcomers, or locals who welcome them (core's newInTownRole). */
export const NEW_IN_TOWN_FILTERS = ['newcomers', 'welcomers'] as const;
export type NewInTownFilter = (typeof NEW_IN_TOWN_FILTERS)[number];

/** A multi-select filter: known ids only, each at most once. */
function anyOf<const T extends readonly [string, ...string[]]>(catalog: T) {
  return z
    .array(z.enum(catalog))
    .max(catalog.length)
    .transform((ids) => [...new Set(ids)]);
}

/**
 * The directory's filters (SPEC §2 Community). Within `languages` and `lookingFor` any selected value
 * matches; `interests` narrows: a member must have every selected interest. `placeId` keeps the members
 * whose place (a GeoNames id) is that place; `city` matches a part of the city a member typed, ignoring case
 * (what members whose typed city matched no place still have). `withinKm` keeps the members whose place is
 * within that distance of `near` (a place; by default the viewer's own), which is also where the nearby
 * order measures from. `newMembers` keeps members who joined within NEW_MEMBER_WINDOW_MS; `newInTown` keeps
 * newcomers or locals who welcome them.
 */
export const directoryFiltersSchema = z.object({
  age: ageRangeSchema.optional(),
  gender: z.enum(GENDERS).optional(),
  country: z.enum(COUNTRIES).optional(),
  placeId: placeIdSchema.optional(),
  city: plainText(80).optional(),
  withinKm: z.literal(NEAR_ME_DISTANCES).optional(),
  near: placeIdSchema.optional(),
  languages: anyOf(LANGUAGES).optional(),
  lookingFor: anyOf(LOOKING_FOR).optional(),
  interests: anyOf(INTERESTS).optional(),
  newMembers: z.boolean().optional(),
  newInTown: z.enum(NEW_IN_TOWN_FILTERS).optional(),
});
export type DirectoryFilters = z.output<typeof directoryFiltersSchema>;

/** One page of the directory: filters, order, and where the previous page ended (opaque cursor). */
export const directoryQuerySchema = z.object({
  filters: directoryFiltersSchema.default({}),
  sort: z.enum(DIRECTORY_SORTS).default('sharedInterests'),
  cursor: z.string().max(200).nullish(),
  limit: z.number().int().min(1).max(50).default(DIRECTORY_PAGE_SIZE),
});
export type DirectoryQuery = z.input<typeof directoryQuerySchema>;

/** Why a member reports another; the moderators see the reason and the optional note. */
export const REPORT_REASONS = [
  'spam',
  'fakeProfile',
  'harassment',
  'inappropriateContent',
  'scam',
  'underage',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_NOTE_MAX_LENGTH = 1000;

export const reportSchema = z.object({
  memberId: idSchema,
  reason: z.enum(REPORT_REASONS, 'community:errors.reportReasonRequired'),
  note: optionalText(REPORT_NOTE_MAX_LENGTH, { multiline: true }).optional(),
});
export type ReportInput = z.input<typeof reportSchema>;

export const memberTargetSchema = z.object({ memberId: idSchema });

export const favoritesQuerySchema = z.object({
  search: plainText(80).optional(),
});
