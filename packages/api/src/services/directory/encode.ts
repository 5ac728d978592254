import {
  COUNTRIES,
  GENDERS,
  INTERESTS,
  LANGUAGES,
  LOOKING_FOR,
  birthdayNumber,
  isListedInDirectory,
  newInTownRole,
} from '@amiko/core';
import type { DirectoryEntry } from './types.ts';

// A member row reduced to what the directory index stores (bit masks over the catalogs, numbers, the
// city and the place), and the catalog positions that number each attribute value: value i of a catalog has bitset i.
// A new attribute is encoded here first, then stored by slots.ts and searched by filter.ts.

const positions = (catalog: readonly string[]) => new Map(catalog.map((id, i) => [id, i]));
export const INTEREST_POS = positions(INTERESTS);
export const LANGUAGE_POS = positions(LANGUAGES);
export const LOOKING_FOR_POS = positions(LOOKING_FOR);
export const GENDER_POS = positions(GENDERS);
export const COUNTRY_POS = positions(COUNTRIES);

export const normalizeCity = (city: string) => city.trim().toLowerCase();

/** New in town: 1 a newcomer, 2 a local who welcomes newcomers, 0 neither. */
export const TOWN_CODES = { none: 0, newcomer: 1, welcomer: 2 } as const;

/** The last activity a member is sorted by: shown, and a time (0 when hidden or never). */
export const activeOf = (entry: DirectoryEntry) =>
  entry.showActivity && entry.lastActiveAt ? entry.lastActiveAt.getTime() : 0;

/** A member row reduced to what the index stores: bit masks and numbers, plus the city. */
export interface Encoded {
  listed: boolean;
  /** Interests as a bit mask over the catalog (90 bits in three words). */
  interests: [number, number, number];
  /** Native and other languages as a bit mask (58 bits in two words). */
  languages: [number, number];
  lookingFor: number;
  gender: number;
  country: number;
  birthday: number;
  /** Lowercased and trimmed; '' when none. */
  city: string;
  /** The place's GeoNames id, 0 when none (known for unlisted members too: a viewer's own place). */
  place: number;
  /** New in town (TOWN_CODES). */
  town: number;
}

function maskOf(ids: readonly (string | null)[], positions: Map<string, number>, words: number): number[] {
  const mask = new Array<number>(words).fill(0);
  for (const id of ids) {
    const i = id === null ? undefined : positions.get(id);
    if (i !== undefined) mask[i >>> 5]! |= 1 << (i & 31);
  }
  return mask;
}

export const hasMaskBit = (mask: readonly number[], i: number) => ((mask[i >>> 5]! >>> (i & 31)) & 1) === 1;

export function encode(entry: DirectoryEntry): Encoded {
  const listed = isListedInDirectory({
    deleted: entry.deletedAt !== null,
    hasPhoto: entry.hasPhoto,
    interestCount: entry.interests.length,
    storyLength: entry.storyLength,
  });
  // Interests stay known for unlisted members too: a viewer still onboarding has shared counts.
  const interests = maskOf(entry.interests, INTEREST_POS, 3) as Encoded['interests'];
  if (!listed) {
    return {
      listed,
      interests,
      languages: [0, 0],
      lookingFor: 0,
      gender: -1,
      country: -1,
      birthday: 0,
      city: '',
      place: entry.placeId ?? 0,
      town: 0,
    };
  }
  return {
    listed,
    interests,
    languages: maskOf(
      [entry.nativeLanguage, ...entry.otherLanguages],
      LANGUAGE_POS,
      2,
    ) as Encoded['languages'],
    lookingFor: maskOf(entry.lookingFor, LOOKING_FOR_POS, 1)[0]!,
    gender: entry.gender ? (GENDER_POS.get(entry.gender) ?? -1) : -1,
    country: entry.country ? (COUNTRY_POS.get(entry.country) ?? -1) : -1,
    birthday: birthdayNumber(entry.birthday),
    city: entry.city ? normalizeCity(entry.city) : '',
    place: entry.placeId ?? 0,
    town: TOWN_CODES[newInTownRole(entry) ?? 'none'],
  };
}
