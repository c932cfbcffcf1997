import { LEAD_WORK_MESSAGES } from '../lead-work-messages.ts';
import { LEAD_WORK_TEXT } from '../lead-work-texts.ts';
import { z } from 'zod';
import {
  LEAD_STATUSES,
  LEAD_STATUS_FILTERS,
  LEAD_TYPES,
  LOST_REASONS,
  NOTE_MAX_LENGTH,
  WON_VALUE_MAX,
  type LeadFilterQuery,
} from '../admin.ts';
import { formatWholeNumber } from '../numbers.ts';
import { INBOX_MESSAGES } from '../admin-texts.ts';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The inbox filter as the query string carries it; a value that is not valid is ignored ("any"). */
const LeadFilterSchema = z.object({
  type: z.enum(LEAD_TYPES).optional().catch(undefined),
  status: z.enum(LEAD_STATUS_FILTERS).optional().catch(undefined),
  service: z.string().max(40).optional().catch(undefined),
  from: date.optional().catch(undefined),
  to: date.optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  assignee: z.string().max(40).optional().catch(undefined),
  cursor: z.string().max(200).optional().catch(undefined),
});

/** Reads the inbox filter (and page cursor) from a parsed query string; empty fields mean "any". */
export function parseLeadFilter(query: Record<string, unknown>): LeadFilterQuery {
  const present = Object.fromEntries(Object.entries(query).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));
  const parsed = LeadFilterSchema.parse(present);
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined && v !== '')) as LeadFilterQuery;
}

/** A status change; "Won" takes its value in whole AUD, "Lost" an optional reason (docs/product.md#lead-work). */
export const LeadUpdateSchema = z
  .object({
    status: z.enum(LEAD_STATUSES).optional(),
    value: z.coerce
      .number({ error: LEAD_WORK_TEXT.valueRequired })
      .int(LEAD_WORK_TEXT.valueRequired)
      .min(1, LEAD_WORK_TEXT.valueRequired)
      .max(WON_VALUE_MAX, LEAD_WORK_MESSAGES.valueTooLarge(formatWholeNumber(WON_VALUE_MAX)))
      .optional(),
    lostReason: z.enum(LOST_REASONS).optional(),
  })
  .refine((u) => u.status !== 'won' || u.value !== undefined, { path: ['value'], message: LEAD_WORK_TEXT.valueRequired });
export type LeadUpdate = z.infer<typeof LeadUpdateSchema>;

/** A note added to a lead's history. */
export const LeadNoteSchema = z.object({
  body: z
    .string({ error: INBOX_MESSAGES.noteRequired })
    .trim()
    .min(1, INBOX_MESSAGES.noteRequired)
    .max(NOTE_MAX_LENGTH, INBOX_MESSAGES.noteTooLong(NOTE_MAX_LENGTH)),
});
