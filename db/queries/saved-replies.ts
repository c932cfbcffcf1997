import type { SavedReply } from '../../shared/saved-replies.ts';
import type { Db } from '../database.ts';

/** Every saved reply, by name. */
export async function listSavedReplies(db: Db): Promise<SavedReply[]> {
  const rows = await db.selectFrom('saved_replies').select(['id', 'name', 'body']).orderBy('name').execute();
  return rows;
}

/** Stores a saved reply; false when another one already has its name. */
export async function insertSavedReply(db: Db, reply: SavedReply & { userId: string | null; at: string }): Promise<boolean> {
  const row = await db
    .insertInto('saved_replies')
    .values({ id: reply.id, name: reply.name, body: reply.body, updated_by: reply.userId, created_at: reply.at, updated_at: reply.at })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** Changes a saved reply; 'gone' when it no longer exists, 'taken' when another one has the new name. */
export async function updateSavedReply(
  db: Db,
  reply: SavedReply & { userId: string | null; at: string },
): Promise<'updated' | 'gone' | 'taken'> {
  const other = await db
    .selectFrom('saved_replies')
    .select('id')
    .where('name', '=', reply.name)
    .where('id', '!=', reply.id)
    .executeTakeFirst();
  if (other) return 'taken';
  const result = await db
    .updateTable('saved_replies')
    .set({ name: reply.name, body: reply.body, updated_by: reply.userId, updated_at: reply.at })
    .where('id', '=', reply.id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? 'updated' : 'gone';
}

export async function deleteSavedReply(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('saved_replies').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
