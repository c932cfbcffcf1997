import type { Kysely } from 'kysely';

/**
 * The site settings (company details, social links, the home stats) as one JSON document under a key, so a new
 * setting needs no migration. No row means the defaults in code; a save writes the row and bumps the content
 * version in one transaction, so every instance's page cache renders the pages again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_settings').execute();
}
