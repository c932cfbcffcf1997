import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { LEAD_TYPE_LABELS, NOTIFICATION_LABELS, REPLY_PROMISE_HOURS } from '../../../shared/admin.ts';
import { formatWholeNumber } from '../../../shared/numbers.ts';
import { serviceName } from '../../../shared/lead-fields.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { TableScroll } from '../ui/TableScroll.tsx';
import { formatDateTime, leadHref } from '../ui/format.ts';
import { RetryButton } from '../ui/RetryButton.tsx';
import type { DashboardPageData } from './+data.ts';
import { LeadsChart } from './LeadsChart.tsx';

export default function DashboardPage() {
  const { dashboard: d, now } = useData<DashboardPageData>();
  const { timeZone } = usePageContext();
  const overdueBefore = Date.parse(now) - REPLY_PROMISE_HOURS * 3600_000;
  const counts = [
    { label: 'Quote requests', value: d.counts.quotes, href: '/admin/leads?type=quote' },
    { label: 'Contact messages', value: d.counts.contacts, href: '/admin/leads?type=contact' },
    { label: 'Published posts', value: d.counts.published, href: '/admin/blog' },
    { label: 'Drafts', value: d.counts.drafts, href: '/admin/blog' },
    { label: 'Scheduled posts', value: d.counts.scheduled, href: '/admin/blog' },
  ];
  return (
    <AdminShell
      title="Dashboard"
      actions={
        <a href="/admin/blog-editor" className="button button-primary">
          New post
        </a>
      }
    >
      <dl className="admin-counts">
        {counts.map((c) => (
          <div key={c.label} className="count-card">
            <dt>
              <a href={c.href}>{c.label}</a>
            </dt>
            <dd>{formatWholeNumber(c.value)}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="recent-heading" className="admin-section">
        <h2 id="recent-heading">Recent quote requests</h2>
        {d.recentQuotes.length === 0 ? (
          <p>No quote requests yet.</p>
        ) : (
          <TableScroll label="Recent quote requests">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Service</th>
                  <th scope="col">Name</th>
                  <th scope="col">Company</th>
                  <th scope="col">Email</th>
                  <th scope="col">Received</th>
                </tr>
              </thead>
              <tbody>
                {d.recentQuotes.map((q) => (
                  <tr key={q.id}>
                    <td>{serviceName(q.service)}</td>
                    <td>
                      <a href={leadHref(q.type, q.id)}>{q.name}</a>
                    </td>
                    <td>{q.company}</td>
                    <td>{q.email}</td>
                    <td>{formatDateTime(q.createdAt, timeZone)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      <section aria-labelledby="new-heading" className="admin-section">
        <h2 id="new-heading">Waiting for a reply ({formatWholeNumber(d.newLeadCount)})</h2>
        <p className="muted">We promise a reply within {REPLY_PROMISE_HOURS} hours; leads waiting longer are marked overdue.</p>
        {d.newLeads.length === 0 ? (
          <p>Every lead has been contacted.</p>
        ) : (
          <ul className="lead-list">
            {d.newLeads.map((l) => {
              const overdue = Date.parse(l.createdAt) < overdueBefore;
              return (
                <li key={`${l.type}-${l.id}`} className={overdue ? 'overdue' : undefined}>
                  <a href={leadHref(l.type, l.id)}>{l.name}</a>
                  <span>
                    {LEAD_TYPE_LABELS[l.type]}
                    {l.service ? ` · ${serviceName(l.service)}` : ''} · {formatDateTime(l.createdAt, timeZone)}
                  </span>
                  {overdue && <strong className="badge badge-danger">Overdue</strong>}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="outbox-heading" className="admin-section">
        <h2 id="outbox-heading">Notification failures ({formatWholeNumber(d.outboxFailureCount)})</h2>
        {d.outboxFailures.length === 0 ? (
          <p>All notifications were delivered.</p>
        ) : (
          <>
            <p className="muted">
              {d.outboxFailureCount > d.outboxFailures.length
                ? `The ${d.outboxFailures.length} newest of ${formatWholeNumber(d.outboxFailureCount)}. `
                : ''}
              Notifications waiting for SMTP or the webhook are retried by themselves within a minute of its return.{' '}
              <RetryButton>Retry all now</RetryButton>
            </p>
            <ul className="lead-list">
              {d.outboxFailures.map((f) => (
                <li key={f.id}>
                  <a href={leadHref(f.leadType, f.leadId)}>
                    {NOTIFICATION_LABELS[f.kind] ?? f.kind} for a {LEAD_TYPE_LABELS[f.leadType].toLowerCase()}
                  </a>
                  <span>
                    {f.attempts} attempts · {f.lastError ?? 'failed'}
                  </span>
                  <RetryButton id={f.id} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="chart-heading" className="admin-section">
        <h2 id="chart-heading">Leads per week</h2>
        <LeadsChart weeks={d.weekly} />
      </section>
    </AdminShell>
  );
}
