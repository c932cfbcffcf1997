import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { LEAD_TYPE_LABELS, type LeadSummary, NOTIFICATION_LABELS, REPLY_PROMISE_HOURS, type PendingDelivery, isOverdue, leadStatusLabel } from '../../../shared/admin.ts';
import { INBOX_MESSAGES } from '../../../shared/messages.ts';
import { formatWholeNumber } from '../../../shared/numbers.ts';
import { serviceName } from '../../../shared/lead-fields.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { AdminTable, RowTarget } from '../ui/AdminTable.tsx';
import { formatDateTime, leadHref } from '../ui/format.ts';
import { RetryButton } from '../ui/RetryButton.tsx';
import type { DashboardPageData } from './+data.ts';
import { LeadsChart } from './LeadsChart.tsx';

/** Its status, and for a new lead how long it has waited: "3 h ago", marked overdue past the reply promise. */
function StatusAndAge({ lead, now }: { lead: LeadSummary; now: string }) {
  const waited = Date.parse(now) - Date.parse(lead.createdAt);
  return (
    <>
      <span className={`badge badge-${lead.status}`}>{leadStatusLabel(lead)}</span>{' '}
      <span className="lead-age">{INBOX_MESSAGES.age(waited)}</span>
      {isOverdue(lead, now) && (
        <>
          {' '}
          <strong className="badge badge-danger">{INBOX_MESSAGES.overdue}</strong>
        </>
      )}
    </>
  );
}

/**
 * What waits to be sent and why: without SMTP (or the webhook) configured, messages are kept, not delivered,
 * and the dashboard says so instead of "all delivered".
 */
function PendingNotices({ pending }: { pending: PendingDelivery }) {
  const notices = [
    pending.emails > 0 && !pending.hasSmtp ? INBOX_MESSAGES.emailsWaitForSmtp(pending.emails) : null,
    pending.webhooks > 0 && !pending.hasWebhook ? INBOX_MESSAGES.webhooksWaitForUrl(pending.webhooks) : null,
  ].filter((text) => text !== null);
  const queued = (pending.hasSmtp ? pending.emails : 0) + (pending.hasWebhook ? pending.webhooks : 0);
  return (
    <>
      {notices.map((text) => (
        <p key={text} className="notice notice-warning">
          {text}
        </p>
      ))}
      {queued > 0 && <p>{INBOX_MESSAGES.queued(queued)}</p>}
    </>
  );
}

export default function DashboardPage() {
  const { dashboard: d, now } = useData<DashboardPageData>();
  const { timeZone } = usePageContext();
  const pendingCount = d.pending.emails + d.pending.webhooks;
  const newShownAbove = d.recentQuotes.some((q) => q.status === 'new');
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
        <AdminTable
          label="Recent quote requests"
          rows={d.recentQuotes}
          rowKey={(q) => q.id}
          linkedRows
          empty={<p>No quote requests yet.</p>}
          columns={[
            { header: 'Service', cell: (q) => serviceName(q.service) },
            { header: 'Name', cell: (q) => <RowTarget href={leadHref(q.type, q.id)}>{q.name}</RowTarget> },
            { header: 'Company', cell: (q) => q.company },
            { header: 'Email', cell: (q) => q.email },
            { header: 'Received', cell: (q) => formatDateTime(q.createdAt, timeZone) },
            { header: 'Status', cell: (q) => <StatusAndAge lead={q} now={now} /> },
          ]}
        />
      </section>

      <section aria-labelledby="new-heading" className="admin-section">
        <h2 id="new-heading">Waiting for a reply ({formatWholeNumber(d.newLeadCount)})</h2>
        <p className="muted">{INBOX_MESSAGES.replyPromise(REPLY_PROMISE_HOURS)}</p>
        {d.newLeadCount === 0 && <p>Every lead has been contacted.</p>}
        {newShownAbove && <p className="muted">{INBOX_MESSAGES.waitingShownAbove}</p>}
        {d.newLeads.length > 0 && (
          <ul className="lead-list">
            {d.newLeads.map((l) => {
              return (
                <li key={`${l.type}-${l.id}`} className={isOverdue(l, now) ? 'overdue' : undefined}>
                  <a href={leadHref(l.type, l.id)}>{l.name}</a>
                  <span>
                    {LEAD_TYPE_LABELS[l.type]}
                    {l.service ? ` · ${serviceName(l.service)}` : ''} · {formatDateTime(l.createdAt, timeZone)}
                  </span>
                  <span>
                    <StatusAndAge lead={l} now={now} />
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="outbox-heading" className="admin-section">
        <h2 id="outbox-heading">Notifications</h2>
        <PendingNotices pending={d.pending} />
        {d.outboxFailures.length === 0 ? (
          pendingCount === 0 && <p>{INBOX_MESSAGES.allDelivered}</p>
        ) : (
          <>
            <h3>Notification failures ({formatWholeNumber(d.outboxFailureCount)})</h3>
            <p className="muted">
              {d.outboxFailureCount > d.outboxFailures.length
                ? `${INBOX_MESSAGES.failuresListed(d.outboxFailures.length, d.outboxFailureCount)} `
                : ''}
              {INBOX_MESSAGES.failuresRetryHint} <RetryButton>Retry all now</RetryButton>
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
