import { z } from 'zod';
import { ADMIN_MESSAGES } from '../admin-texts.ts';

/** The one field of an export or erasure request: the e-mail address the person used on the forms. */
export const PrivacyRequestSchema = z.object({
  email: z.string().trim().max(254, ADMIN_MESSAGES.privacyEmailInvalid).pipe(z.email(ADMIN_MESSAGES.privacyEmailInvalid)),
});
export type PrivacyRequest = z.infer<typeof PrivacyRequestSchema>;
