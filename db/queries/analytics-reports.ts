import { sql } from 'kysely';
import type { Db } from '../database.ts';
import type { VisitSourceColumns } from '../types.ts';

/** A range of calendar days in the site's time zone, both ends included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

const count = (n: unknown) => Number(n ?? 0);

/** Leads, and the visits that sent them (a visit that sent two leads is one), for conversion. */
export interface LeadFigures {
  leads: number;
  converted: number;
}

/** Distinct visits among the attributions `a`: a lead linked before visits were kept stands for its own. */
const convertedVisits = sql<number>`count(distinct ${sql.ref('a.day')} || ':' || coalesce(${sql.ref('a.visitor')}, ${sql.ref('a.lead_type')} || ${sql.ref('a.lead_id')}))`;

export async function dailyTotals(db: Db, range: DayRange): Promise<Array<{ day: string; visitors: number; views: number }>> {
  const rows = await db
    .selectFrom('analytics_days')
    .selectAll()
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, visitors: count(r.visitors), views: count(r.views) }));
}

export interface PageFigures {
  path: string;
  visitors: number;
  views: number;
  entries: number;
}

/** Pages by views in the range; `prefix` narrows to paths under it (`/blog/` for posts). */
export async function topPages(db: Db, range: DayRange, limit: number, prefix?: string): Promise<PageFigures[]> {
  let query = db
    .selectFrom('analytics_page_days')
    .select((eb) => [
      'path',
      eb.fn.sum<number>('visitors').as('visitors'),
      eb.fn.sum<number>('views').as('views'),
      eb.fn.sum<number>('entries').as('entries'),
    ])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to);
  if (prefix) query = query.where('path', 'like', `${prefix}%`);
  const rows = await query.groupBy('path').orderBy('views', 'desc').orderBy('path').limit(limit).execute();
  return rows.map((r) => ({ path: r.path, visitors: count(r.visitors), views: count(r.views), entries: count(r.entries) }));
}

