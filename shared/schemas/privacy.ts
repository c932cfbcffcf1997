import { z } from 'zod';
import { PRIVACY_MESSAGES } from '../privacy.ts';

/** The one field of an export or erasure request: the e-mail address the person used on the forms. */
export const PrivacyRequestSchema = z.object({
  email: z.string().trim().max(254, PRIVACY_MESSAGES.emailInvalid).pipe(z.email(PRIVACY_MESSAGES.emailInvalid)),
});
export type PrivacyRequest = z.infer<typeof PrivacyRequestSchema>;
