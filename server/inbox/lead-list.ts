import type { Db } from '../../db/database.ts';
import { type LeadMatch, countMatchingLeads, listLeadSummaries } from '../../db/queries/admin-leads.ts';
import { type LeadFilter, type LeadSummary, type LeadType, POSSIBLE_SPAM } from '../../shared/admin.ts';
import type { Cursor } from '../../shared/cursor.ts';
import { type KeysetPage, keysetPage } from '../core/keyset-cursor.ts';
import { addDays, startOfDay } from '../../shared/zoned-time.ts';

/** The leads the "possible spam" filter and the dashboard's count name: held on arrival for being sent too fast. */
export const HELD = { status: 'spam', spamReason: 'too-fast' } as const;

/** What one table's rows must match for the inbox filter; dates are whole days in the company's time zone. */
function toMatch(filter: LeadFilter, timeZone: string): LeadMatch {
  return {
    ...(filter.status === POSSIBLE_SPAM ? HELD : { status: filter.status }),
    service: filter.service || undefined,
    from: filter.from ? startOfDay(filter.from, timeZone).toISOString() : undefined,
    to: filter.to ? startOfDay(addDays(filter.to, 1), timeZone).toISOString() : undefined,
    q: filter.q?.trim() || undefined,
    assignedTo: filter.assignee,
  };
}

function typesOf(filter: LeadFilter): LeadType[] {
  return filter.type ? [filter.type] : ['quote', 'contact'];
}

/**
 * Newest first across both tables: each table gives its next rows by the same keyset and the two sorted runs are
 * merged, so every page costs two index range scans whatever its depth. The inbox's pages and the CSV export's
 * batches both read the list this way.
 */
export function mergedPage(
  db: Db,
  filter: LeadFilter,
  timeZone: string,
  size: number,
  after: Cursor | null,
): Promise<KeysetPage<LeadSummary>> {
  return keysetPage(
    size,
    async (take) => {
      const query = { ...toMatch(filter, timeZone), limit: take, ...(after ? { after } : {}) };
      const runs = await Promise.all(typesOf(filter).map((type) => listLeadSummaries(db, type, query)));
      return runs.flat().sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
    },
    (lead) => ({ at: lead.createdAt, id: lead.id }),
  );
}

/** How many leads the filter matches, on every page: what an export holds. */
export async function countMatching(db: Db, filter: LeadFilter, timeZone: string): Promise<number> {
  const counts = await Promise.all(typesOf(filter).map((type) => countMatchingLeads(db, type, toMatch(filter, timeZone))));
  return counts.reduce((sum, n) => sum + n, 0);
}