/** Views of each of these paths in the range (paths never viewed are left out). */
export async function viewsOfPaths(db: Db, range: DayRange, paths: readonly string[]): Promise<Map<string, number>> {
  if (!paths.length) return new Map();
  const rows = await db
    .selectFrom('analytics_page_days')
    .select((eb) => ['path', eb.fn.sum<number>('views').as('views')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .where('path', 'in', paths)
    .groupBy('path')
    .execute();
  return new Map(rows.map((r) => [r.path, count(r.views)]));
}

/** Leads whose visit saw each page before it was sent, in the range (by the day of the visit). */
export async function leadsByPage(db: Db, range: DayRange, paths?: readonly string[]): Promise<Map<string, LeadFigures>> {
  if (paths && !paths.length) return new Map();
  let query = db
    .selectFrom('lead_attribution_pages as p')
    .innerJoin('lead_attributions as a', (join) => join.onRef('a.lead_type', '=', 'p.lead_type').onRef('a.lead_id', '=', 'p.lead_id'))
    .select((eb) => [
      'p.path',
      eb.fn.count<number>(sql`distinct ${sql.ref('p.lead_type')} || ':' || ${sql.ref('p.lead_id')}`).as('leads'),
      convertedVisits.as('converted'),
    ])
    .where('a.day', '>=', range.from)
    .where('a.day', '<=', range.to);
  if (paths) query = query.where('p.path', 'in', paths);
  const rows = await query.groupBy('p.path').execute();
  return new Map(rows.map((r) => [r.path, { leads: count(r.leads), converted: count(r.converted) }]));
}

type SourcePart = keyof VisitSourceColumns;

/** Every source column, the grouped ones as stored and the others as '' (one row type whatever is grouped). */
function sourceParts(columns: readonly SourcePart[]) {
  const part = (column: SourcePart) => (columns.includes(column) ? sql<string>`${sql.ref(column)}` : sql<string>`''`);
  return [
    part('channel').as('channel'),
    part('referrer_host').as('referrer_host'),
    part('utm_source').as('utm_source'),
    part('utm_medium').as('utm_medium'),
    part('utm_campaign').as('utm_campaign'),
  ];
}

/**
 * The `limit` most visited sources in the range, grouped by some source columns, leaving out visits with none of
 * `present` (by default the grouped columns: no referrer, no tags). Grouped and cut in SQL, so a day with many
 * sources costs the database, not the server's memory.
 */
export async function visitsBySource(
  db: Db,
  range: DayRange,
  columns: readonly SourcePart[],
  limit: number,
  present: readonly SourcePart[] = columns,
): Promise<Array<VisitSourceColumns & { visits: number }>> {
  const grouped = db
    .selectFrom('analytics_source_days')
    .select((eb) => [...sourceParts(columns), eb.fn.sum<number>('visits').as('visits')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .where((eb) => eb.or(present.map((column) => eb(sql.ref(column), '!=', ''))))
    .groupBy([...columns])
    .orderBy('visits', 'desc');
  // Ties in a fixed order, so the cut is the same on every engine.
  const rows = await columns
    .reduce((query, column) => query.orderBy(column), grouped)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, visits: count(r.visits) }));
}

/** Leads in the range (by the day of their visit) grouped by the same source columns. */
export async function leadsBySource(
  db: Db,
  range: DayRange,
  columns: readonly SourcePart[],
): Promise<Array<VisitSourceColumns & LeadFigures>> {
  const rows = await db
    .selectFrom('lead_attributions as a')
    .select((eb) => [...sourceParts(columns), eb.fn.countAll<number>().as('leads'), convertedVisits.as('converted')])
    .where('a.day', '>=', range.from)
    .where('a.day', '<=', range.to)
    .groupBy([...columns])
    .execute();
  return rows.map((r) => ({ ...r, leads: count(r.leads), converted: count(r.converted) }));
}

/**
 * Won leads from visits in the range (by the day of the visit) and their value in whole AUD, grouped by the same
 * source columns; both kinds of lead added together.
 */
export async function wonValueBySource(
  db: Db,
  range: DayRange,
  columns: readonly SourcePart[],
): Promise<Array<VisitSourceColumns & { won: number; value: number }>> {
  const runs = await Promise.all(
    (['quote', 'contact'] as const).map((type) =>
      db
        .selectFrom('lead_attributions as a')
        .innerJoin(`${type === 'quote' ? 'quotes' : 'contacts'} as l` as 'quotes as l', (join) =>
          join.onRef('l.id', '=', 'a.lead_id').on('a.lead_type', '=', type),
        )
        .select((eb) => [...sourceParts(columns), eb.fn.countAll<number>().as('won'), eb.fn.sum<number>('l.won_value').as('value')])
        .where('l.status', '=', 'won')
        .where('a.day', '>=', range.from)
        .where('a.day', '<=', range.to)
        .groupBy([...columns])
        .execute(),
    ),
  );
  const merged = new Map<string, VisitSourceColumns & { won: number; value: number }>();
  for (const row of runs.flat()) {
    const key = [row.channel, row.referrer_host, row.utm_source, row.utm_medium, row.utm_campaign].join('\n');
    const before = merged.get(key);
    merged.set(key, { ...row, won: count(row.won) + (before?.won ?? 0), value: count(row.value) + (before?.value ?? 0) });
  }
  return [...merged.values()].sort((a, b) => b.value - a.value);
}

/** Each event's count in the range. */
export async function eventCounts(db: Db, range: DayRange): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('analytics_event_days')
    .select((eb) => ['event', eb.fn.sum<number>('count').as('n')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy('event')
    .execute();
  return new Map(rows.map((r) => [r.event, count(r.n)]));
}

export interface StoredAttribution extends VisitSourceColumns {
  day: string;
  landing_path: string;
  pages_viewed: number;
  seconds_to_lead: number;
  pages: string[];
}

/** Where a lead's visit came from, and the pages it saw in order; null when none was recorded. */
export async function findAttribution(db: Db, leadType: string, leadId: string): Promise<StoredAttribution | null> {
  const lead = { lead_type: leadType, lead_id: leadId };
  const row = await db
    .selectFrom('lead_attributions')
    .selectAll()
    .where((eb) => eb.and(lead))
    .executeTakeFirst();
  if (!row) return null;
  const pages = await db
    .selectFrom('lead_attribution_pages')
    .select('path')
    .where((eb) => eb.and(lead))
    .orderBy('position')
    .execute();
  const { lead_type: _type, lead_id: _id, ...rest } = row;
  return { ...rest, pages_viewed: count(rest.pages_viewed), seconds_to_lead: count(rest.seconds_to_lead), pages: pages.map((p) => p.path) };
}

/** Where each of these leads' visits came from, by lead id (leads with none recorded are left out). */
export async function findAttributions(
  db: Db,
  leadType: string,
  leadIds: readonly string[],
): Promise<Map<string, VisitSourceColumns & { landing_path: string }>> {
  if (!leadIds.length) return new Map();
  const rows = await db
    .selectFrom('lead_attributions')
    .select(['lead_id', 'channel', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign', 'landing_path'])
    .where('lead_type', '=', leadType)
    .where('lead_id', 'in', leadIds)
    .execute();
  return new Map(rows.map(({ lead_id, ...source }) => [lead_id, source]));
}

/**
 * Records where a lead's visit came from: the same-day visit of `visitor`, if it may be linked, with the pages it
 * saw up to `at`. Returns whether there was such a visit. A second call for the same lead changes nothing.
 */
export async function linkLeadToVisit(
  db: Db,
  lead: { type: string; id: string },
  visit: { day: string; visitor: string },
  at: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('analytics_visits')
      .selectAll()
      .where('day', '=', visit.day)
      .where('visitor', '=', visit.visitor)
      .where('linkable', '=', 1)
      .executeTakeFirst();
    if (!row) return false;
    const pages = await trx
      .selectFrom('analytics_visit_pages')
      .select('path')
      .where('day', '=', visit.day)
      .where('visitor', '=', visit.visitor)
      .where('first_seen_at', '<=', at)
      .orderBy('first_seen_at')
      .orderBy('path')
      .execute();
    const inserted = await trx
      .insertInto('lead_attributions')
      .values({
        lead_type: lead.type,
        lead_id: lead.id,
        day: row.day,
        channel: row.channel,
        referrer_host: row.referrer_host,
        utm_source: row.utm_source,
        utm_medium: row.utm_medium,
        utm_campaign: row.utm_campaign,
        landing_path: row.landing_path,
        pages_viewed: pages.length,
        seconds_to_lead: Math.max(0, Math.round((Date.parse(at) - Date.parse(row.started_at)) / 1000)),
        visitor: visit.visitor,
      })
      .onConflict((oc) => oc.columns(['lead_type', 'lead_id']).doNothing())
      .returning('lead_id')
      .executeTakeFirst();
    if (inserted && pages.length) {
      await trx
        .insertInto('lead_attribution_pages')
        .values(pages.map((p, position) => ({ lead_type: lead.type, lead_id: lead.id, position, path: p.path })))
        .execute();
    }
    return true;
  });
}

/** Titles of posts by slug (posts since deleted are left out). */
export async function postTitles(db: Db, slugs: readonly string[]): Promise<Map<string, string>> {
  if (!slugs.length) return new Map();
  const rows = await db.selectFrom('blogs').select(['slug', 'title']).where('slug', 'in', slugs).execute();
  return new Map(rows.map((r) => [r.slug, r.title]));
}

/** Visitors in the range (the sum of each day's visitors). */
export async function visitorsIn(db: Db, range: DayRange): Promise<number> {
  const row = await db
    .selectFrom('analytics_days')
    .select((eb) => eb.fn.sum<number>('visitors').as('n'))
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .executeTakeFirst();
  return count(row?.n);
}
