import { z } from 'zod';
import { newPasswordSchema } from './auth.ts';

/** A code from a mailed link (/auth-action?code=…); its shape is checked when it is looked up. */
const actionCode = z.string().trim().max(100);

export const verifyEmailSchema = z.object({ code: actionCode });

/** The reset form as the server takes it: the code from the link and the new password. */
export const resetPasswordSchema = z.object({ code: actionCode, password: newPasswordSchema });

/** Settings → Notifications: whether notifications about new messages show the text (off by default). */
export const notificationSettingsSchema = z.object({
  showMessageText: z.boolean(),
  /** "Email me about new messages" while the member is away: right away, a daily summary, or never. */
  emailAboutMessages: z.enum(['instant', 'daily', 'never']),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
/** A change of some of the notification settings; the others stay as they are. */
export const notificationSettingsChangeSchema = notificationSettingsSchema.partial();
export type NotificationSettingsChange = z.infer<typeof notificationSettingsChangeSchema>;

/** Settings → Privacy: "Show when I'm active" (on by default; off also hides everyone else's activity). */
export const privacySettingsSchema = z.object({ showActivity: z.boolean() });
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
