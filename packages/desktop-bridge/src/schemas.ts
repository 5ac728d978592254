// The schemas the main process checks the bridge's messages against (see ./index.ts for the bridge).
import { z } from 'zod';
import type { DesktopNotification } from './index.ts';

/** Far above any real count; bounds what a page can make the badge code draw. */
export const UNREAD_COUNT_MAX = 1_000_000;
export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 1_000;
const PATH_MAX = 2_000;
const URL_MAX = 4_000;

export const unreadCountSchema = z.number().int().min(0).max(UNREAD_COUNT_MAX);

/**
 * A path inside Amiko: starts with exactly one slash (so "//host" cannot leave the origin), no backslash
 * (which browsers read as a slash) and no control characters.
 */
export const appPathSchema = z
  .string()
  .max(PATH_MAX)
  // eslint-disable-next-line no-control-regex
  .regex(/^\/(?![/\\])[^\\\u0000-\u001f\u007f]*$/);

export const desktopNotificationSchema = z.object({
  title: z.string().min(1).max(NOTIFICATION_TITLE_MAX),
  body: z.string().max(NOTIFICATION_BODY_MAX),
  path: appPathSchema.optional(),
}) satisfies z.ZodType<DesktopNotification>;

/** Links that may leave Amiko: the web and mail, nothing that runs or reads files on the member's machine. */
export const EXTERNAL_PROTOCOLS = ['https:', 'http:', 'mailto:'] as const;

export const externalUrlSchema = z
  .string()
  .max(URL_MAX)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    return (EXTERNAL_PROTOCOLS as readonly string[]).includes(new URL(value).protocol);
  });
