import { z } from 'zod';
import { newPasswordSchema } from './auth.ts';

/** A code from a mailed link (/auth-action?code=…); its shape is checked when it is looked up. */
const actionCode = z.string().trim().max(100);

export const verifyEmailSchema = z.object({ code: actionCode });

/** The reset form as the server takes it: the code from the link and the new password. */
export const resetPasswordSchema = z.object({ code: actionCode, password: newPasswordSchema });

/** Settings → Notifications: whether notifications about new messages show the text (off by default). */
export const notificationSettingsSchema = z.object({ showMessageText: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
