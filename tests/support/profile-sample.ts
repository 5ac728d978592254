import {
  CATALOGS,
  PROFILE_SECTIONS,
  profileFieldSpecs,
  profileSections,
  type ProfileFieldName,
  type ProfileFields,
  type ProfileFieldSpec,
  type ProfileSection,
} from '@amiko/core';
import { ONBOARDED_STORY } from './members.ts';

// A valid, non-empty value for every profile field, made from core's field specs: a field added to a section
// with one of the helpers (one, pick, text, textarea, levels, month, flag) gets a sample here without anyone
// writing it, so the tests that save, show, export and upgrade every field cover it from the start.

/** The fields whose schemas are written out by hand (no kind to make a sample from): their samples. */
const HAND_WRITTEN: Partial<ProfileFields> = {
  name: 'Sample Member',
  phone: '+49 30 1234567',
  birthday: '1990-05-17',
  story: ONBOARDED_STORY,
};

function sampleFor(spec: ProfileFieldSpec): unknown {
  switch (spec.kind) {
    case 'select':
      return CATALOGS[spec.catalog].at(-1);
    case 'multi':
      return CATALOGS[spec.catalog].slice(0, 2);
    case 'text':
      return `Sample ${spec.name}`;
    case 'textarea':
      return `Sample ${spec.name},\nover two lines`;
    case 'levels':
      return { [CATALOGS[spec.keys][0]]: CATALOGS[spec.levels].at(-1) };
    case 'month':
      return '2026-01';
    case 'switch':
      return true;
    case 'place':
      // Munich: a place of the gazetteer, named Munich / München.
      return 2867714;
  }
}

/**
 * One section's sample values; throws for a field nobody can make one for (a schema written out by hand:
 * give it a sample in HAND_WRITTEN).
 */
export function sampleSection(section: ProfileSection): Record<string, unknown> {
  const specs = new Map(profileFieldSpecs(section).map((spec) => [spec.name, spec]));
  return Object.fromEntries(
    Object.keys(profileSections[section].shape).map((name) => {
      const spec = specs.get(name as ProfileFieldName);
      const value = spec ? sampleFor(spec) : HAND_WRITTEN[name as ProfileFieldName];
      if (value === undefined) {
        throw new Error(
          `no sample value for the profile field ${name}: make it with one of the field helpers of ` +
            `packages/core/src/schemas/profile.ts, or add its sample to HAND_WRITTEN in tests/support/profile-sample.ts`,
        );
      }
      return [name, value];
    }),
  );
}

/** Every profile field's sample, as the member's row holds it. */
export function sampleProfile(): ProfileFields {
  return Object.assign({}, ...PROFILE_SECTIONS.map(sampleSection)) as ProfileFields;
}
