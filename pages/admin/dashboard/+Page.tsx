import { LEAD_WORK_MESSAGES } from '../../../shared/lead-work-messages.ts';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import {
  type DashboardData,
  type LeadSummary,
  type OffsiteBackupStatus,
  POSSIBLE_SPAM,
  REPLY_PROMISE_HOURS,
  type PendingDelivery,
  isOverdue,
  leadFilterQuery,
} from '../../../shared/admin.ts';
import { formatCalendarDate } from '../../../shared/dates.ts';
import { localDate } from '../../../shared/zoned-time.ts';
import { LEAD_TYPE_LABELS, LEAD_TYPE_NOUNS, NOTIFICATION_LABELS, leadStatusLabel } from '../../../shared/admin-messages.ts';
import {
  ADMIN_SECTIONS,
  ADMIN_TEXT,
  DASHBOARD_TEXT,
  EDITOR_MESSAGES,
  INBOX_MESSAGES,
  LEADS_TEXT,
  POSTS_TEXT,
} from '../../../shared/admin-texts.ts';
import type { AdminPostSummary } from '../../../shared/blog.ts';
import { formatWholeNumber } from '../../../shared/numbers.ts';
import { COMMON_FIELDS } from '../../../shared/lead-fields.ts';
import { useServiceName } from '../ui/use-service-name.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { AdminTable, RowTarget } from '../ui/AdminTable.tsx';
import { formatDateTime, leadHref } from '../ui/format.ts';
import { RetryButton } from '../ui/RetryButton.tsx';
import type { DashboardPageData } from './+data.ts';
import { LeadsChart } from './LeadsChart.tsx';
import { ANALYTICS_TEXT, type AnalyticsSummary } from '../../../shared/analytics.ts';
import { EmailAddress } from '../ui/EmailAddress.tsx';
import { TitledSection } from '../ui/TitledSection.tsx';

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
  const { dashboard, now } = useData<DashboardPageData>();
  const { user } = usePageContext();
  const { leads, posts, analytics, backup } = dashboard;
  const counts = [
    ...(leads
      ? [
          { label: DASHBOARD_TEXT.counts.quotes, value: leads.counts.quotes, href: '/admin/leads?type=quote' },
          { label: DASHBOARD_TEXT.counts.contacts, value: leads.counts.contacts, href: '/admin/leads?type=contact' },
          ...(user
            ? [
                {
                  label: LEAD_WORK_MESSAGES.assignedToYou,
                  value: leads.assignedToYou,
                  href: `/admin/leads${leadFilterQuery({ assignee: user.id })}`,
                },
              ]
            : []),
        ]
      : []),
    ...(posts
      ? [
          { label: DASHBOARD_TEXT.counts.published, value: posts.counts.published, href: '/admin/blog' },
          { label: DASHBOARD_TEXT.counts.drafts, value: posts.counts.drafts, href: '/admin/blog' },
          { label: DASHBOARD_TEXT.counts.scheduled, value: posts.counts.scheduled, href: '/admin/blog' },
        ]
      : []),
  ];
  return (
    <AdminShell
      title={ADMIN_SECTIONS.dashboard.label}
      actions={
        posts && (
          <a href="/admin/blog-editor" className="button button-primary">
            {POSTS_TEXT.newPost}
          </a>
        )
      }
    >
      {/* Each part only for a role that may see it (docs/product.md#roles): no figure links to a refusal. */}
      {counts.length > 0 && (
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
      )}
      {analytics && <VisitsSummary summary={analytics} />}
      {posts?.awaitingReview && <AwaitingReview posts={posts.awaitingReview} />}
      {leads && <LeadSections d={leads} now={now} />}
      {backup && <OffsiteBackup status={backup} now={now} />}
    </AdminShell>
  );
}

