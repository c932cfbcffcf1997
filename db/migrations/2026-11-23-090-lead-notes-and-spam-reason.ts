import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Staff notes become a dated, append-only history (`lead_notes`: who wrote what, when) instead of one text
 * column each lead overwrote; each lead's existing notes text moves in as one entry of unknown author.
 * `spam_reason` records why a lead was stored as spam when it arrived (`honeypot`, `too-fast`): such a lead sent
 * no notifications, so releasing it ("not spam") sends them then, and the column is cleared.
 */
const LEAD_TABLES = { quote: 'quotes', contact: 'contacts' } as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lead_notes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('lead_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('lead_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('author_id', 'varchar(36)')
    .addColumn('author', 'varchar(254)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_notes_lead').on('lead_notes').columns(['lead_type', 'lead_id', 'created_at']).execute();

  const now = new Date().toISOString();
  for (const [type, table] of Object.entries(LEAD_TABLES)) {
    const rows: Array<{ id: string; notes: string }> = await db
      .selectFrom(table)
      .select(['id', 'notes'])
      .where('notes', 'is not', null)
      .execute();
    const notes = rows
      .filter((r) => r.notes.trim() !== '')
      .map((r) => ({ id: randomUUID(), lead_type: type, lead_id: r.id, author_id: null, author: null, body: r.notes, created_at: now }));
    // Batches keep each statement under SQLite's bound-parameter limit.
    for (let i = 0; i < notes.length; i += 500)
      await db
        .insertInto('lead_notes')
        .values(notes.slice(i, i + 500))
        .execute();
    await db.schema.alterTable(table).dropColumn('notes').execute();
    await db.schema.alterTable(table).addColumn('spam_reason', 'varchar(20)').execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const [type, table] of Object.entries(LEAD_TABLES)) {
    await db.schema.alterTable(table).dropColumn('spam_reason').execute();
    await db.schema.alterTable(table).addColumn('notes', 'text').execute();
    const notes: Array<{ lead_id: string; body: string }> = await db
      .selectFrom('lead_notes')
      .select(['lead_id', 'body'])
      .where('lead_type', '=', type)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const byLead = new Map<string, string[]>();
    for (const n of notes) byLead.set(n.lead_id, [...(byLead.get(n.lead_id) ?? []), n.body]);
    for (const [id, bodies] of byLead)
      await db
        .updateTable(table)
        .set({ notes: bodies.join('\n\n') })
        .where('id', '=', id)
        .execute();
  }
  await db.schema.dropTable('lead_notes').execute();
}
