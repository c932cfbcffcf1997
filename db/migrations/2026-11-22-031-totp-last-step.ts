import type { Kysely } from 'kysely';

/** Remembers the last accepted TOTP step per user, so a code seen over someone's shoulder cannot be replayed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('totp_last_step').execute();
}
