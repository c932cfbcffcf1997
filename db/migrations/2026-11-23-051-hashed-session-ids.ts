import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Sessions are looked up by the SHA-256 of their id (server/staff/session-store.ts), so a copy of the table signs
 * no one in. Rows written before keep working: their ids are hashed in place. Not reversible: `down` ends them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const rows = (await db.selectFrom('sessions').select('sid').execute()) as Array<{ sid: string }>;
  for (const { sid } of rows) {
    const hashed = createHash('sha256').update(sid).digest('hex');
    await db.updateTable('sessions').set({ sid: hashed }).where('sid', '=', sid).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('sessions').execute();
}
