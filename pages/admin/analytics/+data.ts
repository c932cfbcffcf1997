import type { PageContextServer } from 'vike/types';
import type { AnalyticsPageData } from '../../../shared/admin.ts';
import { isCalendarDate } from '../../../shared/zoned-time.ts';

export type AnalyticsData = AnalyticsPageData & { search: Record<string, string> };

/** The range lives in the URL (`?days=7`, `?from=…&to=…`): a chosen period is a link and works without JavaScript. */
export async function data(pageContext: PageContextServer): Promise<AnalyticsData> {
  const { days, from, to } = pageContext.urlParsed.search;
  const search = Object.fromEntries(Object.entries({ days, from, to }).filter((e): e is [string, string] => Boolean(e[1])));
  // Refused dates are shown again in the form only when they are days at all: a date field cannot hold 30 February.
  const shown = Object.fromEntries(Object.entries(search).filter(([name, value]) => name === 'days' || isCalendarDate(value)));
  return { ...(await pageContext.services.admin.analytics(pageContext.user!, search)), search: shown };
}
