import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { LEAD_STATUSES, LEAD_STATUS_LABELS, LEAD_TYPE_LABELS, LEAD_TYPES, leadStatusLabel } from '../../../shared/admin.ts';
import { serviceName } from '../../../shared/lead-fields.ts';
import { leadFilterQuery } from '../../../shared/admin.ts';
import { SERVICES } from '../../../shared/services.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { AdminTable, RowTarget } from '../ui/AdminTable.tsx';
import { formatDateTime, leadHref } from '../ui/format.ts';
import type { LeadsPageData } from './+data.ts';

/** One filter of the GET form: "Any" or one of the options, as [value, label] pairs. */
function FilterSelect(props: { name: string; label: string; value: string | undefined; options: ReadonlyArray<readonly [string, string]> }) {
  const id = `f-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} defaultValue={props.value ?? ''}>
        <option value="">Any</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Quotes and contact messages in one list, newest first: a GET form filters, links page by keyset. */
export default function LeadsPage() {
  const { filter, page } = useData<LeadsPageData>();
  const { timeZone, csrfToken } = usePageContext();
  const { cursor, ...withoutCursor } = filter;
  return (
    <AdminShell
      title="Leads"
      actions={
        // A POST with the CSRF token: a link on another site cannot start an (audited) export.
        <form method="post" action="/admin/leads/export.csv">
          <input type="hidden" name="_csrf" value={csrfToken ?? ''} />
          {Object.entries(withoutCursor).map(([name, value]) =>
            value ? <input key={name} type="hidden" name={name} value={String(value)} /> : null,
          )}
          <button type="submit" className="button button-ghost-dark">
            Export CSV
          </button>
        </form>
      }
    >
      <form method="get" action="/admin/leads" className="filter-form" role="search" aria-label="Filter leads">
        <div className="field">
          <label htmlFor="f-q">Search name, email or company</label>
          <input id="f-q" name="q" type="search" defaultValue={filter.q ?? ''} maxLength={200} />
        </div>
        <FilterSelect name="type" label="Type" value={filter.type} options={LEAD_TYPES.map((t) => [t, LEAD_TYPE_LABELS[t]])} />
        <FilterSelect name="status" label="Status" value={filter.status} options={LEAD_STATUSES.map((s) => [s, LEAD_STATUS_LABELS[s]])} />
        <FilterSelect name="service" label="Service" value={filter.service} options={SERVICES.map((s) => [s.id, s.name])} />
        <div className="field">
          <label htmlFor="f-from">Received from</label>
          <input id="f-from" name="from" type="date" defaultValue={filter.from ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="f-to">Received to</label>
          <input id="f-to" name="to" type="date" defaultValue={filter.to ?? ''} />
        </div>
        <div className="filter-actions">
          <button type="submit" className="button button-primary">
            Filter
          </button>
          <a href="/admin/leads" className="button button-ghost-dark">
            Clear
          </a>
        </div>
      </form>

      <AdminTable
        label="Leads"
        caption="Leads, newest first"
        rows={page.leads}
        rowKey={(l) => `${l.type}-${l.id}`}
        linkedRows
        rowClassName={(l) => (l.status === 'spam' ? 'is-spam' : undefined)}
        empty={<p role="status">No leads match these filters.</p>}
        columns={[
          { header: 'Type', cell: (l) => LEAD_TYPE_LABELS[l.type] },
          {
            header: 'Name',
            cell: (l) => (
              <>
                <RowTarget href={leadHref(l.type, l.id)}>{l.name}</RowTarget>
                <div className="muted small">{l.email}</div>
              </>
            ),
          },
          { header: 'Company', cell: (l) => l.company },
          { header: 'Service', cell: (l) => serviceName(l.service) },
          { header: 'Status', cell: (l) => <span className={`badge badge-${l.status}`}>{leadStatusLabel(l)}</span> },
          { header: 'Received', cell: (l) => formatDateTime(l.createdAt, timeZone) },
        ]}
      />
      <nav aria-label="Pages" className="pager">
        {cursor && <a href={`/admin/leads${leadFilterQuery(withoutCursor)}`}>First page</a>}
        {page.nextCursor && (
          <a href={`/admin/leads${leadFilterQuery({ ...withoutCursor, cursor: page.nextCursor })}`} rel="next">
            Older leads
          </a>
        )}
      </nav>
    </AdminShell>
  );
}
