import {
  changeEmailSchema,
  changePasswordFormSchema,
  deleteAccountSchema,
  notificationSettingsChangeSchema,
  privacySettingsSchema,
} from '@amiko/core';
import {
  changePassword,
  deleteAccount,
  notificationSettings,
  requestEmailChange,
  setNotificationSettings,
} from '../services/account-settings.ts';
import { privacySettings, setPrivacySettings } from '../services/activity.ts';
import { requestDataExport } from '../services/data-export.ts';
import { router, verifiedProcedure } from '../trpc.ts';

/** Settings → Change Password, Notifications and Account Management. */
export const accountRouter = router({
  changePassword: verifiedProcedure
    .input(changePasswordFormSchema)
    .mutation(({ ctx, input }) => changePassword(ctx, input)),
  /** Mails a verification link to the new address; the address changes when it is used. */
  changeEmail: verifiedProcedure
    .input(changeEmailSchema)
    .mutation(({ ctx, input }) => requestEmailChange(ctx, input)),
  /** Whether notifications about new messages show the text (off until the member turns it on). */
  notifications: verifiedProcedure.query(({ ctx }) => notificationSettings(ctx.deps, ctx.member.id)),
  setNotifications: verifiedProcedure
    .input(notificationSettingsChangeSchema)
    .mutation(({ ctx, input }) => setNotificationSettings(ctx.deps, ctx.member.id, input)),
  /** Settings → Privacy: "Show when I'm active" (services/activity.ts). */
  privacy: verifiedProcedure.query(({ ctx }) => privacySettings(ctx.deps, ctx.member.id)),
  setPrivacy: verifiedProcedure
    .input(privacySettingsSchema)
    .mutation(({ ctx, input }) => setPrivacySettings(ctx.deps, ctx.member.id, input)),
  /** "Download my data": prepared in the background, mailed as a link (services/data-export.ts). */
  requestDataExport: verifiedProcedure.mutation(({ ctx }) => requestDataExport(ctx.deps, ctx.member.id)),
  delete: verifiedProcedure
    .input(deleteAccountSchema)
    .mutation(({ ctx, input }) => deleteAccount(ctx, input.password)),
});
