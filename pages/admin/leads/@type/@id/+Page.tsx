import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { LEAD_TRANSITIONS, type LeadDetail, type LeadOutcome, type LeadStatus, isOutcome } from '../../../../../shared/admin.ts';
import { LEAD_WORK_TEXT } from '../../../../../shared/lead-work-texts.ts';
import { formatAud } from '../../../../../shared/numbers.ts';
import { type OutcomeInput, OutcomeForm } from './OutcomeForm.tsx';
import {
  LEAD_STATUS_LABELS,
  LEAD_TYPE_LABELS,
  NOTIFICATION_LABELS,
  NOTIFICATION_STATES,
  leadStatusLabel,
} from '../../../../../shared/admin-messages.ts';
import { useServiceName } from '../../../ui/use-service-name.ts';
import { AdminShell } from '../../../ui/AdminShell.tsx';
import { RequestError, adminApi, errorMessage } from '../../../../../components/request.ts';
import { ConfirmButton } from '../../../ui/ConfirmButton.tsx';
import { type Notice, NoticeBox } from '../../../ui/Notice.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { RetryButton } from '../../../ui/RetryButton.tsx';
import { ADMIN_TEXT, INBOX_MESSAGES, LEADS_TEXT } from '../../../../../shared/admin-texts.ts';
import { can } from '../../../../../shared/roles.ts';
import { LeadNotes } from './LeadNotes.tsx';
import { AssigneeCard } from './AssigneeCard.tsx';
import { ReplyForm } from './ReplyForm.tsx';
import { FollowUpCard } from './FollowUpCard.tsx';
import { LeadSourceCard } from './LeadSourceCard.tsx';
import type { LeadPageData } from './+data.ts';
import { EmailAddress } from '../../../ui/EmailAddress.tsx';
import { phoneE164 } from '../../../../../shared/au-identifiers.ts';
import { TitledSection } from '../../../ui/TitledSection.tsx';

/** A mailto: link; the address is encoded whole (a `?` or `&` in it cannot add headers), keeping its `@` readable. */
function mailto(address: string, subject?: string): string {
  const to = `mailto:${encodeURIComponent(address).replace(/%40/g, '@')}`;
  return subject ? `${to}?subject=${encodeURIComponent(subject)}` : to;
}

/** A reply in the staff member's own mail program, addressed and with a subject that names the request. */
function replyHref(lead: LeadDetail, companyName: string, service: string): string {
  return mailto(lead.email, INBOX_MESSAGES.replySubject(lead.type, service, companyName));
}

/** A field's value as text; the e-mail address and phone number as links a phone can tap to write or call. */
function FieldValue({ name, value }: { name: string; value: string }) {
  if (name === 'email') {
    return (
      <a href={mailto(value)}>
        <EmailAddress email={value} />
      </a>
    );
  }
  return name === 'phone' ? <a href={`tel:${phoneE164(value)}`}>{value}</a> : value;
}

