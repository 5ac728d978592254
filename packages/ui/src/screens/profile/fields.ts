import type { CatalogName, ProfileFieldName, ProfileSection } from '@amiko/core';

/** How a profile field is edited and shown: a choice from a catalog, several, free text, or the Big Five. */
export type FieldSpec =
  | { name: ProfileFieldName; kind: 'select' | 'multi'; catalog: CatalogName }
  | { name: ProfileFieldName; kind: 'text' | 'textarea' }
  | { name: 'bigFiveTraits'; kind: 'bigFive' };

/** The sections the profile screen edits field by field (interests and story have their own editors). */
export type FieldSection = Exclude<ProfileSection, 'basic' | 'interests' | 'story'>;

export const SECTION_FIELDS: Record<FieldSection, FieldSpec[]> = {
  personality: [
    { name: 'mbtiType', kind: 'select', catalog: 'mbtiTypes' },
    { name: 'bigFiveTraits', kind: 'bigFive' },
    { name: 'personalityDescriptors', kind: 'multi', catalog: 'personalityDescriptors' },
  ],
  skills: [
    { name: 'currentJobTitle', kind: 'text' },
    { name: 'jobField', kind: 'select', catalog: 'jobFields' },
    { name: 'educationLevel', kind: 'select', catalog: 'educationLevels' },
    { name: 'professionalSkills', kind: 'multi', catalog: 'professionalSkills' },
    { name: 'futureGoals', kind: 'multi', catalog: 'futureGoals' },
  ],
  preferences: [
    { name: 'favoriteBooks', kind: 'multi', catalog: 'bookGenres' },
    { name: 'moviesAndShows', kind: 'multi', catalog: 'movieGenres' },
    { name: 'favoriteMusic', kind: 'multi', catalog: 'musicGenres' },
    { name: 'podcastsAndBlogs', kind: 'multi', catalog: 'podcastCategories' },
    { name: 'otherLanguages', kind: 'multi', catalog: 'languages' },
    { name: 'favoriteCuisine', kind: 'multi', catalog: 'cuisines' },
    { name: 'danceStyles', kind: 'multi', catalog: 'danceStyles' },
    { name: 'eventPreferences', kind: 'multi', catalog: 'eventTypes' },
    { name: 'festivals', kind: 'multi', catalog: 'festivals' },
  ],
  values: [
    { name: 'religion', kind: 'select', catalog: 'religions' },
    { name: 'coreValues', kind: 'multi', catalog: 'coreValues' },
    { name: 'philosophies', kind: 'textarea' },
  ],
  identifiers: [
    { name: 'signatureQuotes', kind: 'textarea' },
    { name: 'lifeMantra', kind: 'text' },
    { name: 'favoriteQuotes', kind: 'textarea' },
  ],
  relationship: [
    { name: 'relationshipStatus', kind: 'select', catalog: 'relationshipStatuses' },
    { name: 'havingKids', kind: 'select', catalog: 'havingKids' },
    { name: 'lookingFor', kind: 'multi', catalog: 'lookingFor' },
    { name: 'importantQualities', kind: 'multi', catalog: 'importantQualities' },
    { name: 'dealBreakers', kind: 'multi', catalog: 'dealBreakers' },
    { name: 'communicationStyle', kind: 'select', catalog: 'communicationStyles' },
    { name: 'relationshipGoals', kind: 'multi', catalog: 'relationshipGoals' },
    { name: 'familyPlanning', kind: 'select', catalog: 'familyPlanning' },
    { name: 'lifestyleCompatibility', kind: 'multi', catalog: 'lifestyleCompatibility' },
  ],
  fitness: [
    { name: 'fitnessPreferences', kind: 'multi', catalog: 'fitnessActivities' },
    { name: 'favoriteSports', kind: 'multi', catalog: 'sports' },
    { name: 'wellnessPractices', kind: 'multi', catalog: 'wellnessPractices' },
    { name: 'dietPreferences', kind: 'multi', catalog: 'dietPreferences' },
    { name: 'mentalWellnessActivities', kind: 'multi', catalog: 'mentalWellnessActivities' },
  ],
};

/** The basic facts a public profile shows (the rest of basic info stays private). */
export const PUBLIC_BASICS: FieldSpec[] = [
  { name: 'gender', kind: 'select', catalog: 'genders' },
  { name: 'nativeLanguage', kind: 'select', catalog: 'languages' },
  { name: 'otherLanguages', kind: 'multi', catalog: 'languages' },
  { name: 'country', kind: 'select', catalog: 'countries' },
];