/** Visitors this week against last week, and this week's leads by the channel that brought them. */
function VisitsSummary({ summary }: { summary: AnalyticsSummary }) {
  return (
    <TitledSection id="visits" heading={ANALYTICS_TEXT.visitorsHeading} className="admin-section">
      <dl className="admin-counts">
        {[
          { label: ANALYTICS_TEXT.thisWeek, value: summary.visitorsThisWeek },
          { label: ANALYTICS_TEXT.lastWeek, value: summary.visitorsLastWeek },
        ].map((c) => (
          <div key={c.label} className="count-card">
            <dt>{c.label}</dt>
            <dd>{formatWholeNumber(c.value)}</dd>
          </div>
        ))}
      </dl>
      {summary.leadsByChannel && (
        <>
          <h3>{ANALYTICS_TEXT.leadsByChannel}</h3>
          {summary.leadsByChannel.length === 0 ? (
            <p>{ANALYTICS_TEXT.noLeadsThisWeek}</p>
          ) : (
            <ul className="plain-list">
              {summary.leadsByChannel.map((c) => (
                <li key={c.channel}>
                  {ANALYTICS_TEXT.channels[c.channel]}: {formatWholeNumber(c.leads)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <p>
        <a href="/admin/analytics">{ANALYTICS_TEXT.openAnalytics}</a>
      </p>
    </TitledSection>
  );
}

/** The Owner's line: when the last off-site backup went, and a warning when it is overdue or its check failed. */
function OffsiteBackup({ status, now }: { status: OffsiteBackupStatus; now: string }) {
  const text = DASHBOARD_TEXT.backup;
  const ago = (iso: string) => text.ago(Date.parse(now) - Date.parse(iso));
  const warnings = [status.overdue && text.overdue, status.verifyFailed && text.verifyFailed].filter((w) => typeof w === 'string');
  return (
    <TitledSection id="backup" heading={text.heading} className="admin-section">
      {status.state === 'on' ? (
        <p>
          {status.lastUploadAt ? text.last(ago(status.lastUploadAt)) : text.none}
          {status.lastVerifiedAt && <> {text.checked(ago(status.lastVerifiedAt))}</>}
        </p>
      ) : (
        <p>{status.state === 'off' ? text.off : text.database}</p>
      )}
      {warnings.map((warning) => (
        <p key={warning} role="alert" className="notice notice-warning">
          {warning}
          {status.lastError && <> {text.lastError(status.lastError)}</>}
        </p>
      ))}
    </TitledSection>
  );
}

/** Drafts their Authors submitted, oldest request first, for those who may publish. */
function AwaitingReview({ posts }: { posts: AdminPostSummary[] }) {
  const { timeZone } = usePageContext();
  return (
    <TitledSection id="review" heading={EDITOR_MESSAGES.waitingForReview} className="admin-section">
      {posts.length === 0 ? (
        <p>{DASHBOARD_TEXT.nothingToReview}</p>
      ) : (
        <ul className="lead-list">
          {posts.map((post) => (
            <li key={post.id}>
              <a href={`/admin/blog-editor/${post.id}`}>{post.title}</a>
              <span>
                {post.author} · {formatDateTime(post.reviewRequestedAt!, timeZone)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

/** The leads' part: recent quotes, leads waiting for a reply, notifications, and the weekly chart. */
/** "Follow-ups due": open leads to follow up today or earlier, the viewer's own first (docs/product.md#lead-work). */
function FollowUpsDue({ leads, today }: { leads: LeadSummary[]; today: string }) {
  const { user } = usePageContext();
  const W = LEAD_WORK_MESSAGES;
  return (
    <TitledSection id="follow-ups" heading={W.followUpsDue} className="admin-section">
      {leads.length === 0 ? (
        <p>{W.noFollowUpsDue}</p>
      ) : (
        <ul className="lead-list">
          {leads.map((l) => {
            const overdue = l.followUpOn! < today;
            return (
              <li key={`${l.type}-${l.id}`} className={overdue ? 'overdue' : undefined}>
                <a href={leadHref(l.type, l.id)}>{l.name}</a>
                <span>
                  {overdue ? <strong className="badge badge-danger">{W.followUpOverdue}</strong> : W.followUpToday}{' '}
                  {formatCalendarDate(l.followUpOn!)}
                  {l.assignee && ` · ${l.assignee.id === user?.id ? W.yours : l.assignee.name}`}
                </span>
                {l.followUpNote && <span>{l.followUpNote}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </TitledSection>
  );
}

function LeadSections({ d, now }: { d: DashboardData; now: string }) {
  const { timeZone } = usePageContext();
  const serviceName = useServiceName();
  const pendingCount = d.pending.emails + d.pending.webhooks;
  return (
    <>
      <FollowUpsDue leads={d.followUpsDue} today={localDate(new Date(now), timeZone)} />
      <TitledSection id="recent" heading={DASHBOARD_TEXT.recentHeading} className="admin-section">
        <AdminTable
          label={DASHBOARD_TEXT.recentHeading}
          rows={d.recentQuotes}
          rowKey={(q) => q.id}
          linkedRows
          empty={<p>{DASHBOARD_TEXT.noQuotes}</p>}
          columns={[
            { header: COMMON_FIELDS.service.label, cell: (q) => serviceName(q.service) },
            { header: ADMIN_TEXT.name, cell: (q) => <RowTarget href={leadHref(q.type, q.id)}>{q.name}</RowTarget> },
            { header: COMMON_FIELDS.company.label, cell: (q) => q.company },
            { header: COMMON_FIELDS.email.label, cell: (q) => <EmailAddress email={q.email} /> },
            { header: LEADS_TEXT.received, cell: (q) => formatDateTime(q.createdAt, timeZone) },
            { header: ADMIN_TEXT.status, cell: (q) => <StatusAndAge lead={q} now={now} /> },
          ]}
        />
      </TitledSection>

      <section aria-labelledby="new-heading" className="admin-section">
        <h2 id="new-heading">
          {DASHBOARD_TEXT.waitingHeading.before}
          {formatWholeNumber(d.newLeadCount)}
          {DASHBOARD_TEXT.waitingHeading.after}
        </h2>
        <p className="muted">{INBOX_MESSAGES.replyPromise(REPLY_PROMISE_HOURS)}</p>
        {d.newLeadCount === 0 && <p>{DASHBOARD_TEXT.allContacted}</p>}
        {d.releasedLeadCount > 0 && (
          <p className="notice notice-warning">
            {LEAD_WORK_MESSAGES.unassignedAfterDeactivation(d.releasedLeadCount)} <a href="/admin/leads">{LEAD_WORK_MESSAGES.openInbox}</a>
          </p>
        )}
        {d.heldLeadCount > 0 && (
          <p>
            <a href={`/admin/leads?status=${POSSIBLE_SPAM}`}>{DASHBOARD_TEXT.heldLeads(d.heldLeadCount)}</a>.{' '}
            <span className="muted">{DASHBOARD_TEXT.heldHint}</span>
          </p>
        )}
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
        {d.newLeadCount > d.newLeads.length && (
          <p>
            <a href="/admin/leads?status=new">{DASHBOARD_TEXT.allWaiting(d.newLeadCount)}</a>
          </p>
        )}
      </section>

      <TitledSection id="outbox" heading={LEADS_TEXT.notifications} className="admin-section">
        <PendingNotices pending={d.pending} />
        {d.outboxFailures.length === 0 ? (
          pendingCount === 0 && <p>{INBOX_MESSAGES.allDelivered}</p>
        ) : (
          <>
            <h3>
              {DASHBOARD_TEXT.failuresHeading.before}
              {formatWholeNumber(d.outboxFailureCount)}
              {DASHBOARD_TEXT.failuresHeading.after}
            </h3>
            <p className="muted">
              {d.outboxFailureCount > d.outboxFailures.length
                ? `${INBOX_MESSAGES.failuresListed(d.outboxFailures.length, d.outboxFailureCount)} `
                : ''}
              {INBOX_MESSAGES.failuresRetryHint} <RetryButton>{DASHBOARD_TEXT.retryAll}</RetryButton>
            </p>
            <ul className="lead-list">
              {d.outboxFailures.map((f) => (
                <li key={f.id}>
                  <a href={leadHref(f.leadType, f.leadId)}>
                    {NOTIFICATION_LABELS[f.kind] ?? f.kind}
                    {DASHBOARD_TEXT.failureFor}
                    {LEAD_TYPE_NOUNS[f.leadType].one}
                  </a>
                  <span>
                    {f.attempts}
                    {DASHBOARD_TEXT.attempts}
                    {f.lastError ?? DASHBOARD_TEXT.failed}
                  </span>
                  <RetryButton id={f.id} />
                </li>
              ))}
            </ul>
          </>
        )}
      </TitledSection>

      <TitledSection id="chart" heading={DASHBOARD_TEXT.chartHeading} className="admin-section">
        <LeadsChart weeks={d.weekly} />
      </TitledSection>
    </>
  );
}
