import type { Kysely } from 'kysely';
import { NO_MIGRATIONS } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.ts';
import { configuredEngines, createTestDatabase, listTables, migrateTo, migrateUp } from '../helpers/test-app.ts';

/** The application's tables; search indexes may add engine-specific shadow tables beside them. */
const TABLES = [
  'audit_log',
  'blog_redirects',
  'blogs',
  'captcha_solutions',
  'contacts',
  'content_versions',
  'lead_notes',
  'outbox',
  'quotes',
  'sessions',
  'users',
];

async function tableNames(database: Awaited<ReturnType<typeof createTestDatabase>>): Promise<string[]> {
  // PostgreSQL's introspection lists every schema's tables: other runs' schemas may be there too.
  const tables = (await listTables(database)).filter((t) => !database.schema || t.schema === database.schema);
  return tables.map((t) => t.name).filter((n) => !n.startsWith('kysely_'));
}

describe.each(configuredEngines())('migrations on %s', (engine) => {
  it('create every table, are idempotent, and roll all the way back', async () => {
    const database = await createTestDatabase(engine);
    try {
      expect(await tableNames(database)).toEqual(expect.arrayContaining(TABLES));
      expect(await migrateUp(database)).toEqual([]);

      const now = new Date().toISOString();
      const row = {
        id: 'b1',
        slug: 'a',
        title: 'A',
        excerpt: 'e',
        content: '<p>c</p>',
        author: 'x',
        tags: '["t"]',
        featured_image: null,
        published: 1,
        published_at: now,
        created_at: now,
        updated_at: now,
        read_time: 1,
      };
      await database.db.insertInto('blogs').values(row).execute();
      await expect(
        database.db
          .insertInto('blogs')
          .values({ ...row, id: 'b2' })
          .execute(),
      ).rejects.toThrow(/unique/i);

      const down = await migrateTo(database, NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      expect(await tableNames(database)).toEqual([]);
      expect(await migrateUp(database)).toEqual(Object.keys(migrations).sort());
    } finally {
      await database.drop();
    }
  });

  it("moves each lead's notes text into the note history, and back on rollback", async () => {
    const database = await createTestDatabase(engine);
    try {
      expect((await migrateTo(database, '2026-11-23-070-staff-accounts')).error).toBeUndefined();
      const now = new Date().toISOString();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables as they were before migration 090
      const before = database.db as unknown as Kysely<any>;
      await before
        .insertInto('contacts')
        .values([
          { id: 'c1', name: 'N', email: 'n@example.com', message: 'm', status: 'new', notes: 'Called twice.', created_at: now },
          { id: 'c2', name: 'M', email: 'm@example.com', message: 'm', status: 'new', notes: '   ', created_at: now },
        ])
        .execute();
      expect(await migrateUp(database)).toContain('2026-11-23-090-lead-notes-and-spam-reason');
      const notes = await database.db.selectFrom('lead_notes').selectAll().execute();
      expect(notes).toEqual([
        expect.objectContaining({ lead_type: 'contact', lead_id: 'c1', body: 'Called twice.', author: null, author_id: null }),
      ]);
      expect(
        (await database.db.selectFrom('contacts').select('spam_reason').where('id', '=', 'c1').executeTakeFirstOrThrow()).spam_reason,
      ).toBeNull();

      expect((await migrateTo(database, '2026-11-23-070-staff-accounts')).error).toBeUndefined();
      expect(await before.selectFrom('contacts').select(['id', 'notes']).orderBy('id').execute()).toEqual([
        { id: 'c1', notes: 'Called twice.' },
        { id: 'c2', notes: null },
      ]);
    } finally {
      await database.drop();
    }
  });
});
