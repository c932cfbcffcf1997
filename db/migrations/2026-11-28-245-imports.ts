import type { Kysely } from 'kysely';

/**
 * Moving a site in (docs/product.md#import): each import with its state, progress and report (`imports`), and
 * what each one brought in by its id in the old site (`imported_items`), so the same file imported again adds
 * nothing. A post or page deleted later takes its record with it: imported again, it comes back.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_by', 'varchar(36)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('imports_created').on('imports').columns(['created_at']).execute();
  await db.schema
    .createTable('imported_items')
    .addColumn('source', 'varchar(300)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('target', 'varchar(10)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(60)', (c) => c.notNull())
    .addColumn('import_id', 'varchar(36)', (c) => c.notNull())
    .addPrimaryKeyConstraint('imported_items_pk', ['source', 'source_id'])
    .execute();
  await db.schema.createIndex('imported_items_target').on('imported_items').columns(['target_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('imported_items').execute();
  await db.schema.dropTable('imports').execute();
}
