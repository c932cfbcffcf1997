import type { Kysely } from 'kysely';

/**
 * How a lead ended (docs/product.md#lead-work): a won lead's value in whole Australian dollars, a lost lead's
 * reason from a short list. Both null while the lead is open.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['quotes', 'contacts']) {
    await db.schema.alterTable(table).addColumn('won_value', 'integer').execute();
    await db.schema.alterTable(table).addColumn('lost_reason', 'varchar(40)').execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['quotes', 'contacts']) {
    await db.schema.alterTable(table).dropColumn('lost_reason').execute();
    await db.schema.alterTable(table).dropColumn('won_value').execute();
  }
}
