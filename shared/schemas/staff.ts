import { z } from 'zod';
import { FIELD_MESSAGES, STAFF_MESSAGES, STAFF_TEXTS } from '../messages.ts';
import { NewPasswordSchema } from './admin-auth.ts';

/** A person to invite: the name staff will see, and the address the one-time link goes to. */
export const InvitationSchema = z.object({
  name: z.string().trim().min(1, FIELD_MESSAGES.required(STAFF_TEXTS.inviteName)).max(100, FIELD_MESSAGES.tooLong(STAFF_TEXTS.inviteName, 100)),
  email: z.string().trim().max(254, FIELD_MESSAGES.tooLong(STAFF_TEXTS.inviteEmail, 254)).pipe(z.email(FIELD_MESSAGES.email)),
});

/** The invitee's chosen password, under the same rules as every staff password. */
export const AcceptInvitationSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: NewPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: STAFF_MESSAGES.passwordsDiffer });
