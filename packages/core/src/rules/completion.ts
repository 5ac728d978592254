import { COMPLETION_FIELD_NAMES, type ProfileFieldName } from '../schemas/profile.ts';

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

/** The share of profile fields that are filled in, the photo counting as one field, in whole percent. */
export function profileCompletion(profile: CompletionInput): number {
  const total = COMPLETION_FIELD_NAMES.length + 1;
  const filled =
    COMPLETION_FIELD_NAMES.filter((name) => isFilled(profile[name])).length + (profile.hasPhoto ? 1 : 0);
  return Math.round((filled / total) * 100);
}
