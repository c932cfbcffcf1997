import { MESSAGES } from './messages.ts';

/** Texts of the admin area that SPEC.md does not fix; the sign-in failure text is SPEC.md's own. */
export const ADMIN_MESSAGES = {
  loginFailed: MESSAGES.loginFailed,
  loginThrottled: (minutes: number) => `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`,
  totpInvalid: 'That code is not valid. Enter the 6-digit code from your authenticator app, or a recovery code.',
  totpExpired: 'Your sign-in took too long. Please enter your email and password again.',
  signInRequired: 'Please sign in.',
  csrfInvalid: 'Your session has changed. Reload the page and try again.',
  crossOrigin: 'Cross-origin requests are not allowed.',
  twoFactorRequired: 'Set up two-factor sign-in before you continue.',
  passwordChanged: 'Your password has been changed. Other sessions were signed out.',
  passwordWrong: 'Your current password is not correct.',
  passwordTooShort: 'Use at least 12 characters.',
  passwordsDiffer: 'The new passwords do not match.',
  sessionsEnded: 'Every other session has been signed out.',
  twoFactorEnabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  saved: 'Saved.',
  leadNotFound: 'This lead no longer exists.',
  statusNotAllowed: 'That status change is not allowed.',
} as const;
