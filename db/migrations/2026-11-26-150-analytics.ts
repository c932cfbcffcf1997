import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * Visitor counting and lead attribution (docs/product.md#analytics). Nothing here can name a person:
 *
 * - `analytics_salts`: the random salt of each day's visitor hashes, deleted once the day is over, so yesterday's
 *   hashes can never be recomputed.
 * - `analytics_visits` and `analytics_visit_pages`: one row per visitor of the day (keyed by that hash) and per
 *   page they saw; they live only for their day and exist to link a lead to the visit that brought it.
 * - `analytics_days`, `analytics_page_days`, `analytics_source_days`, `analytics_event_days`: counts per day,
 *   which is all that is kept; storage grows per day × page (or source), never per view.
 * - `lead_attributions` and `lead_attribution_pages`: the source of a lead's visit and the pages seen before it,
 *   deleted with the lead.
 * - `users.weekly_summary` and `analytics_summaries_sent`: who asked for the weekly e-mail, and the weeks sent.
 *
 * Absent values are stored as '' where they are part of a key (a NULL never equals another NULL).
 */
const source = 'varchar(100)';

/** Where a visit came from: the same columns on a visit, a day's sources and a lead's attribution. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function sourceColumns(table: CreateTableBuilder<any, any>): CreateTableBuilder<any, any> {
  return table
    .addColumn('channel', 'varchar(20)', (c) => c.notNull())
    .addColumn('referrer_host', source, (c) => c.notNull())
    .addColumn('utm_source', source, (c) => c.notNull())
    .addColumn('utm_medium', source, (c) => c.notNull())
    .addColumn('utm_campaign', source, (c) => c.notNull());
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const day = 'varchar(10)';
  const visitor = 'varchar(32)';
  const path = 'varchar(300)';
  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', day, (c) => c.primaryKey())
    .addColumn('salt', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('analytics_visits')
    .addColumn('day', day, (c) => c.notNull())
    .addColumn('visitor', visitor, (c) => c.notNull())
    .addColumn('landing_path', path, (c) => c.notNull())
    .$call(sourceColumns)
    .addColumn('linkable', 'integer', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_visits_pk', ['day', 'visitor'])
    .execute();
  await db.schema
    .createTable('analytics_visit_pages')
    .addColumn('day', day, (c) => c.notNull())
    .addColumn('visitor', visitor, (c) => c.notNull())
    .addColumn('path', path, (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('first_seen_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_visit_pages_pk', ['day', 'visitor', 'path'])
    .execute();
  await db.schema
    .createTable('analytics_days')
    .addColumn('day', day, (c) => c.primaryKey())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('analytics_page_days')
    .addColumn('day', day, (c) => c.notNull())
    .addColumn('path', path, (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_page_days_pk', ['day', 'path'])
    .execute();
  await db.schema
    .createTable('analytics_source_days')
    .addColumn('day', day, (c) => c.notNull())
    .$call(sourceColumns)
    .addColumn('visits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_source_days_pk', ['day', 'channel', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign'])
    .execute();
  await db.schema
    .createTable('analytics_event_days')
    .addColumn('day', day, (c) => c.notNull())
    .addColumn('event', 'varchar(30)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_event_days_pk', ['day', 'event'])
    .execute();
  await db.schema
    .createTable('lead_attributions')
    .addColumn('lead_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('lead_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('day', day, (c) => c.notNull())
    .$call(sourceColumns)
    .addColumn('landing_path', path, (c) => c.notNull())
    .addColumn('pages_viewed', 'integer', (c) => c.notNull())
    .addColumn('seconds_to_lead', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('lead_attributions_pk', ['lead_type', 'lead_id'])
    .execute();
  await db.schema.createIndex('lead_attributions_day').on('lead_attributions').columns(['day', 'channel']).execute();
  await db.schema
    .createTable('lead_attribution_pages')
    .addColumn('lead_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('lead_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('path', path, (c) => c.notNull())
    .addPrimaryKeyConstraint('lead_attribution_pages_pk', ['lead_type', 'lead_id', 'position'])
    .execute();
  await db.schema.createIndex('lead_attribution_pages_path').on('lead_attribution_pages').column('path').execute();
  await db.schema
    .alterTable('users')
    .addColumn('weekly_summary', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('analytics_summaries_sent')
    .addColumn('week', day, (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('analytics_summaries_sent_pk', ['week', 'user_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_summaries_sent').execute();
  await db.schema.alterTable('users').dropColumn('weekly_summary').execute();
  for (const table of [
    'lead_attribution_pages',
    'lead_attributions',
    'analytics_event_days',
    'analytics_source_days',
    'analytics_page_days',
    'analytics_days',
    'analytics_visit_pages',
    'analytics_visits',
    'analytics_salts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
