import { z } from 'zod';
import {
  emailInvalidMessage,
  passwordRequiredMessage,
  passwordTooLongMessage,
  passwordTooShortMessage,
} from './messages';

/** Fewest characters a new password may have. */
export const passwordMinLength = 10;

/** Most characters a new password may have; the cap bounds the cost of hashing. */
export const passwordMaxLength = 200;

/** Tells whether a trimmed value is a plausible e-mail address no longer than the 254 characters mail servers accept. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && z.regexes.email.test(value);
}

/** A user's sign-in e-mail, trimmed and lower-cased so an account is found however its address was typed. */
export const accountEmailSchema = z
  .string({ error: emailInvalidMessage })
  .trim()
  .toLowerCase()
  .refine(isEmailAddress, { error: emailInvalidMessage });

/** A password being chosen; never trimmed, because spaces a user typed are part of it. */
export const newPasswordSchema = z
  .string({ error: passwordTooShortMessage })
  .min(passwordMinLength, { error: passwordTooShortMessage })
  .max(passwordMaxLength, { error: passwordTooLongMessage });

const resetTokenInvalidMessage = 'This password reset link is not valid';

const currentPasswordSchema = z
  .string({ error: passwordRequiredMessage })
  .min(1, { error: passwordRequiredMessage });

/** The sign-in form. */
export const signInSchema = z.object({
  email: accountEmailSchema,
  password: currentPasswordSchema,
});

/** Sign-in form values. */
export type SignInInput = z.input<typeof signInSchema>;

/** The request for a password reset e-mail. */
export const passwordResetRequestSchema = z.object({
  email: accountEmailSchema,
});

/** Password reset request values. */
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** Choosing a new password with the token from a reset e-mail. */
export const passwordResetSchema = z.object({
  // Real tokens are long random strings; a short one is a mangled link and need not reach the database.
  token: z.string({ error: resetTokenInvalidMessage }).trim().min(20, { error: resetTokenInvalidMessage }),
  password: newPasswordSchema,
});

/** Password reset values. */
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** A signed-in user changing their password. */
export const passwordChangeSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});

/** Password change values. */
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;
