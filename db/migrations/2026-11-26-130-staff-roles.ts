import type { Kysely } from 'kysely';

/**
 * Staff roles (docs/product.md#roles). Every account gets a role; the oldest active account becomes the one
 * Owner and the rest stay Administrators, who can do all they could before. Invitations carry the role the
 * person will have. A post records who created it (Authors may edit only their own drafts) and when its author
 * asked for it to be reviewed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('administrator'))
    .execute();
  const owner =
    (await db
      .selectFrom('users')
      .select('id')
      .where('deactivated_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst()) ?? (await db.selectFrom('users').select('id').orderBy('created_at').orderBy('id').executeTakeFirst());
  if (owner) await db.updateTable('users').set({ role: 'owner' }).where('id', '=', owner.id).execute();
  await db.schema
    .alterTable('staff_invitations')
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('administrator'))
    .execute();
  await db.schema.alterTable('blogs').addColumn('created_by', 'varchar(36)').execute();
  await db.schema.alterTable('blogs').addColumn('review_requested_at', 'varchar(30)').execute();
  await db.schema.createIndex('blogs_created_by').on('blogs').column('created_by').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('blogs_created_by').execute();
  await db.schema.alterTable('blogs').dropColumn('review_requested_at').execute();
  await db.schema.alterTable('blogs').dropColumn('created_by').execute();
  await db.schema.alterTable('staff_invitations').dropColumn('role').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
