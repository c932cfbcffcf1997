import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages.ts';
import { STAFF_MESSAGES, STAFF_TEXTS } from '../admin-texts.ts';
import { ASSIGNABLE_ROLES, DEFAULT_ROLE } from '../roles.ts';
import { NewPasswordSchema } from './admin-auth.ts';

/** A role staff can give (ownership is handed over, never given); a form without one gets the default. */
const RoleField = z.enum(ASSIGNABLE_ROLES, FIELD_MESSAGES.required(STAFF_TEXTS.role));

/** A person to invite: the name staff will see, and the address the one-time link goes to. */
export const InvitationSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, FIELD_MESSAGES.required(STAFF_TEXTS.inviteName))
    .max(100, FIELD_MESSAGES.tooLong(STAFF_TEXTS.inviteName, 100)),
  email: z.string().trim().max(254, FIELD_MESSAGES.tooLong(STAFF_TEXTS.inviteEmail, 254)).pipe(z.email(FIELD_MESSAGES.email)),
  role: RoleField.default(DEFAULT_ROLE),
});

/** The Owner's sign-in policy, from the Staff page. */
export const SignInPolicySchema = z.object({ twoStepForLeads: z.boolean() });

/** A person's new role, from their staff page. */
export const RoleChangeSchema = z.object({ role: RoleField });

/** The invitee's chosen password, under the same rules as every staff password. */
export const AcceptInvitationSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: NewPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: STAFF_MESSAGES.passwordsDiffer });
