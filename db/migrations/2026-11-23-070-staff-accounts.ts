import type { Kysely } from 'kysely';

/**
 * Staff accounts managed from the admin: an account can be deactivated (kept, with its history, but it cannot
 * sign in), its last sign-in is shown, and people are invited by e-mail. An invitation stores only the SHA-256
 * of its one-time token. The audit log is filtered by person and by action, newest first.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deactivated_at', 'varchar(30)').execute();
  await db.schema.alterTable('users').addColumn('last_sign_in_at', 'varchar(30)').execute();
  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'varchar(36)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_user_recent').on('audit_log').columns(['user_id', 'created_at desc', 'id desc']).execute();
  await db.schema.createIndex('audit_action_recent').on('audit_log').columns(['action', 'created_at desc', 'id desc']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_action_recent').execute();
  await db.schema.dropIndex('audit_user_recent').execute();
  await db.schema.dropTable('staff_invitations').execute();
  await db.schema.alterTable('users').dropColumn('last_sign_in_at').execute();
  await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
}
