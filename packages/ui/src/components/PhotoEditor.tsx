import { PHOTO_MAX_BYTES, PHOTO_MIME_TYPES, type PhotoCrop } from '@amiko/core';
import { Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCrop, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../errors.ts';
import { usePlatform } from '../platform.tsx';
import { trpc } from '../trpc.ts';
import { uploadPhoto, UploadError, type UploadedPhoto } from '../uploads.ts';
import { MemberAvatar } from './MemberAvatar.tsx';
import { PhotoCropper } from './PhotoCropper.tsx';

type Editing = { kind: 'upload'; file: File; url: string } | { kind: 'recrop'; url: string };

/** True when the browser can decode the image at `url` into something with a size. */
async function isReadableImage(url: string): Promise<boolean> {
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
    return image.naturalWidth > 0 && image.naturalHeight > 0;
  } catch {
    return false;
  }
}

/**
 * The profile picture: shows the avatar, takes a new JPEG, PNG or WebP, lets the member crop it in the
 * browser, and uploads it with a progress bar; "Adjust crop" crops the stored photo again.
 */
export function PhotoEditor(props: {
  photoUrl: string | null;
  avatarUrl: string | null;
  onSaved: (photo: UploadedPhoto) => void;
  /** A message from the surrounding form (e.g. 'Profile picture is required.'). */
  error?: string | null;
}) {
  const { t, i18n } = useTranslation(['common', 'profile']);
  const platform = usePlatform();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const recrop = trpc.profile.recropPhoto.useMutation();

  // The object URL of a chosen file lives as long as the cropper shows it.
  useEffect(() => {
    const url = editing?.kind === 'upload' ? editing.url : null;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [editing]);

  const open = (next: Editing) => {
    setError(null);
    setProgress(null);
    setEditing(next);
  };

  const choose = async (file: File | null) => {
    if (!file) return;
    // The server judges the file by its content; these checks only save a pointless upload.
    if (!(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) {
      setError(t('profile:errors.photoType'));
      return;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      setError(t('profile:errors.photoTooLarge'));
      return;
    }
    const url = URL.createObjectURL(file);
    // A file named .jpg that is no image (or a broken one) would give a black crop box and a Save that
    // never enables: say so before the cropper opens.
    if (!(await isReadableImage(url))) {
      URL.revokeObjectURL(url);
      setError(t('profile:errors.photoUnreadable'));
      return;
    }
    open({ kind: 'upload', file, url });
  };

  const save = async (crop: PhotoCrop) => {
    if (!editing) return;
    setError(null);
    try {
      let saved: UploadedPhoto;
      if (editing.kind === 'upload') {
        setProgress(0);
        saved = await uploadPhoto(platform.apiBaseUrl, editing.file, crop, setProgress);
      } else {
        saved = await recrop.mutateAsync({ crop });
      }
      setEditing(null);
      props.onSaved(saved);
    } catch (caught) {
      setError(i18n.t(caught instanceof UploadError ? caught.key : errorKey(caught)));
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null || recrop.isPending;
  const shownError = editing ? null : (error ?? props.error ?? null);
  return (
    <Stack gap="sm" align="flex-start">
      <MemberAvatar src={props.avatarUrl} size={120} radius={120} alt={t('profile:photo.current')} />
      <Group gap="sm">
        <FileButton
          onChange={(file) => void choose(file)}
          accept={PHOTO_MIME_TYPES.join(',')}
          inputProps={{ 'aria-label': t('profile:photo.choose') }}
        >
          {(button) => (
            <Button {...button} leftSection={<IconUpload size={16} aria-hidden="true" />}>
              {props.photoUrl ? t('profile:photo.change') : t('profile:photo.upload')}
            </Button>
          )}
        </FileButton>
        {props.photoUrl && (
          <Button
            variant="default"
            leftSection={<IconCrop size={16} aria-hidden="true" />}
            onClick={() => open({ kind: 'recrop', url: props.photoUrl! })}
          >
            {t('profile:photo.adjust')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('profile:photo.hint')}
      </Text>
      {shownError && (
        <Text c="red.8" size="sm" role="alert" data-testid="photo-error">
          {shownError}
        </Text>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => !busy && setEditing(null)}
        title={t('profile:photo.cropTitle')}
        centered
        size="lg"
      >
        {editing && (
          // Mounted anew for each photo: the crop starts centred and unzoomed.
          <PhotoCropper
            key={editing.url}
            url={editing.url}
            progress={progress}
            busy={busy}
            error={error}
            onCancel={() => setEditing(null)}
            onSave={(crop) => void save(crop)}
          />
        )}
      </Modal>
    </Stack>
  );
}
