import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite } from './sqlite.ts';

let dir: string;
let db: Kysely<{ items: { id: number; body: string } }>;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqlite-test-'));
  db = new Kysely({ dialect: new SqliteDialect({ database: openSqlite(join(dir, 'site.db')) }) });
  await sql`create table items (id integer primary key, body text not null)`.execute(db);
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('openSqlite', () => {
  it('prepares each SQL text once, keeping a bounded number', () => {
    const sqlite = openSqlite(':memory:');
    try {
      const first = sqlite.prepare('select 1');
      expect(sqlite.prepare('select 1')).toBe(first);
      expect(sqlite.prepare('select 2')).not.toBe(first);
      // Past the bound the oldest text is dropped: preparing it again gives a new statement.
      for (let i = 0; i < 600; i += 1) sqlite.prepare(`select ${i + 10}`);
      expect(sqlite.prepare('select 1')).not.toBe(first);
    } finally {
      sqlite.close();
    }
  });

  it('runs a query again after a stream of the same query was left half-read', async () => {
    await db.insertInto('items').values([{ id: 1, body: 'a' }, { id: 2, body: 'b' }]).execute();
    const seen: number[] = [];
    for await (const row of db.selectFrom('items').select('id').orderBy('id').stream()) {
      seen.push(row.id);
      break;
    }
    seen.push(...(await db.selectFrom('items').select('id').orderBy('id').execute()).map((r) => r.id));
    expect(seen).toEqual([1, 1, 2]);
  });

  it('copies the write-ahead log into the database file in the background, without the writer checkpointing', async () => {
    const file = join(dir, 'site.db');
    const before = statSync(file).size;
    // ~2 MB of rows: far below the writer's own threshold, so only the checkpoint worker can move them.
    const body = 'x'.repeat(1000);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 2000; i += 1) await trx.insertInto('items').values({ id: i + 10, body }).execute();
    });
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(2_000_000);
    let size = statSync(file).size;
    for (let waited = 0; size < before + 2_000_000 && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      size = statSync(file).size;
    }
    expect(size).toBeGreaterThan(before + 2_000_000);
  });
});
