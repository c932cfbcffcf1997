import type { Kysely } from 'kysely';

/**
 * "Import" reaching another instance than the one holding the dry run's files (docs/product.md#import): the import
 * is then `requested`, with who asked (their account, e-mail address and IP address, as the audit entry names them),
 * until the instance holding the files runs it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('imports').addColumn('requested_by', 'varchar(36)').execute();
  await db.schema.alterTable('imports').addColumn('requested_email', 'varchar(254)').execute();
  await db.schema.alterTable('imports').addColumn('requested_ip', 'varchar(64)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('imports').dropColumn('requested_ip').execute();
  await db.schema.alterTable('imports').dropColumn('requested_email').execute();
  await db.schema.alterTable('imports').dropColumn('requested_by').execute();
}
