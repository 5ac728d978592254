import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { COMMON_ERRORS } from '../errors.ts';
import { emailSchema, uiLanguageSchema } from './common.ts';
import { displayNameSchema } from './names.ts';

/** True when the password has an upper- and a lowercase letter, a digit and a special character. */
export function hasPasswordCharacterClasses(password: string): boolean {
  return (
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{Nd}\s]/u.test(password)
  );
}

/** The whole password rule of SPEC §5: at least 8 characters and every character class. */
export function isStrongPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && hasPasswordCharacterClasses(password);
}

/** A new password: the rules of SPEC §5, checked on both sides. */
export const newPasswordSchema = z
  .string()
  .min(1, { error: 'auth:errors.passwordRequired', abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: 'auth:errors.passwordTooShort', abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: COMMON_ERRORS.tooLong, abort: true })
  .refine(hasPasswordCharacterClasses, 'auth:errors.passwordComplexity');

/** An existing password is only checked for presence: old accounts may predate today's rules. */
export const currentPasswordSchema = z
  .string()
  .min(1, 'auth:errors.passwordRequired')
  .max(PASSWORD_MAX_LENGTH, COMMON_ERRORS.tooLong);

export const signUpSchema = z.object({
  name: displayNameSchema('auth:errors.nameRequired'),
  email: emailSchema,
  password: newPasswordSchema,
  language: uiLanguageSchema.optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
});
export type SignInInput = z.input<typeof signInSchema>;

export const resetPasswordRequestSchema = z.object({ email: emailSchema });

/** The reset form: both fields required and equal (SPEC §5). */
export const resetPasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, 'auth:errors.passwordRequired'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'auth:errors.passwordsDoNotMatch',
    path: ['confirmPassword'],
  });

export const changePasswordFormSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, 'auth:errors.passwordRequired'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'auth:errors.passwordsDoNotMatch',
    path: ['confirmPassword'],
  });

export const changeEmailSchema = z.object({
  password: currentPasswordSchema,
  newEmail: emailSchema,
});

export const deleteAccountSchema = z.object({ password: currentPasswordSchema });
