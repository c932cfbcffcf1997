import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { AUDIT_TEXT } from '../../../shared/audit-texts.ts';
import { type AuditLine, auditQueryString } from '../../../shared/admin.ts';
import { ADMIN_TEXT } from '../../../shared/admin-texts.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { AdminTable } from '../ui/AdminTable.tsx';
import { formatDateTime } from '../ui/format.ts';
import type { AuditData } from './+data.ts';

/** The entry as the server wrote it in words: its subject a link while that still exists. */
function Sentence({ entry }: { entry: AuditLine }) {
  return (
    <>
      {entry.sentence.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a key={i} href={part.href}>
            {part.label}
          </a>
        ),
      )}
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
    <AdminShell title={AUDIT_TEXT.title}>
      <form method="get" action="/admin/audit" className="admin-card audit-filters" aria-label={AUDIT_TEXT.filtersLabel}>
        <div className="field">
          <label htmlFor="audit-person">{AUDIT_TEXT.person}</label>
          <select id="audit-person" name="person" defaultValue={query.person ?? ''}>
            <option value="">{AUDIT_TEXT.everyone}</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-action">{AUDIT_TEXT.action}</label>
          <select id="audit-action" name="action" defaultValue={query.action ?? ''}>
            <option value="">{AUDIT_TEXT.everyAction}</option>
            {Object.entries(AUDIT_TEXT.actions).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="audit-filter-actions">
          <button type="submit" className="button button-primary">
            {AUDIT_TEXT.apply}
          </button>
          {filtered && <a href="/admin/audit">{AUDIT_TEXT.clear}</a>}
        </div>
      </form>
      <AdminTable
        label={AUDIT_TEXT.title}
        caption={AUDIT_TEXT.caption}
        className="audit-table"
        rows={entries}
        rowKey={(e) => e.id}
        empty={<p role="status">{filtered ? AUDIT_TEXT.noneMatch : AUDIT_TEXT.empty}</p>}
        columns={[
          {
            header: AUDIT_TEXT.when,
            cell: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt, timeZone)}</time>,
            className: 'audit-when',
          },
          // What before who: on a phone the time and the sentence fit the screen, the rest scrolls sideways.
          { header: AUDIT_TEXT.what, cell: (e) => <Sentence entry={e} />, className: 'audit-sentence' },
          {
            header: AUDIT_TEXT.who,
            cell: (e) => (e.actorHref ? <a href={e.actorHref}>{e.actorName}</a> : (e.actor ?? AUDIT_TEXT.noActor)),
          },
          { header: AUDIT_TEXT.ip, cell: (e) => e.ip },
        ]}
      />
      <nav aria-label={ADMIN_TEXT.pager} className="pager">
        {query.cursor && <a href={`/admin/audit${auditQueryString({ ...query, cursor: undefined })}`}>{AUDIT_TEXT.newest}</a>}
        {nextCursor && (
          <a href={`/admin/audit${auditQueryString({ ...query, cursor: nextCursor })}`} rel="next">
            {AUDIT_TEXT.older}
          </a>
        )}
      </nav>
    </AdminShell>
  );
}
