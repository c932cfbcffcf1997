import { randomUUID } from 'node:crypto';
import { ASSIGNMENT_KINDS, type AssignmentKind, type LeadNote, type LeadStatus } from '../../shared/admin.ts';
import type { Db } from '../database.ts';

const isAssignmentKind = (value: string | null): value is AssignmentKind =>
  (ASSIGNMENT_KINDS as readonly (string | null)[]).includes(value);

/** One line of a lead's history: a note, or (with an empty body) a status change or an assignment. */
export interface NewLeadNote {
  body?: string;
  change?: { from: string; to: string };
  /** The assignee's name as it is now. */
  assignment?: { kind: AssignmentKind; assignee: string };
  /** When it happened (ISO); now unless told. */
  at?: string;
}

/**
 * Adds a line to a lead's history, by `by` (their account, and their address kept for when it is gone). Notes and
 * status changes are only ever added: the history is what staff wrote and did, when, as they did it.
 */
export async function insertLeadNote(
  db: Db,
  lead: { type: string; id: string },
  by: { userId: string | null; email: string | null },
  note: NewLeadNote,
): Promise<void> {
  await db
    .insertInto('lead_notes')
    .values({
      id: randomUUID(),
      lead_type: lead.type,
      lead_id: lead.id,
      author_id: by.userId,
      author: by.email,
      body: note.body ?? '',
      status_from: note.change?.from ?? null,
      status_to: note.change?.to ?? null,
      assignment: note.assignment?.kind ?? null,
      assignee: note.assignment?.assignee ?? null,
      created_at: note.at ?? new Date().toISOString(),
    })
    .execute();
}

/**
 * The notes of some leads of one type, oldest first, each with the lead it belongs to. The author reads as the
 * staff member's current name while the account exists, else as the address stored when the note was written.
 */
export async function listLeadNotes(db: Db, leadType: string, leadIds: readonly string[]): Promise<Array<LeadNote & { leadId: string }>> {
  if (!leadIds.length) return [];
  const rows = await db
    .selectFrom('lead_notes')
    .leftJoin('users', 'users.id', 'lead_notes.author_id')
    .select((eb) => [
      'lead_notes.id',
      'lead_notes.lead_id',
      eb.fn.coalesce('users.name', 'lead_notes.author').as('author'),
      'lead_notes.body',
      'lead_notes.status_from',
      'lead_notes.status_to',
      'lead_notes.assignment',
      'lead_notes.assignee',
      'lead_notes.created_at',
    ])
    .where('lead_notes.lead_type', '=', leadType)
    .where('lead_notes.lead_id', 'in', leadIds)
    .orderBy('lead_notes.created_at')
    .orderBy('lead_notes.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    leadId: r.lead_id,
    author: r.author,
    body: r.body,
    change: r.status_from && r.status_to ? { from: r.status_from as LeadStatus, to: r.status_to as LeadStatus } : null,
    assignment: isAssignmentKind(r.assignment) && r.assignee !== null ? { kind: r.assignment, assignee: r.assignee } : null,
    createdAt: r.created_at,
  }));
}
