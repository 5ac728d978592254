import {
  AGE_MAX,
  AGE_MIN,
  ageRangeSchema,
  type DirectoryFilters,
  type NearMeDistance,
  type NewInTownFilter,
} from '@amiko/core';
import type { TranslationKey } from '@amiko/i18n';
import type { PlaceChoice } from '../../components/PlacePicker.tsx';
import { messageKey } from '../../errors.ts';

/** The directory's filter form as the member fills it in (an emptied number field is ''). */
export interface FilterForm {
  minAge: number | string;
  maxAge: number | string;
  gender: string | null;
  country: string | null;
  /** A town (issue 33): its members, or with `withinKm` the town the distance is measured from. */
  place: PlaceChoice | null;
  /** "Within N km" of the town chosen, else of the member's own; null for no distance. */
  withinKm: NearMeDistance | null;
  languages: string[];
  lookingFor: string[];
  interests: string[];
  newMembers: boolean;
  /** Newcomers, or locals who welcome them (issue 19.4); null for anyone. */
  newInTown: NewInTownFilter | null;
}

export const EMPTY_FILTERS: FilterForm = {
  minAge: AGE_MIN,
  maxAge: AGE_MAX,
  gender: null,
  country: null,
  place: null,
  withinKm: null,
  languages: [],
  lookingFor: [],
  interests: [],
  newMembers: false,
  newInTown: null,
};

/** What is wrong with the age fields, as i18n keys. */
export type FilterErrors = Partial<Record<'minAge' | 'maxAge', TranslationKey>>;

/** The filters as the API takes them, or the field errors when the age range is not valid. */
export function toFilters(form: FilterForm): { filters: DirectoryFilters } | { errors: FilterErrors } {
  const minAge = form.minAge === '' ? AGE_MIN : Number(form.minAge);
  const maxAge = form.maxAge === '' ? AGE_MAX : Number(form.maxAge);
  const age = ageRangeSchema.safeParse({ minAge, maxAge });
  if (!age.success) {
    const errors: FilterErrors = {};
    for (const issue of age.error.issues) {
      const field = issue.path[0];
      if (field === 'minAge' || field === 'maxAge') errors[field] ??= messageKey(issue.message);
    }
    return { errors };
  }
  const filters: DirectoryFilters = {};
  // The whole range is no filter at all: members without a birthday stay in.
  if (minAge !== AGE_MIN || maxAge !== AGE_MAX) filters.age = { minAge, maxAge };
  if (form.gender) filters.gender = form.gender as DirectoryFilters['gender'];
  if (form.country) filters.country = form.country as DirectoryFilters['country'];
  if (form.withinKm !== null) {
    filters.withinKm = form.withinKm;
    if (form.place) filters.near = form.place.id;
  } else if (form.place) filters.placeId = form.place.id;
  if (form.languages.length) filters.languages = form.languages as DirectoryFilters['languages'];
  if (form.lookingFor.length) filters.lookingFor = form.lookingFor as DirectoryFilters['lookingFor'];
  if (form.interests.length) filters.interests = form.interests as DirectoryFilters['interests'];
  if (form.newMembers) filters.newMembers = true;
  if (form.newInTown) filters.newInTown = form.newInTown;
  return { filters };
}
