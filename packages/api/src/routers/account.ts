import { changeEmailSchema, changePasswordFormSchema, deleteAccountSchema } from '@amiko/core';
import { changePassword, deleteAccount, requestEmailChange } from '../services/account-settings.ts';
import { router, verifiedProcedure } from '../trpc.ts';

/** Settings → Change Password and Account Management. */
export const accountRouter = router({
  changePassword: verifiedProcedure
    .input(changePasswordFormSchema)
    .mutation(({ ctx, input }) => changePassword(ctx, input)),
  /** Mails a verification link to the new address; the address changes when it is used. */
  changeEmail: verifiedProcedure
    .input(changeEmailSchema)
    .mutation(({ ctx, input }) => requestEmailChange(ctx, input)),
  delete: verifiedProcedure
    .input(deleteAccountSchema)
    .mutation(({ ctx, input }) => deleteAccount(ctx, input.password)),
});
