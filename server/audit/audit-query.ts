import type { AuditQuery } from '../../shared/admin.ts';
import { API_MESSAGES } from '../../shared/messages.ts';
import { AppError } from '../core/errors.ts';

/** The audit log's filters and page from a URL query: each given at most once, as text. */
export function auditQueryParams(query: Record<string, unknown>): AuditQuery {
  const result: AuditQuery = {};
  for (const name of ['person', 'action', 'cursor'] as const) {
    const value = query[name];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string') throw new AppError('INVALID_ARGUMENT', API_MESSAGES.queryParamOnce(name));
    result[name] = value;
  }
  return result;
}
