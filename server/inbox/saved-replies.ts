import { LEAD_WORK_MESSAGES } from '../../shared/lead-work-messages.ts';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { deleteSavedReply, insertSavedReply, updateSavedReply } from '../../db/queries/saved-replies.ts';
import type { SavedReply } from '../../shared/saved-replies.ts';
import type { SavedReplyInput } from '../../shared/schemas/lead-work.ts';
import { type Actor, withAudit } from '../audit/audit-log.ts';
import { AppError } from '../core/errors.ts';

/** Adds a saved reply (`id` null) or changes one, audited under its name; a name already used is refused. */
export async function saveSavedReply(db: Db, actor: Actor, id: string | null, input: SavedReplyInput): Promise<SavedReply> {
  const reply = { id: id ?? randomUUID(), ...input, userId: actor.userId, at: new Date().toISOString() };
  await withAudit(
    db,
    actor,
    'saved_reply.saved',
    async (trx) => {
      const outcome = id === null ? ((await insertSavedReply(trx, reply)) ? 'updated' : 'taken') : await updateSavedReply(trx, reply);
      if (outcome === 'taken') throw new AppError('ABORTED', LEAD_WORK_MESSAGES.savedReplyNameTaken);
      if (outcome === 'gone') throw new AppError('NOT_FOUND', LEAD_WORK_MESSAGES.savedReplyGone);
    },
    () => reply.name,
  );
  return { id: reply.id, name: reply.name, body: reply.body };
}

export async function removeSavedReply(db: Db, actor: Actor, id: string): Promise<void> {
  await withAudit(
    db,
    actor,
    'saved_reply.deleted',
    async (trx) => {
      if (!(await deleteSavedReply(trx, id))) throw new AppError('NOT_FOUND', LEAD_WORK_MESSAGES.savedReplyGone);
    },
    () => id,
  );
}
