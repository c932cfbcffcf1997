import { LEAD_WORK_MESSAGES, PLACEHOLDER_LIST } from '../lead-work-messages.ts';
import { z } from 'zod';
import { FOLLOW_UP_NOTE_MAX } from '../admin.ts';
import { REPLY_BODY_MAX, REPLY_SUBJECT_MAX } from '../lead-work-texts.ts';
import { isCalendarDate } from '../zoned-time.ts';
import { SAVED_REPLY_NAME_MAX, unknownPlaceholders } from '../saved-replies.ts';

/** Who a lead is assigned to: a staff account's id, or null for nobody. */
export const LeadAssignmentSchema = z.object({
  assigneeId: z.string().trim().min(1).max(40).nullable(),
});
export type LeadAssignment = z.infer<typeof LeadAssignmentSchema>;

/** A reply sent to the visitor from the lead's page; `confirmSpam` answers the question a held lead asks first. */
export const LeadReplySchema = z.object({
  subject: z
    .string({ error: LEAD_WORK_MESSAGES.subjectRequired })
    .trim()
    .min(1, LEAD_WORK_MESSAGES.subjectRequired)
    .max(REPLY_SUBJECT_MAX, LEAD_WORK_MESSAGES.subjectTooLong)
    // A line break in a subject would start a header of its own.
    .transform((s) => s.replace(/[\r\n]+/g, ' ')),
  body: z
    .string({ error: LEAD_WORK_MESSAGES.messageRequired })
    .trim()
    .min(1, LEAD_WORK_MESSAGES.messageRequired)
    .max(REPLY_BODY_MAX, LEAD_WORK_MESSAGES.messageTooLong),
  confirmSpam: z.boolean().optional(),
});
export type LeadReplyInput = z.infer<typeof LeadReplySchema>;

/** A lead's follow-up: a calendar date (null clears it) and an optional note. */
export const FollowUpSchema = z.object({
  on: z.string().refine(isCalendarDate, LEAD_WORK_MESSAGES.followUpDateInvalid).nullable(),
  note: z
    .string()
    .trim()
    .max(FOLLOW_UP_NOTE_MAX, LEAD_WORK_MESSAGES.followUpNoteTooLong(FOLLOW_UP_NOTE_MAX))
    .transform((note) => note || null)
    .nullable()
    .default(null),
});
export type FollowUp = z.infer<typeof FollowUpSchema>;

/** The morning follow-ups e-mail turned on or off. */
export const FollowUpEmailSchema = z.object({ enabled: z.boolean() });

/** A saved reply: a name and a message whose placeholders must all be known ("{nmae}" is refused, in words). */
export const SavedReplySchema = z.object({
  name: z
    .string({ error: LEAD_WORK_MESSAGES.savedReplyNameRequired })
    .trim()
    .min(1, LEAD_WORK_MESSAGES.savedReplyNameRequired)
    .max(SAVED_REPLY_NAME_MAX, LEAD_WORK_MESSAGES.savedReplyNameTooLong(SAVED_REPLY_NAME_MAX)),
  body: z
    .string({ error: LEAD_WORK_MESSAGES.messageRequired })
    .trim()
    .min(1, LEAD_WORK_MESSAGES.messageRequired)
    .max(REPLY_BODY_MAX, LEAD_WORK_MESSAGES.messageTooLong)
    .superRefine((body, ctx) => {
      const unknown = unknownPlaceholders(body);
      if (unknown.length) ctx.addIssue({ code: 'custom', message: LEAD_WORK_MESSAGES.unknownPlaceholders(unknown, PLACEHOLDER_LIST) });
    }),
});
export type SavedReplyInput = z.infer<typeof SavedReplySchema>;