/** One lead: every field as text (never HTML), delivery of its notifications, its note history and its status. */
export default function LeadPage() {
  const { source, staff, savedReplies, ...initial } = useData<LeadPageData>();
  const { csrfToken, timeZone, settings, user } = usePageContext();
  const serviceName = useServiceName();
  const [lead, setLead] = useState(initial);
  const [status, setStatus] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  // "Won" and "Lost" ask for the value or the reason first.
  const [closing, setClosing] = useState<LeadOutcome | null>(null);
  const [outcomeError, setOutcomeError] = useState<string | undefined>();
  const url = `/api/admin/leads/${lead.type}/${lead.id}`;
  // Stored as spam on arrival: "not spam" sends the notifications it never sent.
  const held = lead.status === 'spam' && lead.spamReason !== null;

  async function update(next: LeadStatus, outcome: OutcomeInput = {}) {
    setBusy(true);
    setStatus(null);
    setOutcomeError(undefined);
    try {
      const updated = await adminApi<LeadDetail>('PATCH', url, csrfToken, { status: next, ...outcome });
      setLead(updated);
      setClosing(null);
      setStatus({ kind: 'success', text: held ? INBOX_MESSAGES.releasedFromSpam : INBOX_MESSAGES.statusChanged(LEAD_STATUS_LABELS[next]) });
    } catch (err) {
      if (err instanceof RequestError && err.fields.value) setOutcomeError(err.fields.value);
      else setStatus({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminShell
      title={LEADS_TEXT.leadTitle(LEAD_TYPE_LABELS[lead.type], lead.name)}
      actions={
        <a href={replyHref(lead, settings.name, serviceName(lead.service))} className="button button-primary">
          {INBOX_MESSAGES.replyByEmail}
        </a>
      }
    >
      <p>
        <a href="/admin/leads">{LEADS_TEXT.allLeads}</a>
      </p>
      <NoticeBox notice={status} />
      <div className="lead-layout">
        <div className="lead-side">
          <TitledSection id="fields" heading={LEADS_TEXT.details} className="admin-card">
            <dl className="lead-fields">
              <div>
                <dt>{LEADS_TEXT.received}</dt>
                <dd>{formatDateTime(lead.createdAt, timeZone)}</dd>
              </div>
              {lead.fields.map((f) => (
                <div key={f.name}>
                  <dt>{f.label}</dt>
                  <dd>
                    <FieldValue name={f.name} value={f.value} />
                  </dd>
                </div>
              ))}
            </dl>
          </TitledSection>

          {user && can(user.role, 'leads.reply') && <ReplyForm lead={lead} savedReplies={savedReplies} onSent={setLead} />}

          <LeadNotes lead={lead} onAdded={setLead} />
        </div>

        <div className="lead-side">
          <TitledSection id="status" heading={ADMIN_TEXT.status} className="admin-card">
            <p>
              {`${LEADS_TEXT.currentStatus} `}
              <span className={`badge badge-${lead.status}`}>{leadStatusLabel(lead)}</span>
            </p>
            {lead.wonValue !== null && <p>{LEAD_WORK_TEXT.valueShown(formatAud(lead.wonValue))}</p>}
            {lead.lostReason && <p>{LEAD_WORK_TEXT.lostReasonShown(LEAD_WORK_TEXT.lostReasons[lead.lostReason])}</p>}
            {held && (
              <p className="notice notice-warning">
                {lead.spamReason === 'too-fast' ? INBOX_MESSAGES.possibleSpam : INBOX_MESSAGES.honeypotSpam}
              </p>
            )}
            {closing ? (
              <OutcomeForm
                outcome={closing}
                busy={busy}
                error={outcomeError}
                onSubmit={(input) => void update(closing, input)}
                onCancel={() => {
                  setClosing(null);
                  setOutcomeError(undefined);
                }}
              />
            ) : (
              <div className="button-row">
                {LEAD_TRANSITIONS[lead.status].map((next) => (
                  <button
                    key={next}
                    type="button"
                    className={held ? 'button button-primary button-small' : 'button button-small'}
                    disabled={busy}
                    onClick={() => (isOutcome(next) ? setClosing(next) : void update(next))}
                  >
                    {held && next === 'new' ? INBOX_MESSAGES.notSpamAction : LEADS_TEXT.moveTo[next]}
                  </button>
                ))}
              </div>
            )}
          </TitledSection>

          {user && can(user.role, 'leads.assign') && <AssigneeCard lead={lead} staff={staff} onChange={setLead} />}

          {user && can(user.role, 'leads.work') && <FollowUpCard lead={lead} onChange={setLead} />}

          <LeadSourceCard source={source} />

          <TitledSection id="notify" heading={LEADS_TEXT.notifications} className="admin-card">
            {lead.notifications.length === 0 ? (
              <p>{LEADS_TEXT.noNotifications}</p>
            ) : (
              <ul className="plain-list">
                {lead.notifications.map((n) => (
                  <li key={n.id}>
                    <strong>{NOTIFICATION_LABELS[n.kind] ?? n.kind}</strong>: {NOTIFICATION_STATES[n.status] ?? n.status}
                    {n.deliveredAt ? ` ${formatDateTime(n.deliveredAt, timeZone)}` : ''}
                    {n.attempts > 0 && !n.deliveredAt ? ` ${LEADS_TEXT.afterAttempts(n.attempts)}` : ''}
                    {n.lastError && !n.deliveredAt && <div className="muted small">{n.lastError}</div>}
                    {n.status === 'failed' && <RetryButton id={n.id} />}
                  </li>
                ))}
              </ul>
            )}
          </TitledSection>

          {user && can(user.role, 'leads.delete') && (
            <TitledSection id="delete" heading={ADMIN_TEXT.delete} className="admin-card">
              <p className="muted">{LEADS_TEXT.deleteHint}</p>
              <ConfirmButton
                label={LEADS_TEXT.deleteLead}
                question={LEADS_TEXT.deleteQuestion(lead.name)}
                confirmLabel={LEADS_TEXT.deleteConfirm}
                onConfirm={async () => {
                  try {
                    await adminApi('DELETE', url, csrfToken);
                    window.location.assign('/admin/leads');
                  } catch (err) {
                    setStatus({ kind: 'error', text: errorMessage(err) });
                  }
                }}
              />
            </TitledSection>
          )}
        </div>
      </div>
    </AdminShell>
  );
}
