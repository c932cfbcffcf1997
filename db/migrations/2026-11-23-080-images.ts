import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Images uploaded in the blog editor, stored in the database so every instance serves them: one row per upload
 * (`images`) and one per stored copy (`image_variants`: each width in WebP and in the original format), the bytes
 * in a blob column (`bytea` on PostgreSQL).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('images')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('format', 'varchar(10)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'varchar(36)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('image_variants')
    .addColumn('image_id', 'varchar(36)', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('format', 'varchar(10)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('data', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('image_variants_pkey', ['image_id', 'width', 'format'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('image_variants').execute();
  await db.schema.dropTable('images').execute();
}
