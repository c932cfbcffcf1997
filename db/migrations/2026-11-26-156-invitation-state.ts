import type { Kysely } from 'kysely';

/**
 * An invitation stays listed after it is accepted or has expired, so the Staff page can say so
 * (docs/product.md#staff): `accepted_at` marks it used. `token_sealed` keeps the link's token encrypted with the
 * outbox's key, for "Copy link" while it is open; it is cleared when the invitation is accepted.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_invitations').addColumn('accepted_at', 'varchar(30)').execute();
  await db.schema.alterTable('staff_invitations').addColumn('token_sealed', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_invitations').dropColumn('token_sealed').execute();
  await db.schema.alterTable('staff_invitations').dropColumn('accepted_at').execute();
}
