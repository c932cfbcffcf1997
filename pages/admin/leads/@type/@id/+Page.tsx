import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import {
  LEAD_STATUS_LABELS,
  LEAD_TRANSITIONS,
  LEAD_TYPE_LABELS,
  type LeadDetail,
  NOTIFICATION_LABELS,
  type LeadStatus,
} from '../../../../../shared/admin.ts';
import { AdminShell } from '../../../ui/AdminShell.tsx';
import { adminApi, errorMessage } from '../../../../../components/request.ts';
import { ConfirmButton } from '../../../ui/ConfirmButton.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { RetryButton } from '../../../ui/RetryButton.tsx';
import { ADMIN_MESSAGES } from '../../../../../shared/messages.ts';

/** The button text for moving a lead to each status. */
const ACTION_LABELS: Record<LeadStatus, string> = {
  new: 'Not spam',
  contacted: 'Mark contacted',
  quoted: 'Mark quoted',
  won: 'Mark won',
  lost: 'Mark lost',
  spam: 'Mark as spam',
};

/** One lead: every field as text (never HTML), delivery of its notifications, notes and its status. */
export default function LeadPage() {
  const initial = useData<LeadDetail>();
  const { csrfToken, timeZone } = usePageContext();
  const [lead, setLead] = useState(initial);
  const [notes, setNotes] = useState(initial.notes);
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const url = `/api/admin/leads/${lead.type}/${lead.id}`;

  async function update(patch: { status?: LeadStatus; notes?: string }, done: string) {
    setBusy(true);
    setStatus(null);
    try {
      const updated = await adminApi<LeadDetail>('PATCH', url, csrfToken, patch);
      setLead(updated);
      setNotes(updated.notes);
      setStatus({ kind: 'success', text: done });
    } catch (err) {
      setStatus({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminShell title={`${LEAD_TYPE_LABELS[lead.type]} from ${lead.name}`}>
      <p>
        <a href="/admin/leads">← All leads</a>
      </p>
      <div role={status?.kind === 'error' ? 'alert' : 'status'} className={status ? `notice notice-${status.kind}` : undefined}>
        {status?.text}
      </div>
      <div className="lead-layout">
        <section aria-labelledby="fields-heading" className="admin-card">
          <h2 id="fields-heading">Details</h2>
          <dl className="lead-fields">
            <div>
              <dt>Received</dt>
              <dd>{formatDateTime(lead.createdAt, timeZone)}</dd>
            </div>
            {lead.fields.map((f) => (
              <div key={f.name}>
                <dt>{f.label}</dt>
                <dd>{f.name === 'email' ? <a href={`mailto:${f.value}`}>{f.value}</a> : f.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <div className="lead-side">
          <section aria-labelledby="status-heading" className="admin-card">
            <h2 id="status-heading">Status</h2>
            <p>
              Current status: <span className={`badge badge-${lead.status}`}>{LEAD_STATUS_LABELS[lead.status]}</span>
            </p>
            <div className="button-row">
              {LEAD_TRANSITIONS[lead.status].map((next) => (
                <button
                  key={next}
                  type="button"
                  className="button button-small"
                  disabled={busy}
                  onClick={() => update({ status: next }, `Status changed to ${LEAD_STATUS_LABELS[next]}.`)}
                >
                  {ACTION_LABELS[next]}
                </button>
              ))}
            </div>
          </section>

          <section aria-labelledby="notes-heading" className="admin-card">
            <h2 id="notes-heading">Internal notes</h2>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void update({ notes }, ADMIN_MESSAGES.notesSaved);
              }}
            >
              <div className="field">
                <label htmlFor="lead-notes">Notes (staff only)</label>
                <textarea id="lead-notes" rows={6} maxLength={10_000} value={notes} onChange={(e) => setNotes(e.target.value)} />
              </div>
              <button type="submit" className="button button-primary" disabled={busy}>
                Save notes
              </button>
            </form>
          </section>

          <section aria-labelledby="notify-heading" className="admin-card">
            <h2 id="notify-heading">Notifications</h2>
            {lead.notifications.length === 0 ? (
              <p>No notifications for this lead.</p>
            ) : (
              <ul className="plain-list">
                {lead.notifications.map((n) => (
                  <li key={n.id}>
                    <strong>{NOTIFICATION_LABELS[n.kind] ?? n.kind}</strong>: {n.status}
                    {n.deliveredAt ? ` ${formatDateTime(n.deliveredAt, timeZone)}` : ''}
                    {n.attempts > 0 && !n.deliveredAt ? ` after ${n.attempts} attempts` : ''}
                    {n.lastError && !n.deliveredAt && <div className="muted small">{n.lastError}</div>}
                    {n.status === 'failed' && <RetryButton id={n.id} />}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="delete-heading" className="admin-card">
            <h2 id="delete-heading">Delete</h2>
            <p className="muted">Erases this lead and its notifications for good, for example when the person asks.</p>
            <ConfirmButton
              label="Delete lead"
              question={`Delete everything ${lead.name} sent? This cannot be undone.`}
              confirmLabel="Yes, delete this lead"
              onConfirm={async () => {
                try {
                  await adminApi('DELETE', url, csrfToken);
                  window.location.assign('/admin/leads');
                } catch (err) {
                  setStatus({ kind: 'error', text: errorMessage(err) });
                }
              }}
            />
          </section>
        </div>
      </div>
    </AdminShell>
  );
}
