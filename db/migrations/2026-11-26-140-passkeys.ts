import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Passkeys (WebAuthn credentials) staff sign in with: one row per credential, keyed by its id (base64url), with
 * its public key (a blob, `bytea` on PostgreSQL) and the signature counter the authenticator last reported,
 * which is a 32-bit unsigned number (so `bigint`). Transports are a JSON array of strings. A person's passkeys go
 * with their account.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'varchar(1400)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('public_key', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('passkeys_user').on('passkeys').columns(['user_id', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('passkeys').execute();
}
