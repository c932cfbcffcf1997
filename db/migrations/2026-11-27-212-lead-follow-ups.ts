import type { Kysely } from 'kysely';

/**
 * Follow-ups (docs/product.md#lead-work): the day a lead should be followed up (a calendar date in the company's
 * time zone) and an optional note; whether a person asked for the morning e-mail of their follow-ups due, and the
 * days it was sent to them, so each gets one a day however many instances run.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['quotes', 'contacts']) {
    await db.schema.alterTable(table).addColumn('follow_up_on', 'varchar(10)').execute();
    await db.schema.alterTable(table).addColumn('follow_up_note', 'varchar(500)').execute();
    await db.schema.createIndex(`${table}_follow_up_on`).on(table).column('follow_up_on').execute();
  }
  await db.schema
    .alterTable('users')
    .addColumn('follow_up_email', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('follow_up_emails_sent')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('follow_up_emails_sent_pk', ['day', 'user_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('follow_up_emails_sent').execute();
  await db.schema.alterTable('users').dropColumn('follow_up_email').execute();
  for (const table of ['quotes', 'contacts']) {
    await db.schema.dropIndex(`${table}_follow_up_on`).execute();
    await db.schema.alterTable(table).dropColumn('follow_up_note').execute();
    await db.schema.alterTable(table).dropColumn('follow_up_on').execute();
  }
}
