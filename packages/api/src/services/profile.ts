import {
  PROFILE_FIELD_NAMES,
  ageOn,
  profileCompletion,
  type ProfileFieldName,
  type ProfileFields,
  type ProfileSectionSave,
  type UiLanguage,
} from '@amiko/core';
import type { Member } from '@amiko/db';
import { placeById } from '@amiko/places';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { findMember } from './accounts.ts';
import {
  avatarUrl,
  blocksBetween,
  factsOf,
  may,
  NO_BLOCKS,
  notFound,
  photoUrl,
  visibilityOf,
} from './views.ts';
import { activityFor } from './activity.ts';
import { knownPlace, placeLabel } from './places.ts';

// Every profile field is a column of the same name and type (checked here at compile time), so a new field
// of core's profileSections needs nothing in this file.
const _columnsMatchFields: ProfileFields = {} as Pick<Member, ProfileFieldName>;

/** The editable profile fields of a member row, with the stored types. */
export function profileFields(member: Member): ProfileFields {
  return Object.fromEntries(PROFILE_FIELD_NAMES.map((name) => [name, member[name]])) as ProfileFields;
}

/**
 * The member's own place as a place field shows it (issue 33): named in their language, with region and
 * country (the field shows the name alone: which of several towns so named was settled when it was
 * picked); null when they have none.
 */
export function ownPlace(member: Member, language: UiLanguage) {
  const place = member.placeId === null ? null : placeById(member.placeId, language);
  return place
    ? { id: place.id, name: place.name, region: place.region, country: place.country, regionNeeded: false }
    : null;
}

/** The member's own profile as the profile and settings screens edit it. */
export function ownProfileView(member: Member, language: UiLanguage = member.language) {
  return {
    id: member.id,
    email: member.email ?? '',
    ...profileFields(member),
    /** Where they live as others see it: their place's name, else the city they typed before places. */
    city: placeLabel(member, language),
    place: ownPlace(member, language),
    /**
     * Their typed city matched no place and they were not asked yet to pick one: the app asks once, kindly
     * (issue 33.4; markPlaceAsked records it).
     */
    askPlace: member.placeId === null && member.city !== null && member.placeAskedAt === null,
    photoUrl: photoUrl(member.photoKey),
    croppedPhotoUrl: photoUrl(member.croppedPhotoKey),
    avatarUrl: avatarUrl(member),
    completion: profileCompletion({ ...profileFields(member), hasPhoto: member.photoKey !== null }),
  };
}
export type OwnProfile = ReturnType<typeof ownProfileView>;

export async function ownProfile(deps: Deps, memberId: string): Promise<OwnProfile> {
  const member = await findMember(deps, memberId);
  if (!member) throw appError('NOT_FOUND', 'community:errors.userDocumentMissing');
  return ownProfileView(member);
}

/**
 * Saves one section: the given fields are merged into the stored profile, the others stay as they are
 * (SPEC §3). Only the member's own row is ever written, and only profile fields: access flags, email and
 * the like are not part of any section schema.
 */
export async function saveProfileSection(
  deps: Deps,
  memberId: string,
  input: ProfileSectionSave,
): Promise<OwnProfile> {
  const { db, t } = deps.database;
  const values = input.values as Partial<ProfileFields>;
  // Nothing to merge (no field given, or only unknown ones, which the schema drops): the profile stays as
  // it is. An UPDATE without columns is not SQL; the driver would refuse it with a 500.
  if (Object.keys(values).length === 0) return ownProfile(deps, memberId);
  // A place must be one of the gazetteer's; once a member picks one, the city they typed before places is
  // done with (no free-text city stays beside a chosen place, issue 33).
  const place = values.placeId === undefined ? {} : { placeId: knownPlace(values.placeId) };
  const typedCity = values.placeId ? { city: null } : {};
  const [member] = await db
    .update(t.members)
    .set({ ...values, ...place, ...typedCity })
    .where(eq(t.members.id, memberId))
    .returning();
  if (!member || member.deletedAt) throw appError('NOT_FOUND', 'community:errors.userDocumentMissing');
  deps.directory.apply(member);
  return ownProfileView(member);
}

/**
 * What other members see of a profile: everything but contact details, the exact birthday and timezone;
 * where they live as the name of their place in the reader's language (or the city they typed before).
 */
function publicFields(member: Member, language: UiLanguage) {
  const { phone: _phone, birthday, timezone: _timezone, ...fields } = profileFields(member);
  return {
    ...fields,
    city: placeLabel(member, language),
    placeId: member.placeId,
    age: birthday ? ageOn(birthday) : null,
  };
}

/**
 * A member's public profile (/profile-view/{id}) as the viewer sees it: the interests both have, and
 * whether the viewer keeps them as a favourite, for members the viewer may find (visibilityOf); the
 * member's own profile always.
 */
export async function publicProfile(deps: Deps, viewerId: string, memberId: string, language: UiLanguage) {
  const { db, t } = deps.database;
  const isSelf = viewerId === memberId;
  const [member, viewer, between, favorite] = await Promise.all([
    findMember(deps, memberId),
    isSelf ? null : findMember(deps, viewerId),
    isSelf ? NO_BLOCKS : blocksBetween(deps.database, viewerId, memberId),
    db
      .select({ id: t.favorites.favoriteId })
      .from(t.favorites)
      .where(and(eq(t.favorites.memberId, viewerId), eq(t.favorites.favoriteId, memberId))),
  ]);
  const visibility = visibilityOf(factsOf(member), between);
  if (!member || (!isSelf && !may(visibility, 'find'))) throw notFound(visibility);
  const mine = new Set(viewer?.interests ?? []);
  return {
    id: member.id,
    ...publicFields(member, language),
    photoUrl: photoUrl(member.photoKey),
    avatarUrl: avatarUrl(member),
    sharedInterests: member.interests.filter((i) => mine.has(i)),
    isFavorite: favorite.length > 0,
    isSelf,
    /** "Active now/today/this week" or null (older, hidden by either side; never on one's own profile). */
    activity: viewer ? activityFor(member, viewer.showActivity, new Date()) : null,
    /**
     * The viewer's own place and new-in-town answers, for the icebreakers' line about a town both live in
     * (core's townIcebreaker, issue 19.3), named in the viewer's language; null on one's own profile.
     */
    viewerTown: viewer
      ? {
          city: placeLabel(viewer, language),
          placeId: viewer.placeId,
          newInTown: viewer.newInTown,
          welcomesNewcomers: viewer.welcomesNewcomers,
        }
      : null,
  };
}
export type PublicProfile = Awaited<ReturnType<typeof publicProfile>>;
