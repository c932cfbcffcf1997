import { LEAD_WORK_MESSAGES } from '../../../shared/lead-work-messages.ts';
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { LEAD_STATUS_FILTERS, LEAD_TYPES } from '../../../shared/admin.ts';
import { LEAD_STATUS_FILTER_LABELS, LEAD_TYPE_LABELS, leadStatusLabel } from '../../../shared/admin-messages.ts';
import { COMMON_FIELDS } from '../../../shared/lead-fields.ts';
import { useServiceName } from '../ui/use-service-name.ts';
import { ADMIN_SECTIONS, ADMIN_TEXT, LEADS_TEXT } from '../../../shared/admin-texts.ts';
import { leadFilterQuery } from '../../../shared/admin.ts';
import { SERVICE_IDS } from '../../../shared/services.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { AdminTable, RowTarget } from '../ui/AdminTable.tsx';
import { formatDateTime, leadHref } from '../ui/format.ts';
import type { LeadsPageData } from './+data.ts';
import { EmailAddress } from '../ui/EmailAddress.tsx';
import { LEAD_WORK_TEXT } from '../../../shared/lead-work-texts.ts';
import { can } from '../../../shared/roles.ts';

/** One filter of the GET form: "Any" or one of the options, as [value, label] pairs. */
function FilterSelect(props: {
  name: string;
  label: string;
  value: string | undefined;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  const id = `f-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} defaultValue={props.value ?? ''}>
        <option value="">{LEADS_TEXT.any}</option>
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
  const { timeZone, csrfToken, user } = usePageContext();
  const serviceName = useServiceName();
  const mine = Boolean(user && filter.assignee === user.id);
  const { cursor, ...withoutCursor } = filter;
  const activeFilters = Object.values(withoutCursor).filter(Boolean).length;
  // On a phone the six fields fold behind one button, so the first lead is on the first screen (admin.css).
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
    <AdminShell
      title={ADMIN_SECTIONS.leads.label}
      actions={
        // A POST with the CSRF token: a link on another site cannot start an (audited) export.
        <form method="post" action="/admin/leads/export.csv">
          <input type="hidden" name="_csrf" value={csrfToken ?? ''} />
          {Object.entries(withoutCursor).map(([name, value]) =>
            value ? <input key={name} type="hidden" name={name} value={String(value)} /> : null,
          )}
          <button type="submit" className="button button-ghost-dark">
            {LEADS_TEXT.exportCsv}
          </button>
        </form>
      }
    >
      {user && (
        <p className="button-row">
          <a
            href={`/admin/leads${leadFilterQuery({ assignee: user.id })}`}
            aria-current={mine ? 'page' : undefined}
            className={mine ? 'button button-primary' : 'button button-ghost-dark'}
          >
            {LEAD_WORK_MESSAGES.assignedToMe}
          </a>
          {can(user.role, 'leads.reply') && (
            <a href="/admin/leads/saved-replies" className="button button-ghost-dark">
              {LEAD_WORK_MESSAGES.savedReplies}
            </a>
          )}
        </p>
      )}
      <button
        type="button"
        className="button button-ghost-dark filter-toggle"
        aria-expanded={filtersOpen}
        aria-controls="lead-filters"
        onClick={() => setFiltersOpen((open) => !open)}
      >
        {LEADS_TEXT.filtersButton(activeFilters)}
      </button>
      <form
        id="lead-filters"
        method="get"
        action="/admin/leads"
        className="filter-form"
        data-folded={!filtersOpen || undefined}
        role="search"
        aria-label={LEADS_TEXT.filtersLabel}
      >
        <div className="field">
          <label htmlFor="f-q">{LEADS_TEXT.search}</label>
          <input id="f-q" name="q" type="search" defaultValue={filter.q ?? ''} maxLength={200} />
        </div>
        <FilterSelect name="type" label={LEADS_TEXT.type} value={filter.type} options={LEAD_TYPES.map((t) => [t, LEAD_TYPE_LABELS[t]])} />
        <FilterSelect
          name="status"
          label={ADMIN_TEXT.status}
          value={filter.status}
          options={LEAD_STATUS_FILTERS.map((s) => [s, LEAD_STATUS_FILTER_LABELS[s]])}
        />
        <FilterSelect
          name="service"
          label={COMMON_FIELDS.service.label}
          value={filter.service}
          options={SERVICE_IDS.map((id) => [id, serviceName(id)])}
        />
        <div className="field">
          <label htmlFor="f-from">{LEADS_TEXT.receivedFrom}</label>
          <input id="f-from" name="from" type="date" defaultValue={filter.from ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="f-to">{LEADS_TEXT.receivedTo}</label>
          <input id="f-to" name="to" type="date" defaultValue={filter.to ?? ''} />
        </div>
        {filter.assignee && <input type="hidden" name="assignee" value={filter.assignee} />}
        <div className="filter-actions">
          <button type="submit" className="button button-primary">
            {ADMIN_TEXT.filter}
          </button>
          <a href="/admin/leads" className="button button-ghost-dark">
            {LEADS_TEXT.clear}
          </a>
        </div>
      </form>

      <AdminTable
        label={ADMIN_SECTIONS.leads.label}
        caption={LEADS_TEXT.caption}
        rows={page.leads}
        rowKey={(l) => `${l.type}-${l.id}`}
        linkedRows
        rowClassName={(l) => (l.status === 'spam' ? 'is-spam' : undefined)}
        empty={<p role="status">{LEADS_TEXT.noneMatch}</p>}
        columns={[
          { header: LEADS_TEXT.type, cell: (l) => LEAD_TYPE_LABELS[l.type] },
          {
            header: ADMIN_TEXT.name,
            cell: (l) => (
              <>
                <RowTarget href={leadHref(l.type, l.id)}>{l.name}</RowTarget>
                <div className="muted small">
                  <EmailAddress email={l.email} />
                </div>
              </>
            ),
          },
          { header: COMMON_FIELDS.company.label, cell: (l) => l.company },
          { header: COMMON_FIELDS.service.label, cell: (l) => serviceName(l.service) },
          { header: ADMIN_TEXT.status, cell: (l) => <span className={`badge badge-${l.status}`}>{leadStatusLabel(l)}</span> },
          { header: LEAD_WORK_TEXT.assignedTo, cell: (l) => l.assignee?.name ?? '' },
          { header: LEADS_TEXT.received, cell: (l) => formatDateTime(l.createdAt, timeZone) },
        ]}
      />
      <nav aria-label={ADMIN_TEXT.pager} className="pager">
        {cursor && <a href={`/admin/leads${leadFilterQuery(withoutCursor)}`}>{LEADS_TEXT.firstPage}</a>}
        {page.nextCursor && (
          <a href={`/admin/leads${leadFilterQuery({ ...withoutCursor, cursor: page.nextCursor })}`} rel="next">
            {LEADS_TEXT.older}
          </a>
        )}
      </nav>
    </AdminShell>
  );
}
