import type { Member, Schema } from '@amiko/db';

/** Where an uploaded photo is served. */
export function photoUrl(key: string | null): string | null {
  return key ? `/uploads/${key}` : null;
}

/** SPEC §2: the avatar is the cropped photo, else the photo (else the UI's default image). */
export function avatarUrl(member: Pick<Member, 'croppedPhotoKey' | 'photoKey'>): string | null {
  return photoUrl(member.croppedPhotoKey ?? member.photoKey);
}

/** The member columns a card shows (name, age, city, avatar, activity), in the directory and favourites. */
export function cardColumns(t: Schema) {
  return {
    id: t.members.id,
    name: t.members.name,
    birthday: t.members.birthday,
    city: t.members.city,
    photoKey: t.members.photoKey,
    croppedPhotoKey: t.members.croppedPhotoKey,
    lastActiveAt: t.members.lastActiveAt,
    showActivity: t.members.showActivity,
  };
}

/** The signed-in member as the UI's session state sees them. */
export function meView(member: Member) {
  return {
    id: member.id,
    name: member.name,
    email: member.email ?? '',
    emailVerified: member.emailVerified,
    hasPaid: member.hasPaid,
    hasFreeAccess: member.hasFreeAccess,
    language: member.language,
    avatarUrl: avatarUrl(member),
    hasPhoto: member.photoKey !== null,
    interestCount: member.interests.length,
    storyLength: member.story.trim().length,
  };
}
export type MeView = ReturnType<typeof meView>;
