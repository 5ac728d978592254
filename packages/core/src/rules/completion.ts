import {
  COMPLETION_FIELD_NAMES,
  profileSections,
  type ProfileFieldName,
  type ProfileSection,
} from '../schemas/profile.ts';

/** The profile fields plus whether a photo exists, as completion counts them. */
export type CompletionInput = Partial<Record<ProfileFieldName, unknown>> & { hasPhoto: boolean };

function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value).some(isFilled);
  // A switch left off says nothing about the member.
  if (typeof value === 'boolean') return value;
  return true;
}

/**
 * The parts of a profile that matter for finding friends, each with its share of the completion in percent
 * (issue 30.8): what onboarding asks for (photo, interests, story) is 60 of it, then where one lives, the
 * languages one speaks and what one is looking for; every other field together is the last 10. Counting
 * every field alike made a member who had just finished onboarding "8% complete".
 */
export const COMPLETION_PARTS = [
  { part: 'photo', weight: 20, fields: [] },
  { part: 'interests', weight: 20, fields: ['interests'] },
  { part: 'story', weight: 20, fields: ['story'] },
  { part: 'place', weight: 10, fields: ['placeId'] },
  { part: 'languages', weight: 10, fields: ['nativeLanguage', 'otherLanguages'] },
  { part: 'lookingFor', weight: 10, fields: ['lookingFor'] },
  { part: 'more', weight: 10, fields: [] },
] as const satisfies readonly { part: string; weight: number; fields: readonly ProfileFieldName[] }[];

export type CompletionPart = (typeof COMPLETION_PARTS)[number]['part'];

const NAMED: ReadonlySet<ProfileFieldName> = new Set(COMPLETION_PARTS.flatMap((p) => [...p.fields]));
/**
 * Every other field that counts ("more about you"), each an equal share of that part; not the name, which
 * every member has.
 */
export const COMPLETION_MORE_FIELDS: readonly ProfileFieldName[] = COMPLETION_FIELD_NAMES.filter(
  (name) => !NAMED.has(name) && name !== 'name',
);

/** How much of each part is there, from 0 to 1 (the fields of a part: any one of them counts). */
function partsFilled(profile: CompletionInput): Record<CompletionPart, number> {
  const any = (fields: readonly ProfileFieldName[]) => (fields.some((f) => isFilled(profile[f])) ? 1 : 0);
  return {
    photo: profile.hasPhoto ? 1 : 0,
    interests: any(['interests']),
    story: any(['story']),
    place: any(['placeId']),
    languages: any(['nativeLanguage', 'otherLanguages']),
    lookingFor: any(['lookingFor']),
    more: COMPLETION_MORE_FIELDS.filter((f) => isFilled(profile[f])).length / COMPLETION_MORE_FIELDS.length,
  };
}

/** The weighted share of the profile that is filled in, in whole percent (COMPLETION_PARTS). */
export function profileCompletion(profile: CompletionInput): number {
  const filled = partsFilled(profile);
  return Math.round(COMPLETION_PARTS.reduce((sum, p) => sum + p.weight * filled[p.part], 0));
}

/** A step that would raise the completion: the part, the points it would add, and where it is edited. */
export interface CompletionStep {
  part: CompletionPart;
  gain: number;
  /** The section of the profile (or of the settings' basic information) where it is filled in. */
  section: ProfileSection | 'photo';
}

/** The sections of "more about you", in the order the profile shows them. */
const MORE_SECTIONS: readonly ProfileSection[] = [
  'personality',
  'skills',
  'preferences',
  'values',
  'identifiers',
  'relationship',
  'fitness',
  'basic',
];

/** The section a part is filled in: for "more", the first section that still has an empty field. */
function sectionOf(part: CompletionPart, profile: CompletionInput): CompletionStep['section'] {
  switch (part) {
    case 'photo':
      return 'photo';
    case 'interests':
      return 'interests';
    case 'story':
      return 'story';
    case 'place':
    case 'languages':
      return 'basic';
    case 'lookingFor':
      return 'relationship';
    case 'more':
      return (
        MORE_SECTIONS.find((section) =>
          (Object.keys(profileSections[section].shape) as ProfileFieldName[]).some(
            (f) => COMPLETION_MORE_FIELDS.includes(f) && !isFilled(profile[f]),
          ),
        ) ?? 'personality'
      );
  }
}

/**
 * The next `count` steps that would raise the completion most (issue 30.8): each part not complete, with
 * what completing it adds, largest first, ties in the order of COMPLETION_PARTS.
 */
export function nextCompletionSteps(profile: CompletionInput, count = 2): CompletionStep[] {
  const filled = partsFilled(profile);
  return COMPLETION_PARTS.flatMap((p) => {
    const gain = Math.round(p.weight * (1 - filled[p.part]));
    return gain > 0 ? [{ part: p.part, gain, section: sectionOf(p.part, profile) }] : [];
  })
    .sort((a, b) => b.gain - a.gain)
    .slice(0, count);
}
