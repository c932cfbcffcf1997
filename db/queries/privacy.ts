import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../database.ts';
import { LEAD_BELONGINGS } from './leads.ts';
import type { ContactRecord, QuoteRecord } from '../../shared/leads.ts';
import type { AuditEntry, LeadNote, LeadReply } from '../../shared/admin.ts';
import { toAuditEntry } from './audit.ts';
import { type OutboxEntry, toOutboxEntry } from './outbox.ts';
import { contactFromRow, quoteFromRow } from './leads.ts';
import { listLeadNotes } from './lead-notes.ts';
import { listLeadReplies } from './lead-replies.ts';
import { containsLiteral } from './predicates.ts';

type LeadTable = 'quotes' | 'contacts';

/** `lower(email) = lower(address)`: the forms keep addresses as typed, so one person may appear in any case. */
function sameEmail(address: string, table: LeadTable): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(`${table}.email`)}) = ${address.toLowerCase()}`;
}

export interface HeldData {
  quotes: QuoteRecord[];
  contacts: ContactRecord[];
  outbox: OutboxEntry[];
  notes: Array<LeadNote & { leadType: string; leadId: string }>;
  replies: Array<LeadReply & { leadType: string; leadId: string }>;
  audit: AuditEntry[];
}

/**
 * Every row held about an e-mail address: its quotes and contacts, their notifications, notes and replies, and audit entries that
 * name it (as actor, in their detail, or by the privacy reference `reference`). Read in one transaction so the
 * parts agree.
 */
export function findHeldData(db: Db, email: string, reference: string): Promise<HeldData> {
  return db.transaction().execute(async (trx) => {
    const quotes = await trx.selectFrom('quotes').selectAll().where(sameEmail(email, 'quotes')).orderBy('created_at').execute();
    const contacts = await trx.selectFrom('contacts').selectAll().where(sameEmail(email, 'contacts')).orderBy('created_at').execute();
    const leads = [
      ...(quotes.length ? [{ type: 'quote', ids: quotes.map((q) => q.id) }] : []),
      ...(contacts.length ? [{ type: 'contact', ids: contacts.map((c) => c.id) }] : []),
    ];
    const outbox = leads.length
      ? await trx
          .selectFrom('outbox')
          .selectAll()
          .where((eb) => eb.or(leads.map((l) => eb.and([eb('lead_type', '=', l.type), eb('lead_id', 'in', l.ids)]))))
          .orderBy('created_at')
          .execute()
      : [];
    const notes = [
      ...(
        await listLeadNotes(
          trx,
          'quote',
          quotes.map((q) => q.id),
        )
      ).map((n) => ({ ...n, leadType: 'quote' })),
      ...(
        await listLeadNotes(
          trx,
          'contact',
          contacts.map((c) => c.id),
        )
      ).map((n) => ({ ...n, leadType: 'contact' })),
    ];
    const replies = [];
    for (const lead of leads) {
      for (const leadId of lead.ids)
        replies.push(...(await listLeadReplies(trx, lead.type, leadId)).map((r) => ({ ...r, leadType: lead.type, leadId })));
    }
    const audit = await trx
      .selectFrom('audit_log')
      .selectAll()
      .where((eb) =>
        eb.or([
          sql<SqlBool>`lower(actor) = ${email.toLowerCase()}`,
          containsLiteral(sql`lower(target)`, email.toLowerCase()),
          eb('target', 'like', `%${reference}%`),
        ]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return {
      quotes: quotes.map(quoteFromRow),
      contacts: contacts.map(contactFromRow),
      outbox: outbox.map(toOutboxEntry),
      notes,
      replies,
      audit: audit.map(toAuditEntry),
    };
  });
}

export interface DeletedLeads {
  quotes: number;
  contacts: number;
  outbox: number;
}

/**
 * Deletes the quotes and contacts a filter selects and what belongs to them (LEAD_BELONGINGS): their outbox rows
 * (which repeat their personal data), staff's notes and where their visit came from.
 * Run it in a transaction (the caller's, with its audit entry): either all of a person's data goes, or none.
 */
async function deleteLeadsWhere(trx: Db, where: (table: LeadTable) => Expression<SqlBool>): Promise<DeletedLeads> {
  // Both tables name their lead by (lead_type, lead_id); Kysely cannot type a delete over a union of tables.
  const deleteBelonging = (table: (typeof LEAD_BELONGINGS)[number]) =>
    trx
      .deleteFrom(table as 'outbox')
      .where((eb) =>
        eb.or([
          eb.and([eb('lead_type', '=', 'quote'), eb('lead_id', 'in', trx.selectFrom('quotes').select('id').where(where('quotes')))]),
          eb.and([eb('lead_type', '=', 'contact'), eb('lead_id', 'in', trx.selectFrom('contacts').select('id').where(where('contacts')))]),
        ]),
      )
      .executeTakeFirst();
  let outbox = { numDeletedRows: 0n };
  for (const table of LEAD_BELONGINGS) {
    const deleted = await deleteBelonging(table);
    if (table === 'outbox') outbox = deleted;
  }
  const quotes = await trx.deleteFrom('quotes').where(where('quotes')).executeTakeFirst();
  const contacts = await trx.deleteFrom('contacts').where(where('contacts')).executeTakeFirst();
  return {
    quotes: Number(quotes.numDeletedRows),
    contacts: Number(contacts.numDeletedRows),
    outbox: Number(outbox.numDeletedRows),
  };
}

/** Erases every quote and contact sent with this address (in any case), with their notifications. */
export function deleteLeadsByEmail(trx: Db, email: string): Promise<DeletedLeads> {
  return deleteLeadsWhere(trx, (table) => sameEmail(email, table));
}

/** Deletes every quote and contact created before `cutoff` (ISO), with their notifications. */
export function deleteLeadsCreatedBefore(trx: Db, cutoff: string): Promise<DeletedLeads> {
  return deleteLeadsWhere(trx, (table) => sql<SqlBool>`${sql.ref(`${table}.created_at`)} < ${cutoff}`);
}
