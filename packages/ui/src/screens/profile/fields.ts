import { PROFILE_SECTIONS, profileFieldSpecs, type ProfileFieldSpec, type ProfileSection } from '@amiko/core';

/** How a profile field is edited and shown, as core's profileSections describe it. */
export type FieldSpec = ProfileFieldSpec;

/** The sections the profile screen edits field by field (interests and story have their own editors). */
export type FieldSection = Exclude<ProfileSection, 'basic' | 'interests' | 'story'>;
const OWN_EDITORS: readonly ProfileSection[] = ['basic', 'interests', 'story'];

/** Each field section's fields, in the order of core's profileSections. */
export const SECTION_FIELDS = Object.fromEntries(
  PROFILE_SECTIONS.filter((s) => !OWN_EDITORS.includes(s)).map((s) => [s, profileFieldSpecs(s)]),
) as Record<FieldSection, FieldSpec[]>;

/** The basic facts a public profile shows (the rest of basic info stays private). */
const PUBLIC_BASIC_NAMES = new Set(['gender', 'nativeLanguage', 'otherLanguages', 'country']);
export const PUBLIC_BASICS: FieldSpec[] = profileFieldSpecs('basic').filter((f) =>
  PUBLIC_BASIC_NAMES.has(f.name),
);
