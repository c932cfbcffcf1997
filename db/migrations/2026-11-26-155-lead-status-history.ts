import type { Kysely } from 'kysely';

/**
 * A lead's history holds its status changes beside staff's notes (docs/product.md#leads-inbox): a row with the
 * status before and after, who made the change and when, and an empty body. Notes leave both empty.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lead_notes').addColumn('status_from', 'varchar(20)').execute();
  await db.schema.alterTable('lead_notes').addColumn('status_to', 'varchar(20)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lead_notes').dropColumn('status_to').execute();
  await db.schema.alterTable('lead_notes').dropColumn('status_from').execute();
}
