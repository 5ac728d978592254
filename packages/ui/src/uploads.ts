import { COMMON_ERRORS, type PhotoCrop } from '@amiko/core';
import { asTranslationKey, type TranslationKey } from '@amiko/i18n';

/** What the server answers after a photo upload (POST /uploads). */
export interface UploadedPhoto {
  photoUrl: string | null;
  croppedPhotoUrl: string | null;
  avatarUrl: string | null;
}

/** A refused upload: the i18n key of the reason, as the server sent it. */
export class UploadError extends Error {
  override name = 'UploadError';
  readonly key: TranslationKey;
  constructor(key: TranslationKey) {
    super(key);
    this.key = key;
  }
}

/**
 * Uploads a photo and its crop with XMLHttpRequest, whose upload progress events fetch() does not offer.
 * `onProgress` gets the share sent so far, from 0 to 1. Rejects with an UploadError carrying an i18n key.
 */
export function uploadPhoto(
  apiBaseUrl: string,
  file: Blob,
  crop: PhotoCrop | null,
  onProgress: (share: number) => void,
): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    if (crop) form.set('crop', JSON.stringify(crop));
    form.set('photo', file);
    const request = new XMLHttpRequest();
    request.open('POST', `${apiBaseUrl}/uploads`);
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { error?: { message?: string } } | UploadedPhoto | null;
      if (request.status === 200 && body && !('error' in body)) {
        onProgress(1);
        resolve(body as UploadedPhoto);
        return;
      }
      const message = body && 'error' in body ? body.error?.message : undefined;
      reject(new UploadError((message && asTranslationKey(message)) || 'profile:errors.photoUpload'));
    };
    request.onerror = () => reject(new UploadError('common:errors.network'));
    request.onabort = () => reject(new UploadError(COMMON_ERRORS.unknown));
    request.send(form);
  });
}
