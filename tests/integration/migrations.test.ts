import { Migrator, NO_MIGRATIONS } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.ts';
import { migrateToLatest } from '../../db/database.ts';
import { configuredEngines, createTestDatabase } from '../helpers/test-app.ts';

const TABLES = ['audit_log', 'blog_redirects', 'blogs', 'captcha_solutions', 'contacts', 'outbox', 'quotes', 'sessions', 'users'];

describe.each(configuredEngines())('migrations on %s', (engine) => {
  it('create every table, are idempotent, and roll all the way back', async () => {
    const database = await createTestDatabase(engine);
    try {
      const tables = (await database.db.introspection.getTables()).map((t) => t.name).filter((n) => !n.startsWith('kysely_'));
      expect(tables.sort()).toEqual(TABLES);
      expect(await migrateToLatest(database.db)).toEqual([]);

      const now = new Date().toISOString();
      await database.db
        .insertInto('blogs')
        .values({
          id: 'b1', slug: 'a', title: 'A', excerpt: 'e', content: '<p>c</p>', author: 'x', tags: '["t"]',
          featured_image: null, published: 1, published_at: now, created_at: now, updated_at: now, read_time: 1,
        })
        .execute();
      await expect(
        database.db.insertInto('blogs').values({
          id: 'b2', slug: 'a', title: 'A', excerpt: 'e', content: '', author: 'x', tags: '[]',
          featured_image: null, published: 0, published_at: now, created_at: now, updated_at: now, read_time: 1,
        }).execute(),
      ).rejects.toThrow(/unique|UNIQUE/);

      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
      const down = await migrator.migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      const left = (await database.db.introspection.getTables()).map((t) => t.name).filter((n) => !n.startsWith('kysely_'));
      expect(left).toEqual([]);
      expect(await migrateToLatest(database.db)).toEqual(Object.keys(migrations));
    } finally {
      await database.drop();
    }
  });
});
