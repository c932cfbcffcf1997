import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteDialect } from './dialect.ts';

let dir: string;
let db: Kysely<{ items: { id: number; body: string } }>;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sqlite-test-'));
  db = new Kysely({ dialect: sqliteDialect(join(dir, 'site.db'), { lockWaitMs: 1000 }) });
  await sql`create table items (id integer primary key, body text not null)`.execute(db);
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('sqliteDialect', () => {
  it('runs a query again after a stream of the same query was left half-read', async () => {
    await db
      .insertInto('items')
      .values([
        { id: 1, body: 'a' },
        { id: 2, body: 'b' },
      ])
      .execute();
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
      for (let i = 0; i < 2000; i += 1)
        await trx
          .insertInto('items')
          .values({ id: i + 10, body })
          .execute();
    });
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(2_000_000);
    let size = statSync(file).size;
    for (let waited = 0; size < before + 2_000_000 && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      size = statSync(file).size;
    }
    expect(size).toBeGreaterThan(before + 2_000_000);
  });

  it("waits for another process's write lock between event-loop turns, serving reads meanwhile", async () => {
    const other = new SQLite(join(dir, 'site.db'));
    other.exec('begin immediate');
    const order: string[] = [];
    const write = db
      .insertInto('items')
      .values({ id: 1, body: 'waited' })
      .execute()
      .then(() => order.push('write'));
    // The event loop is free while the write waits: a timer fires and a read on the same connection answers.
    await new Promise((resolve) => setTimeout(resolve, 50));
    order.push('timer');
    await db.selectFrom('items').selectAll().execute();
    order.push('read');
    other.exec('commit');
    other.close();
    await write;
    expect(order).toEqual(['timer', 'read', 'write']);
    expect(await db.selectFrom('items').select('body').execute()).toEqual([{ body: 'waited' }]);
  });

  it('gives up with SQLITE_BUSY once the lock is held longer than it waits', async () => {
    const other = new SQLite(join(dir, 'site.db'));
    other.exec('begin immediate');
    try {
      await expect(db.transaction().execute((trx) => trx.insertInto('items').values({ id: 1, body: 'x' }).execute())).rejects.toMatchObject(
        {
          code: 'SQLITE_BUSY',
        },
      );
    } finally {
      other.exec('rollback');
      other.close();
    }
  });

  it('reports the error that ended a transaction, not the rollback SQLite already did', async () => {
    // max_page_count makes the file "full" from this connection's point of view: SQLite rolls back on its own.
    await sql`pragma max_page_count = ${sql.raw(String((await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0]!.page_count))}`.execute(
      db,
    );
    const body = 'x'.repeat(100_000);
    await expect(db.transaction().execute((trx) => trx.insertInto('items').values({ id: 1, body }).execute())).rejects.toMatchObject({
      code: 'SQLITE_FULL',
    });
  });
});
