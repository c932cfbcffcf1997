import type { Db } from '../../db/database.ts';
import {
  type NewRedirect,
  deleteRedirectById,
  findRedirect,
  insertRedirects,
  listRedirects,
  readRedirectFacts,
  updateRedirect,
} from '../../db/queries/redirects.ts';
import { FIELD_MESSAGES } from '../../shared/messages.ts';
import { REDIRECT_MESSAGES } from '../../shared/redirect-messages.ts';
import { type Redirect, REDIRECT_STATUSES, type RedirectStatus, normaliseRedirectPath, redirectRefusal } from '../../shared/redirects.ts';
import type { RedirectInput } from '../../shared/schemas/redirects.ts';
import { type Actor, withAudit } from '../audit/audit-log.ts';
import { AppError, invalidFields } from '../core/errors.ts';
import { REDIRECT_CSV_HEADER, parseCsv, redirectsCsv } from './redirect-csv.ts';
import type { RedirectTable } from '../http/redirect-table.ts';

/** The most rows one CSV import takes (docs/product.md#redirects). */
export const REDIRECT_CSV_MAX_ROWS = 5000;

export interface RedirectService {
  list(): Promise<Redirect[]>;
  add(actor: Actor, input: RedirectInput): Promise<Redirect>;
  update(actor: Actor, id: string, input: RedirectInput): Promise<Redirect>;
  remove(actor: Actor, id: string): Promise<Redirect>;
  exportCsv(): Promise<string>;
  /** Adds every row of a CSV, or nothing when a row is refused (each refusal by its line). */
  importCsv(actor: Actor, csv: string): Promise<{ added: number; unchanged: number }>;
}

/** How a redirect reads in the audit log: "/old → /new (301)". */
function described(r: { from: string; to: string; status: number }): string {
  return `${normaliseRedirectPath(r.from.trim())} → ${r.to.trim()} (${r.status})`;
}

/** Redirects staff manage (docs/product.md#redirects): each change checked, audited, and answered by every instance. */
export function createRedirectService(deps: { db: Db; table: Pick<RedirectTable, 'changed'> }): RedirectService {
  const { db, table } = deps;

  /** Refuses the input in words beside its field: the refusal rule, then a From another redirect already has. */
  async function check(trx: Db, input: RedirectInput, exceptId?: string): Promise<void> {
    const facts = await readRedirectFacts(trx, exceptId);
    const refusal = redirectRefusal(input.from, input.to, facts);
    if (refusal) throw invalidFields(FIELD_MESSAGES.fixErrors, { [refusal.field]: refusal.message });
    const from = normaliseRedirectPath(input.from);
    const existing = facts.redirects.get(from);
    if (existing !== undefined) throw invalidFields(FIELD_MESSAGES.fixErrors, { from: REDIRECT_MESSAGES.taken(from, existing) });
  }

  async function stored(id: string): Promise<Redirect> {
    const redirect = await findRedirect(db, id);
    if (!redirect) throw new AppError('NOT_FOUND', REDIRECT_MESSAGES.gone);
    return redirect;
  }

  return {
    list: () => listRedirects(db),

    async add(actor, input) {
      const id = await withAudit(
        db,
        actor,
        'redirect.added',
        async (trx) => {
          await check(trx, input);
          await insertRedirects(trx, [{ ...input, origin: 'staff' }], { createdBy: actor.userId });
          return (await listRedirects(trx)).find((r) => r.from === normaliseRedirectPath(input.from) && r.origin !== 'blog')!.id;
        },
        () => described(input),
      );
      table.changed();
      return stored(id);
    },

    async update(actor, id, input) {
      await withAudit(
        db,
        actor,
        'redirect.changed',
        async (trx) => {
          await check(trx, input, id);
          if (!(await updateRedirect(trx, id, input))) throw new AppError('NOT_FOUND', REDIRECT_MESSAGES.gone);
        },
        () => described(input),
      );
      table.changed();
      return stored(id);
    },

    async remove(actor, id) {
      const redirect = await stored(id);
      await withAudit(
        db,
        actor,
        'redirect.deleted',
        async (trx) => {
          if (!(await deleteRedirectById(trx, id))) throw new AppError('NOT_FOUND', REDIRECT_MESSAGES.gone);
        },
        () => described(redirect),
      );
      table.changed();
      return redirect;
    },

    exportCsv: async () => redirectsCsv(await listRedirects(db)),

    async importCsv(actor, csv) {
      const [header, ...records] = parseCsv(csv);
      const refuse = (message: string) => invalidFields(message, { csv: message });
      if (!header || header.cells.map((c) => c.trim().toLowerCase()).join(',') !== REDIRECT_CSV_HEADER.join(','))
        throw refuse(REDIRECT_MESSAGES.csvHeader);
      if (!records.length) throw refuse(REDIRECT_MESSAGES.csvEmpty);
      if (records.length > REDIRECT_CSV_MAX_ROWS) throw refuse(REDIRECT_MESSAGES.csvTooMany(REDIRECT_CSV_MAX_ROWS));
      const problems: string[] = [];
      const rows: Array<NewRedirect & { line: number }> = [];
      for (const { line, cells } of records) {
        const status = Number(cells[2]?.trim());
        if (cells.length !== 3) problems.push(REDIRECT_MESSAGES.csvLine(line, REDIRECT_MESSAGES.csvCells));
        else if (!(REDIRECT_STATUSES as readonly number[]).includes(status))
          problems.push(REDIRECT_MESSAGES.csvLine(line, REDIRECT_MESSAGES.badStatus));
        else rows.push({ from: cells[0]!, to: cells[1]!, status: status as RedirectStatus, origin: 'staff', line });
      }
      const result = await withAudit(
        db,
        actor,
        'redirects.imported',
        async (trx) => {
          const inserted = await insertRedirects(trx, rows, { createdBy: actor.userId });
          for (const skip of inserted.skipped) {
            if (!skip.alreadyThere) problems.push(REDIRECT_MESSAGES.csvLine(rows[skip.row]!.line, `${skip.from}: ${skip.reason}`));
          }
          // A bad line writes nothing: the transaction is rolled back with every line's reason.
          if (problems.length) {
            const sorted = problems.sort((a, b) => lineOf(a) - lineOf(b));
            throw invalidFields(REDIRECT_MESSAGES.csvRefused(sorted.length), { csv: sorted.join('\n') });
          }
          return { added: inserted.added, unchanged: inserted.skipped.length };
        },
        (r) => REDIRECT_MESSAGES.csvImported(r.added, r.unchanged),
      );
      if (result.added) table.changed();
      return result;
    },
  };
}

/** The line number a "Line N: …" problem names. */
function lineOf(problem: string): number {
  return Number(/\d+/.exec(problem)?.[0] ?? 0);
}
