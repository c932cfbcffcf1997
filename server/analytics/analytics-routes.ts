import { Router } from 'express';
import { setWeeklySummary } from '../../db/queries/analytics-summaries.ts';
import type { Db } from '../../db/database.ts';
import { ANALYTICS_TABLES, ANALYTICS_TEXT, type AnalyticsTable, readRange } from '../../shared/analytics.ts';
import { can } from '../../shared/roles.ts';
import { WeeklySummarySchema } from '../../shared/schemas/analytics.ts';
import { ROLE_TEXT } from '../../shared/roles.ts';
import { AppError } from '../core/errors.ts';
import { ADMIN_BODY_LIMIT, adminBodyParsers } from '../http/admin-body.ts';
import { parseBody } from '../http/admin-request.ts';
import { allow, requireStaff } from '../staff/require-staff.ts';
import { analyticsCsv } from './analytics-csv.ts';
import type { AnalyticsReader } from './analytics-report.ts';

/**
 * The Analytics page's JSON and CSV (docs/product.md#analytics), and each person's weekly e-mail choice. Lead
 * figures go only to those whose role may see leads.
 */
export function adminAnalyticsRouter(db: Db, analytics: AnalyticsReader): Router {
  const router = Router();
  router.use(['/api/admin/analytics', '/api/admin/account/weekly-summary'], requireStaff());

  function rangeOf(query: Record<string, unknown>) {
    const search = Object.fromEntries(Object.entries(query).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    const range = readRange(search, analytics.today());
    if (!range) throw new AppError('INVALID_ARGUMENT', ANALYTICS_TEXT.badRange);
    return range;
  }

  router.get('/api/admin/analytics', allow('analytics.view'), async (req, res) => {
    res.json(await analytics.report(rangeOf(req.query), can(req.user!.role, 'leads.view')));
  });

  router.get('/api/admin/analytics/export/:table', allow('analytics.view'), async (req, res) => {
    const table = req.params.table as AnalyticsTable;
    if (!(ANALYTICS_TABLES as readonly string[]).includes(table)) throw new AppError('NOT_FOUND', ANALYTICS_TEXT.noSuchTable);
    const withLeads = can(req.user!.role, 'leads.view');
    if (table === 'funnel' && !withLeads) throw new AppError('PERMISSION_DENIED', ROLE_TEXT.refusedAction);
    const range = rangeOf(req.query);
    const report = await analytics.report(range, withLeads);
    res.type('text/csv; charset=utf-8');
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Disposition', `attachment; filename="analytics-${table}-${range.from}-to-${range.to}.csv"`);
    res.send(`\uFEFF${analyticsCsv(report, table)}`);
  });

  router.put('/api/admin/account/weekly-summary', allow('account.own'), ...adminBodyParsers(ADMIN_BODY_LIMIT), async (req, res) => {
    const { enabled } = parseBody(WeeklySummarySchema, req.body);
    await setWeeklySummary(db, req.user!.id, enabled);
    res.json({ enabled, message: enabled ? ANALYTICS_TEXT.weeklyOn : ANALYTICS_TEXT.weeklyOff });
  });
  return router;
}
