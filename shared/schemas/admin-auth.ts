import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../admin.ts';
import { ADMIN_MESSAGES } from '../admin-texts.ts';

/**
 * docs/product.md#admin-sign-in: email and password are required; their format is never hinted at (the failure
 * text is one).
 */
export const LoginSchema = z.object({
  email: z.string().trim().min(1, ADMIN_MESSAGES.emailRequired).max(254),
  password: z.string().min(1, ADMIN_MESSAGES.passwordRequired).max(1024),
  next: z.string().max(2000).optional(),
  /** A solved proof of work, asked for only while sign-in failures spike (server/staff/sign-in-proof.ts). */
  proof: z.string().max(8000).optional(),
});
export type Login = z.infer<typeof LoginSchema>;

export const TotpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(6, ADMIN_MESSAGES.codeRequired)
    .max(32)
    .transform((c) => c.replace(/[\s-]/g, '')),
  next: z.string().max(2000).optional(),
});

export const NewPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH, ADMIN_MESSAGES.passwordTooShort).max(1024);

export const PasswordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, ADMIN_MESSAGES.currentPasswordRequired),
    newPassword: NewPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: ADMIN_MESSAGES.passwordsDiffer });
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

/**
 * The password given again with a request that adds a way to sign in (a passkey, an authenticator app); needed
 * unless the session proved who is using it a moment ago (server/staff/recent-password.ts).
 */
export const RecentPasswordSchema = z.object({ password: z.string().max(1024).optional() });

export const TotpEnableSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, ADMIN_MESSAGES.codeRequired),
});
