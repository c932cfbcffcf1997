import type { CreateTableBuilder, Kysely } from 'kysely';

/*
 * Quotes and contacts are both leads: the same sender columns, the same handling columns and the same list
 * indexes, written once here. These helpers belong to this migration alone (it is frozen in time).
 */

/** Who sent the lead. */
function senderColumns(table: CreateTableBuilder<string>): CreateTableBuilder<string> {
  return table
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('company', 'varchar(200)');
}

/** Where staff are with the lead, and when and from where it arrived. */
function handlingColumns(table: CreateTableBuilder<string>): CreateTableBuilder<string> {
  return table
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('new'))
    .addColumn('notes', 'text')
    .addColumn('client_ip', 'varchar(64)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('submitted_at', 'varchar(40)');
}

/** The inbox's lists: newest first, overall and within a status. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function createLeadIndexes(db: Kysely<any>, table: 'quotes' | 'contacts'): Promise<void> {
  await db.schema.createIndex(`${table}_recent`).on(table).columns(['created_at desc', 'id desc']).execute();
  await db.schema.createIndex(`${table}_status_recent`).on(table).columns(['status', 'created_at desc', 'id desc']).execute();
}

// Migrations are frozen in time: they take Kysely<any>, never the current Database type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blogs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('author', 'varchar(100)', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('featured_image', 'text')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('read_time', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('blogs_public_order').on('blogs').columns(['published', 'published_at desc', 'id desc']).execute();

  await db.schema
    .createTable('blog_redirects')
    .addColumn('old_slug', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('blog_id', 'varchar(36)', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('quotes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('service', 'varchar(40)', (c) => c.notNull())
    .$call(senderColumns)
    .addColumn('phone', 'varchar(40)')
    .addColumn('company_size', 'varchar(20)')
    .addColumn('budget', 'varchar(40)')
    .addColumn('timeline', 'varchar(100)')
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('completion_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .$call(handlingColumns)
    .execute();
  await createLeadIndexes(db, 'quotes');

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .$call(senderColumns)
    .addColumn('service', 'varchar(40)')
    .addColumn('message', 'text', (c) => c.notNull())
    .$call(handlingColumns)
    .execute();
  await createLeadIndexes(db, 'contacts');

  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text')
    .addColumn('recovery_codes', 'text')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('sid', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_expiry').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('lead_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('lead_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(30)')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_lead').on('outbox').columns(['lead_type', 'lead_id']).execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)')
    .addColumn('actor', 'varchar(254)')
    .addColumn('action', 'varchar(60)', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('ip', 'varchar(64)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_recent').on('audit_log').columns(['created_at desc', 'id desc']).execute();

  await db.schema
    .createTable('captcha_solutions')
    .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['captcha_solutions', 'audit_log', 'outbox', 'sessions', 'users', 'contacts', 'quotes', 'blog_redirects', 'blogs']) {
    await db.schema.dropTable(table).execute();
  }
}
