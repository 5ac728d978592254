import { readFile } from 'node:fs/promises';
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, type PhotoCrop } from '@amiko/core';
import type { Member } from '@amiko/db';
import { and, eq, isNull } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import type { Deps } from '../context.ts';
import { appError } from '../errors.ts';
import { findMember } from './accounts.ts';
import { photoDecodes } from './photo-decoding.ts';
import { avatarUrl, photoUrl } from './views.ts';

// Member photos (SPEC §2 photo editing). An upload is judged by its content, never its name or declared
// type; both the photo and its crop are decoded and encoded again by sharp (turned upright, scaled, every
// metadata block including EXIF and GPS dropped) and stored under new random names.

/** The stored photo is scaled to fit this square; the crop (the avatar) is exactly this size. */
export const PHOTO_STORED_SIZE = 2048;
export const AVATAR_SIZE = 512;
const WEBP_QUALITY = 85;

/** The image type by its first bytes: JPEG, PNG or WebP, else null. */
export function sniffImageType(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  const starts = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  // "RIFF" <size> "WEBP"
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

const decoder = (bytes: Uint8Array) =>
  // limitInputPixels refuses decompression bombs before any pixel is decoded.
  sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' });

/** The size of the image as shown, i.e. after its EXIF orientation is applied; refuses what is not ours to read. */
async function uprightSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  if (bytes.length > PHOTO_MAX_BYTES) throw appError('VALIDATION', 'profile:errors.photoTooLarge');
  const type = sniffImageType(bytes);
  if (!type) throw appError('VALIDATION', 'profile:errors.photoType');
  let metadata: Metadata;
  try {
    metadata = await decoder(bytes).metadata();
  } catch (error) {
    throw refusalOf(error);
  }
  if (metadata.format !== type) throw appError('VALIDATION', 'profile:errors.photoType');
  return metadata.autoOrient;
}

function refusalOf(error: unknown) {
  const message = error instanceof Error ? error.message : '';
  return /pixel limit/i.test(message)
    ? appError('VALIDATION', 'profile:errors.photoTooManyPixels')
    : appError('VALIDATION', 'profile:errors.photoUnreadable');
}

/** The crop inside the image; the centred square when none is given. */
export function fitCrop(crop: PhotoCrop | null, size: { width: number; height: number }): PhotoCrop {
  if (!crop) {
    const side = Math.min(size.width, size.height);
    return {
      x: Math.floor((size.width - side) / 2),
      y: Math.floor((size.height - side) / 2),
      width: side,
      height: side,
    };
  }
  const x = Math.min(crop.x, size.width - 1);
  const y = Math.min(crop.y, size.height - 1);
  return {
    x,
    y,
    width: Math.min(crop.width, size.width - x),
    height: Math.min(crop.height, size.height - y),
  };
}

async function encodeCrop(bytes: Uint8Array, crop: PhotoCrop): Promise<Buffer> {
  return decoder(bytes)
    .autoOrient() // upright first, so the crop is taken from the image as the member saw it
    .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

/** Re-encodes an upload: the upright photo, scaled down, and its crop; both WebP without metadata. */
export async function processPhoto(
  bytes: Uint8Array,
  crop: PhotoCrop | null,
): Promise<{ photo: Buffer; cropped: Buffer }> {
  return photoDecodes.run(() => decodePhoto(bytes, crop));
}

async function decodePhoto(
  bytes: Uint8Array,
  crop: PhotoCrop | null,
): Promise<{ photo: Buffer; cropped: Buffer }> {
  const size = await uprightSize(bytes);
  try {
    const photo = await decoder(bytes)
      .autoOrient()
      .resize(PHOTO_STORED_SIZE, PHOTO_STORED_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    const cropped = await encodeCrop(bytes, fitCrop(crop, size));
    return { photo, cropped };
  } catch (error) {
    throw refusalOf(error);
  }
}

export function photoView(member: Pick<Member, 'photoKey' | 'croppedPhotoKey'>) {
  return {
    photoUrl: photoUrl(member.photoKey),
    croppedPhotoUrl: photoUrl(member.croppedPhotoKey),
    avatarUrl: avatarUrl(member),
  };
}
export type PhotoView = ReturnType<typeof photoView>;

const ATTEMPTS = 5;

/**
 * Stores a new photo and crop for a member and removes the files they replace. The row is only changed if
 * nobody replaced the photo meanwhile (compare and set), so every old file is removed exactly once.
 */
export async function replacePhoto(
  deps: Deps,
  memberId: string,
  bytes: Uint8Array,
  crop: PhotoCrop | null,
): Promise<PhotoView> {
  const { photo, cropped } = await processPhoto(bytes, crop);
  const photoKey = await deps.photos.save(photo, 'webp');
  const croppedPhotoKey = await deps.photos.save(cropped, 'webp');
  try {
    const { row, old } = await compareAndSet(deps, memberId, () => ({ photoKey, croppedPhotoKey }));
    await Promise.all([deps.photos.remove(old.photoKey), deps.photos.remove(old.croppedPhotoKey)]);
    return photoView(row);
  } catch (error) {
    await Promise.all([deps.photos.remove(photoKey), deps.photos.remove(croppedPhotoKey)]);
    throw error;
  }
}

/** Crops the member's stored photo again (photo editing without a new upload). */
export async function recropPhoto(deps: Deps, memberId: string, crop: PhotoCrop): Promise<PhotoView> {
  const member = await findMember(deps, memberId);
  const path = member?.photoKey ? deps.photos.pathOf(member.photoKey) : null;
  if (!member || !path) throw appError('NOT_FOUND', 'profile:errors.photoMissing');
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    throw appError('NOT_FOUND', 'profile:errors.photoMissing');
  }
  const cropped = await photoDecodes.run(async () => {
    const size = await uprightSize(bytes);
    try {
      return await encodeCrop(bytes, fitCrop(crop, size));
    } catch (error) {
      throw refusalOf(error);
    }
  });
  const croppedPhotoKey = await deps.photos.save(cropped, 'webp');
  try {
    const { row, old } = await compareAndSet(deps, memberId, (current) => {
      // The photo itself was replaced meanwhile: this crop belongs to a photo that is gone.
      if (current.photoKey !== member.photoKey) throw appError('CONFLICT', 'profile:errors.photoChanged');
      return { photoKey: current.photoKey, croppedPhotoKey };
    });
    await deps.photos.remove(old.croppedPhotoKey);
    return photoView(row);
  } catch (error) {
    await deps.photos.remove(croppedPhotoKey);
    throw error;
  }
}

type PhotoKeys = Pick<Member, 'photoKey' | 'croppedPhotoKey'>;

async function compareAndSet(
  deps: Deps,
  memberId: string,
  next: (current: PhotoKeys) => PhotoKeys,
): Promise<{ row: Member; old: PhotoKeys }> {
  const { db, t } = deps.database;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const current = await findMember(deps, memberId);
    if (!current) throw appError('NOT_FOUND', 'community:errors.userDocumentMissing');
    const same = (column: typeof t.members.photoKey, value: string | null) =>
      value === null ? isNull(column) : eq(column, value);
    const [row] = await db
      .update(t.members)
      .set(next(current))
      .where(
        and(
          eq(t.members.id, memberId),
          isNull(t.members.deletedAt),
          same(t.members.photoKey, current.photoKey),
          same(t.members.croppedPhotoKey, current.croppedPhotoKey),
        ),
      )
      .returning();
    if (row) {
      deps.directory.apply(row);
      return { row, old: current };
    }
  }
  throw appError('CONFLICT', 'profile:errors.photoChanged');
}
