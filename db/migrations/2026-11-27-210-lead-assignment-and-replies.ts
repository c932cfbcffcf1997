import type { Kysely } from 'kysely';

/**
 * Sales work each lead to the end (docs/product.md#lead-work): a lead has one assignee (a staff account's id,
 * null while nobody owns it); its history records each assignment with the assignee's name as it was; and the
 * replies staff send from the lead's page are kept with the outbox row that delivers them and the Message-ID
 * the next reply threads under.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['quotes', 'contacts']) {
    await db.schema.alterTable(table).addColumn('assigned_to', 'varchar(40)').execute();
    await db.schema.createIndex(`${table}_assigned_to`).on(table).columns(['assigned_to', 'created_at']).execute();
  }
  // `assigned`, `unassigned`, or `released` (the assignee was deactivated); null for notes and status changes.
  await db.schema.alterTable('lead_notes').addColumn('assignment', 'varchar(20)').execute();
  await db.schema.alterTable('lead_notes').addColumn('assignee', 'varchar(200)').execute();
  await db.schema
    .createTable('lead_replies')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('lead_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('lead_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('author_id', 'varchar(40)')
    .addColumn('author', 'varchar(320)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('message_id', 'varchar(300)', (c) => c.notNull())
    .addColumn('outbox_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_replies_lead').on('lead_replies').columns(['lead_type', 'lead_id', 'created_at']).execute();
  await db.schema.createIndex('lead_replies_author').on('lead_replies').columns(['author_id', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_replies').execute();
  await db.schema.alterTable('lead_notes').dropColumn('assignee').execute();
  await db.schema.alterTable('lead_notes').dropColumn('assignment').execute();
  for (const table of ['quotes', 'contacts']) {
    await db.schema.dropIndex(`${table}_assigned_to`).execute();
    await db.schema.alterTable(table).dropColumn('assigned_to').execute();
  }
}
