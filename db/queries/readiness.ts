import type { Db } from '../database.ts';

/** A real write, committed: fails when the database is up but cannot write (disk full, read-only, locked). */
export async function recordReadinessProbe(db: Db, at: string): Promise<void> {
  await db
    .insertInto('readiness_probe')
    .values({ id: 1, checked_at: at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ checked_at: at }))
    .execute();
}
