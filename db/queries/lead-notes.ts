import type { LeadNote } from '../../shared/admin.ts';
import type { Db } from '../database.ts';

export interface NewLeadNote {
  id: string;
  leadType: string;
  leadId: string;
  authorId: string | null;
  author: string | null;
  body: string;
  createdAt: string;
}

/** Notes are only ever added: the history is what staff wrote, when, as they wrote it. */
export async function insertLeadNote(db: Db, note: NewLeadNote): Promise<void> {
  await db
    .insertInto('lead_notes')
    .values({
      id: note.id,
      lead_type: note.leadType,
      lead_id: note.leadId,
      author_id: note.authorId,
      author: note.author,
      body: note.body,
      created_at: note.createdAt,
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
    .select(['lead_notes.id', 'lead_notes.lead_id', 'lead_notes.author', 'users.name', 'lead_notes.body', 'lead_notes.created_at'])
    .where('lead_notes.lead_type', '=', leadType)
    .where('lead_notes.lead_id', 'in', leadIds)
    .orderBy('lead_notes.created_at')
    .orderBy('lead_notes.id')
    .execute();
  return rows.map((r) => ({ id: r.id, leadId: r.lead_id, author: r.name ?? r.author, body: r.body, createdAt: r.created_at }));
}
