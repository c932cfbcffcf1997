import type { Db } from '../../db/database.ts';
import { type LeadListQuery, listLeadSummaries } from '../../db/queries/admin-leads.ts';
import type { LeadFilter, LeadSummary } from '../../shared/admin.ts';
import type { Cursor } from '../../shared/cursor.ts';
import { addDays, startOfDay } from '../../shared/zoned-time.ts';

/** The query for one table from the inbox filter; dates are whole days in the company's time zone. */
function toListQuery(filter: LeadFilter, timeZone: string, limit: number): Omit<LeadListQuery, 'after'> {
  return {
    status: filter.status,
    service: filter.service || undefined,
    from: filter.from ? startOfDay(filter.from, timeZone).toISOString() : undefined,
    to: filter.to ? startOfDay(addDays(filter.to, 1), timeZone).toISOString() : undefined,
    q: filter.q?.trim() || undefined,
    limit,
  };
}

/**
 * Newest first across both tables: each table gives its next `limit + 1` rows by the same keyset and the two
 * sorted runs are merged, so every page costs two index range scans whatever its depth. The inbox's pages and
 * the CSV export's batches both read the list this way.
 */
export async function mergedPage(
  db: Db,
  filter: LeadFilter,
  timeZone: string,
  limit: number,
  after: Cursor | null,
): Promise<{ leads: LeadSummary[]; hasMore: boolean }> {
  const types = filter.type ? [filter.type] : (['quote', 'contact'] as const);
  const query = { ...toListQuery(filter, timeZone, limit + 1), ...(after ? { after } : {}) };
  const runs = await Promise.all(types.map((type) => listLeadSummaries(db, type, query)));
  const merged = runs
    .flat()
    .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
  return { leads: merged.slice(0, limit), hasMore: merged.length > limit };
}
