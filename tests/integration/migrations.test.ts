import { NO_MIGRATIONS } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.ts';
import { createMigrator, migrateToLatest } from '../../db/database.ts';
import { configuredEngines, createTestDatabase } from '../helpers/test-app.ts';

/** The application's tables; search indexes may add engine-specific shadow tables beside them. */
const TABLES = ['audit_log', 'blog_redirects', 'blogs', 'captcha_solutions', 'contacts', 'content_versions', 'outbox', 'quotes', 'sessions', 'users'];

async function tableNames(database: Awaited<ReturnType<typeof createTestDatabase>>): Promise<string[]> {
  // PostgreSQL's introspection lists every schema's tables: other runs' schemas may be there too.
  const tables = (await database.db.introspection.getTables()).filter((t) => !database.schema || t.schema === database.schema);
  return tables.map((t) => t.name).filter((n) => !n.startsWith('kysely_'));
}

describe.each(configuredEngines())('migrations on %s', (engine) => {
  it('create every table, are idempotent, and roll all the way back', async () => {
    const database = await createTestDatabase(engine);
    try {
      expect(await tableNames(database)).toEqual(expect.arrayContaining(TABLES));
      expect(await migrateToLatest(database)).toEqual([]);

      const now = new Date().toISOString();
      const row = {
        id: 'b1', slug: 'a', title: 'A', excerpt: 'e', content: '<p>c</p>', author: 'x', tags: '["t"]',
        featured_image: null, published: 1, published_at: now, created_at: now, updated_at: now, read_time: 1,
      };
      await database.db.insertInto('blogs').values(row).execute();
      await expect(database.db.insertInto('blogs').values({ ...row, id: 'b2' }).execute()).rejects.toThrow(/unique/i);

      const down = await createMigrator(database).migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      expect(await tableNames(database)).toEqual([]);
      expect(await migrateToLatest(database)).toEqual(Object.keys(migrations).sort());
    } finally {
      await database.drop();
    }
  });
});
