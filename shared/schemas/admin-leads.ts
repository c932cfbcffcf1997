import { z } from 'zod';
import { LEAD_STATUSES, LEAD_STATUS_FILTERS, LEAD_TYPES, NOTE_MAX_LENGTH, type LeadFilterQuery } from '../admin.ts';
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

export const LeadUpdateSchema = z.object({
  status: z.enum(LEAD_STATUSES).optional(),
});
export type LeadUpdate = z.infer<typeof LeadUpdateSchema>;

/** A note added to a lead's history. */
export const LeadNoteSchema = z.object({
  body: z
    .string({ error: INBOX_MESSAGES.noteRequired })
    .trim()
    .min(1, INBOX_MESSAGES.noteRequired)
    .max(NOTE_MAX_LENGTH, INBOX_MESSAGES.noteTooLong(NOTE_MAX_LENGTH)),
});
