import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../database.ts';
import { OTHER_SOURCE } from '../../shared/analytics.ts';
import type { VisitSourceColumns } from '../types.ts';

/** Views of one page by one visitor of the day, gathered in memory since the last flush. */
export interface PendingPageViews {
  day: string;
  visitor: string;
  path: string;
  views: number;
  firstAt: string;
  lastAt: string;
  /** The source of the first of these views (used only when it starts the visitor's day). */
  source: VisitSourceColumns;
  /** False when any of them carried Global Privacy Control. */
  linkable: boolean;
}

/** A funnel step one visitor of the day reached since the last flush, on the form page `page`. */
export interface PendingEvent {
  day: string;
  visitor: string;
  event: string;
  page: string;
}

const SOURCE_KEY = ['day', 'channel', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign'] as const;
const sourceKey = (day: string, source: VisitSourceColumns) => SOURCE_KEY.map((c) => (c === 'day' ? day : source[c])).join('\n');

/** What one flush (or one batch of it) writes: page views by visitor, funnel steps, and views counted as views only. */
export interface CountBatch {
  views: readonly PendingPageViews[];
  events: readonly PendingEvent[];
  /** Views past the day's limits (docs/product.md#analytics): added to the day's and the page's views, no visitor. */
  viewsOnly: ReadonlyArray<{ day: string; path: string; views: number }>;
}

/** `counter + excluded.counter` for each counter, the upsert's "add what this flush brings". */
function addExcluded<T extends string>(table: string, columns: readonly T[]): Record<T, RawBuilder<number>> {
  return Object.fromEntries(columns.map((c) => [c, sql<number>`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`])) as Record<
    T,
    RawBuilder<number>
  >;
}

/**
 * The source a new visit is counted under: its own while the day has fewer than `sourcesPerDay` distinct sources
 * (or already has this one), else "Other" in its channel, so a flood of made-up tags and referrers adds at most
 * a few rows a day. `known` holds the day's stored sources and grows as visits open.
 */
function sourceWithinLimit(
  known: Map<string, Set<string>>,
  day: string,
  source: VisitSourceColumns,
  sourcesPerDay: number,
): VisitSourceColumns {
  const stored = known.get(day) ?? known.set(day, new Set()).get(day)!;
  if (stored.has(sourceKey(day, source)) || stored.size < sourcesPerDay) return source;
  const tagged = source.utm_source || source.utm_medium || source.utm_campaign ? OTHER_SOURCE : '';
  return {
    channel: source.channel,
    referrer_host: source.referrer_host && OTHER_SOURCE,
    utm_source: tagged,
    utm_medium: tagged,
    utm_campaign: tagged,
  };
}

/** The distinct sources already stored for these days, by day. */
async function storedSources(trx: Db, days: readonly string[]): Promise<Map<string, Set<string>>> {
  const known = new Map<string, Set<string>>();
  if (!days.length) return known;
  const rows = await trx.selectFrom('analytics_source_days').select(SOURCE_KEY).where('day', 'in', days).execute();
  for (const row of rows) (known.get(row.day) ?? known.set(row.day, new Set()).get(row.day)!).add(sourceKey(row.day, row));
  return known;
}

/**
 * Writes one batch of counts in one transaction (server/analytics/visit-counter.ts): the day's visits, the pages
 * each saw and the funnel steps each reached (kept for the day only), and the per-day totals, which are added to,
 * never read back. A visit or a page seen for the first time today counts one visitor; the counts then add up
 * however many instances and batches write. Rows are written in key order, so two instances' batches on
 * PostgreSQL wait for each other, never deadlock. A day keeps at most `sourcesPerDay` distinct sources and a few
 * "Other" rows (one per channel and kind), whatever the traffic; with several instances writing at once it may
 * pass that by one batch's new sources each.
 */
export async function writeCounts(db: Db, batch: CountBatch, sourcesPerDay: number): Promise<void> {
  const sorted = [...batch.views].sort(
    (a, b) => compare(a.day, b.day) || compare(a.visitor, b.visitor) || compare(a.firstAt, b.firstAt) || compare(a.path, b.path),
  );
  const days = new Map<string, { visitors: number; views: number }>();
  const pages = new Map<string, { day: string; path: string; visitors: number; views: number; entries: number }>();
  const sources = new Map<string, VisitSourceColumns & { day: string; visits: number }>();
  const dayOf = (day: string) => days.get(day) ?? days.set(day, { visitors: 0, views: 0 }).get(day)!;
  const pageOf = (day: string, path: string) => {
    const key = `${day}\n${path}`;
    return pages.get(key) ?? pages.set(key, { day, path, visitors: 0, views: 0, entries: 0 }).get(key)!;
  };
  for (const { day, path, views } of batch.viewsOnly) {
    dayOf(day).views += views;
    pageOf(day, path).views += views;
  }

  await db.transaction().execute(async (trx) => {
    const known = await storedSources(trx, [...new Set(sorted.map((v) => v.day))]);
    for (let i = 0; i < sorted.length;) {
      // One visitor's views: the earliest opens the visit when the database has none for them today.
      const first = sorted[i]!;
      let j = i;
      let total = 0;
      let linkable = true;
      let lastAt = first.lastAt;
      while (j < sorted.length && sorted[j]!.day === first.day && sorted[j]!.visitor === first.visitor) {
        total += sorted[j]!.views;
        linkable &&= sorted[j]!.linkable;
        if (sorted[j]!.lastAt > lastAt) lastAt = sorted[j]!.lastAt;
        j += 1;
      }
      const source = sourceWithinLimit(known, first.day, first.source, sourcesPerDay);
      const opened = await trx
        .insertInto('analytics_visits')
        .values({
          day: first.day,
          visitor: first.visitor,
          landing_path: first.path,
          ...source,
          linkable: linkable ? 1 : 0,
          views: total,
          started_at: first.firstAt,
          last_seen_at: lastAt,
        })
        .onConflict((oc) => oc.columns(['day', 'visitor']).doNothing())
        .returning('visitor')
        .executeTakeFirst();
      const day = dayOf(first.day);
      day.views += total;
      if (opened) {
        day.visitors += 1;
        pageOf(first.day, first.path).entries += 1;
        const key = sourceKey(first.day, source);
        known.get(first.day)!.add(key);
        const counted = sources.get(key) ?? sources.set(key, { day: first.day, ...source, visits: 0 }).get(key)!;
        counted.visits += 1;
      } else {
        await trx
          .updateTable('analytics_visits')
          .set((eb) => ({
            views: eb('views', '+', total),
            last_seen_at: lastAt,
            ...(linkable ? {} : { linkable: 0 }),
          }))
          .where('day', '=', first.day)
          .where('visitor', '=', first.visitor)
          .execute();
      }
      for (let k = i; k < j; k += 1) {
        const view = sorted[k]!;
        const page = pageOf(view.day, view.path);
        page.views += view.views;
        const seen = await trx
          .insertInto('analytics_visit_pages')
          .values({ day: view.day, visitor: view.visitor, path: view.path, views: view.views, first_seen_at: view.firstAt })
          .onConflict((oc) => oc.columns(['day', 'visitor', 'path']).doNothing())
          .returning('path')
          .executeTakeFirst();
        if (seen) page.visitors += 1;
        else {
          await trx
            .updateTable('analytics_visit_pages')
            .set((eb) => ({ views: eb('views', '+', view.views) }))
            .where('day', '=', view.day)
            .where('visitor', '=', view.visitor)
            .where('path', '=', view.path)
            .execute();
        }
      }
      i = j;
    }

    for (const row of [...pages.values()].sort((a, b) => compare(a.day, b.day) || compare(a.path, b.path))) {
      await trx
        .insertInto('analytics_page_days')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['day', 'path']).doUpdateSet(addExcluded('analytics_page_days', ['visitors', 'views', 'entries'] as const)),
        )
        .execute();
    }
    for (const row of [...sources.values()].sort((a, b) => compare(sourceKey(a.day, a), sourceKey(b.day, b)))) {
      await trx
        .insertInto('analytics_source_days')
        .values(row)
        .onConflict((oc) => oc.columns([...SOURCE_KEY]).doUpdateSet(addExcluded('analytics_source_days', ['visits'] as const)))
        .execute();
    }
    for (const [day, counts] of [...days].sort(([a], [b]) => compare(a, b))) {
      await trx
        .insertInto('analytics_days')
        .values({ day, ...counts })
        .onConflict((oc) => oc.column('day').doUpdateSet(addExcluded('analytics_days', ['visitors', 'views'] as const)))
        .execute();
    }
    // A step counts once per visitor of the day, and only for one whose view of its form page was counted.
    const reached = new Map<string, { day: string; event: string; count: number }>();
    for (const step of [...batch.events].sort(
      (a, b) => compare(a.day, b.day) || compare(a.visitor, b.visitor) || compare(a.event, b.event),
    )) {
      const viewed = await trx
        .selectFrom('analytics_visit_pages')
        .select('path')
        .where('day', '=', step.day)
        .where('visitor', '=', step.visitor)
        .where('path', '=', step.page)
        .executeTakeFirst();
      if (!viewed) continue;
      const first = await trx
        .insertInto('analytics_visit_events')
        .values({ day: step.day, visitor: step.visitor, event: step.event })
        .onConflict((oc) => oc.columns(['day', 'visitor', 'event']).doNothing())
        .returning('event')
        .executeTakeFirst();
      if (!first) continue;
      const key = `${step.day}\n${step.event}`;
      (reached.get(key) ?? reached.set(key, { day: step.day, event: step.event, count: 0 }).get(key)!).count += 1;
    }
    for (const row of [...reached.values()].sort((a, b) => compare(a.day, b.day) || compare(a.event, b.event))) {
      await trx
        .insertInto('analytics_event_days')
        .values(row)
        .onConflict((oc) => oc.columns(['day', 'event']).doUpdateSet(addExcluded('analytics_event_days', ['count'] as const)))
        .execute();
    }
  });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The salt of a day's visitor hashes: the one stored, or `fresh` stored now (whichever instance asks first wins). */
export async function daySalt(db: Db, day: string, fresh: string): Promise<string> {
  await db
    .insertInto('analytics_salts')
    .values({ day, salt: fresh })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db.selectFrom('analytics_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
  return row.salt;
}

/** Forgets every day before `day`: its salt, so its hashes can never be made again, and its visits. */
export async function forgetVisitsBefore(db: Db, day: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('analytics_salts').where('day', '<', day).execute();
    await trx.deleteFrom('analytics_visit_pages').where('day', '<', day).execute();
    await trx.deleteFrom('analytics_visit_events').where('day', '<', day).execute();
    await trx.deleteFrom('analytics_visits').where('day', '<', day).execute();
  });
}

/** Visitors already recorded on `day` (by every instance). */
export async function countVisits(db: Db, day: string): Promise<number> {
  const row = await db
    .selectFrom('analytics_visits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('day', '=', day)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
