import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { AUDIT_ACTIONS, type AuditLine, auditQueryString } from '../../../shared/admin.ts';
import { ADMIN_TEXT, AUDIT_TEXTS } from '../../../shared/messages.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { AdminTable } from '../ui/AdminTable.tsx';
import { formatDateTime } from '../ui/format.ts';
import type { AuditData } from './+data.ts';

function actionLabel(action: string): string {
  return AUDIT_ACTIONS[action as keyof typeof AUDIT_ACTIONS] ?? action;
}

/** The entry's detail, with a link to its post, lead or person while that still exists. */
function Detail({ entry }: { entry: AuditLine }) {
  if (!entry.subject) return <>{entry.target}</>;
  return (
    <>
      <a href={entry.subject.href}>{entry.subject.label}</a>
      {entry.target && <span className="muted small"> · {entry.target}</span>}
    </>
  );
}

/**
 * Who did what, when and from where: sign-ins, publishes, status changes, exports, deletions and staff changes.
 * Filtered by person and action through a GET form, so a filter is a link and works without JavaScript.
 */
export default function AuditPageView() {
  const { entries, nextCursor, people, query } = useData<AuditData>();
  const { timeZone } = usePageContext();
  const filtered = Boolean(query.person || query.action);
  return (
    <AdminShell title={AUDIT_TEXTS.title}>
      <form method="get" action="/admin/audit" className="admin-card audit-filters" aria-label={AUDIT_TEXTS.filtersLabel}>
        <div className="field">
          <label htmlFor="audit-person">{AUDIT_TEXTS.person}</label>
          <select id="audit-person" name="person" defaultValue={query.person ?? ''}>
            <option value="">{AUDIT_TEXTS.everyone}</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-action">{AUDIT_TEXTS.action}</label>
          <select id="audit-action" name="action" defaultValue={query.action ?? ''}>
            <option value="">{AUDIT_TEXTS.everyAction}</option>
            {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="audit-filter-actions">
          <button type="submit" className="button button-primary">
            {AUDIT_TEXTS.apply}
          </button>
          {filtered && <a href="/admin/audit">{AUDIT_TEXTS.clear}</a>}
        </div>
      </form>
      <AdminTable
        label={AUDIT_TEXTS.title}
        caption={AUDIT_TEXTS.caption}
        rows={entries}
        rowKey={(e) => e.id}
        empty={<p role="status">{filtered ? AUDIT_TEXTS.noneMatch : AUDIT_TEXTS.empty}</p>}
        columns={[
          { header: AUDIT_TEXTS.when, cell: (e) => formatDateTime(e.createdAt, timeZone) },
          { header: AUDIT_TEXTS.who, cell: (e) => (e.actorHref ? <a href={e.actorHref}>{e.actor}</a> : (e.actor ?? AUDIT_TEXTS.noActor)) },
          { header: AUDIT_TEXTS.what, cell: (e) => actionLabel(e.action) },
          { header: AUDIT_TEXTS.detail, cell: (e) => <Detail entry={e} />, className: 'wrap' },
          { header: AUDIT_TEXTS.ip, cell: (e) => e.ip },
        ]}
      />
      <nav aria-label={ADMIN_TEXT.pager} className="pager">
        {query.cursor && <a href={`/admin/audit${auditQueryString({ ...query, cursor: undefined })}`}>{AUDIT_TEXTS.newest}</a>}
        {nextCursor && (
          <a href={`/admin/audit${auditQueryString({ ...query, cursor: nextCursor })}`} rel="next">
            {AUDIT_TEXTS.older}
          </a>
        )}
      </nav>
    </AdminShell>
  );
}
