import type { PhotoCrop } from '@amiko/core';
import { Box, Button, Group, Progress, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';

const toCrop = (area: Area): PhotoCrop => ({
  x: Math.max(0, Math.round(area.x)),
  y: Math.max(0, Math.round(area.y)),
  width: Math.max(1, Math.round(area.width)),
  height: Math.max(1, Math.round(area.height)),
});

/**
 * The crop step of a photo (a new one or the stored one again): a round crop the member drags and zooms,
 * the upload's progress, and Save, which hands the crop in the image's pixels to `onSave`.
 */
export function PhotoCropper(props: {
  url: string;
  /** The upload's progress from 0 to 1, or null when nothing is being uploaded. */
  progress: number | null;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: (crop: PhotoCrop) => void;
}) {
  const { t } = useTranslation(['common', 'profile']);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  return (
    <Stack>
      <Box pos="relative" h={320} bg="dark.7" style={{ borderRadius: 8, overflow: 'hidden' }}>
        <Cropper
          image={props.url}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          cropperProps={{ 'aria-label': t('profile:photo.cropArea') } as never}
        />
      </Box>
      <Text size="sm" c="dimmed">
        {t('profile:photo.cropHint')}
      </Text>
      <Slider
        value={zoom}
        min={1}
        max={3}
        step={0.05}
        onChange={setZoom}
        label={null}
        thumbLabel={t('profile:photo.zoom')}
        aria-label={t('profile:photo.zoom')}
      />
      {props.progress !== null && (
        <Progress
          value={Math.round(props.progress * 100)}
          animated
          aria-label={t('profile:photo.uploading')}
          data-testid="upload-progress"
        />
      )}
      {props.error && (
        <Text c="red.8" size="sm" role="alert" data-testid="photo-error">
          {props.error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel} disabled={props.busy}>
          {t('cancel')}
        </Button>
        <Button onClick={() => area && props.onSave(toCrop(area))} loading={props.busy} disabled={!area}>
          {t('profile:photo.save')}
        </Button>
      </Group>
    </Stack>
  );
}
