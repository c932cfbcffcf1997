import type { Kysely } from 'kysely';

/**
 * Saved replies (docs/product.md#lead-work): named messages staff reuse in the Reply form, with placeholders
 * filled from the lead. Shared by everyone who may reply; names are unique.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saved_replies')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(40)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_replies').execute();
}
