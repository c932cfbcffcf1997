import type { Kysely } from 'kysely';

/**
 * The funnel counts people, not page loads (docs/product.md#analytics): `analytics_visit_events` says which funnel
 * steps each visitor of the day reached (kept for the day only, like `analytics_visit_pages`), so a step reached
 * twice counts once. A lead's attribution keeps its visit's visitor hash, so conversion counts the visits that
 * brought a lead rather than the leads; the day's salt is gone with the day, so the hash can never be made again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_visit_events')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('visitor', 'varchar(32)', (c) => c.notNull())
    .addColumn('event', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_visit_events_pk', ['day', 'visitor', 'event'])
    .execute();
  await db.schema.alterTable('lead_attributions').addColumn('visitor', 'varchar(32)').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lead_attributions').dropColumn('visitor').execute();
  await db.schema.dropTable('analytics_visit_events').execute();
}
