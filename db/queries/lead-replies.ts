import type { LeadReply, ReplyDelivery } from '../../shared/admin.ts';
import type { Db } from '../database.ts';

export interface NewLeadReply {
  id: string;
  leadType: string;
  leadId: string;
  authorId: string | null;
  author: string;
  subject: string;
  body: string;
  messageId: string;
  outboxId: string;
  createdAt: string;
}

/** Kept in the transaction that queues its e-mail, so a reply in the history is one on its way. */
export async function insertLeadReply(db: Db, reply: NewLeadReply): Promise<void> {
  await db
    .insertInto('lead_replies')
    .values({
      id: reply.id,
      lead_type: reply.leadType,
      lead_id: reply.leadId,
      author_id: reply.authorId,
      author: reply.author,
      subject: reply.subject,
      body: reply.body,
      message_id: reply.messageId,
      outbox_id: reply.outboxId,
      created_at: reply.createdAt,
    })
    .execute();
}

function deliveryOf(row: { status: string | null; delivered_at: string | null; last_error: string | null }): ReplyDelivery {
  if (row.delivered_at) return { state: 'sent', at: row.delivered_at };
  if (row.status === 'failed') return { state: 'failed', error: row.last_error ?? '' };
  return { state: 'queued' };
}

/**
 * A lead's replies, oldest first, each with its e-mail's delivery read from the outbox row that carries it. The author
 * reads as the staff member's current name while the account exists, else as the address stored with the reply.
 */
export async function listLeadReplies(db: Db, leadType: string, leadId: string): Promise<LeadReply[]> {
  const rows = await db
    .selectFrom('lead_replies')
    .leftJoin('users', 'users.id', 'lead_replies.author_id')
    .leftJoin('outbox', 'outbox.id', 'lead_replies.outbox_id')
    .select((eb) => [
      'lead_replies.id',
      eb.fn.coalesce('users.name', 'lead_replies.author').as('author'),
      'lead_replies.subject',
      'lead_replies.body',
      'lead_replies.created_at',
      'outbox.status',
      'outbox.delivered_at',
      'outbox.last_error',
    ])
    .where((eb) => eb.and({ 'lead_replies.lead_type': leadType, 'lead_replies.lead_id': leadId }))
    .orderBy('lead_replies.created_at')
    .orderBy('lead_replies.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    author: r.author,
    subject: r.subject,
    body: r.body,
    delivery: deliveryOf(r),
    createdAt: r.created_at,
  }));
}

/** The Message-IDs of a lead's earlier replies, oldest first: the next reply's References. */
export async function replyMessageIds(db: Db, leadType: string, leadId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('lead_replies')
    .select('message_id')
    .where((eb) => eb.and({ lead_type: leadType, lead_id: leadId }))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.message_id);
}

/** How many replies a person has sent since `since` (ISO): the hourly limit reads it, whichever instance they use. */
export async function countRepliesSince(db: Db, authorId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('lead_replies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('author_id', '=', authorId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
