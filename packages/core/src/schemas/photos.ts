import { z } from 'zod';

/** A crop of a photo in the pixels of the (auto-oriented) image, as the cropper reports it. */
export const photoCropSchema = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});
export type PhotoCrop = z.output<typeof photoCropSchema>;

/** The image types a member may upload; the server judges the type by the file's content, not its name. */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
