import { ScriptedForm } from '../../../../../components/form/ScriptedForm.tsx';
import { useId, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { FieldError } from '../../../../../components/form/FieldError.tsx';
import { RequestError, adminApi, errorMessage } from '../../../../../components/request.ts';
import { type LeadDetail, type LeadNote, type LeadReply, NOTE_MAX_LENGTH } from '../../../../../shared/admin.ts';
import { LEAD_WORK_TEXT } from '../../../../../shared/lead-work-texts.ts';
import { historyText } from '../../../../../shared/admin-messages.ts';
import { INBOX_MESSAGES, LEADS_TEXT } from '../../../../../shared/admin-texts.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { useUnsavedWarning } from '../../../ui/use-unsaved-warning.ts';
import { TitledSection } from '../../../ui/TitledSection.tsx';

/** Where a reply's e-mail stands: "Queued", "Sent", "Failed: …". */
function deliveryText({ delivery }: LeadReply): string {
  if (delivery.state === 'failed') return LEAD_WORK_TEXT.delivery.failed(delivery.error);
  return LEAD_WORK_TEXT.delivery[delivery.state];
}

/**
 * The lead's notes, status changes, assignments and replies as a dated history, oldest first, and a box to add one. A note typed but not added keeps
 * the page from being left without a question, and stays in the box when adding it fails.
 */
export function LeadNotes({ lead, onAdded }: { lead: LeadDetail; onAdded: (lead: LeadDetail) => void }) {
  const { csrfToken, timeZone } = usePageContext();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const uid = useId();
  useUnsavedWarning(draft.trim() !== '');
  const history: Array<LeadNote | LeadReply> = [...lead.notes, ...lead.replies].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );

  async function add() {
    setStatus(null);
    if (draft.trim() === '') {
      setError(INBOX_MESSAGES.noteRequired);
      return;
    }
    setBusy(true);
    try {
      const updated = await adminApi<LeadDetail>('POST', `/api/admin/leads/${lead.type}/${lead.id}/notes`, csrfToken, { body: draft });
      setDraft('');
      setError(undefined);
      setStatus(INBOX_MESSAGES.noteAdded);
      onAdded(updated);
    } catch (err) {
      setError(err instanceof RequestError && err.fields.body ? err.fields.body : errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <TitledSection id="notes" heading={LEADS_TEXT.notes} className="admin-card">
      {history.length === 0 ? (
        <p className="muted">{INBOX_MESSAGES.noNotes}</p>
      ) : (
        <ol className="note-history" aria-label={LEADS_TEXT.noteHistory}>
          {history.map((entry) => (
            <li
              key={entry.id}
              className={'delivery' in entry ? 'note-reply' : entry.change || entry.assignment ? 'note-status' : undefined}
            >
              <p className="note-meta">
                <strong>{entry.author ?? INBOX_MESSAGES.noteAuthorUnknown}</strong> ·{' '}
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, timeZone)}</time>
                {'delivery' in entry && <> · {deliveryText(entry)}</>}
              </p>
              {'delivery' in entry ? (
                <>
                  <p className="note-body">
                    <strong>{LEAD_WORK_TEXT.replyEntry(entry.subject)}</strong>
                  </p>
                  <p className="note-body">{entry.body}</p>
                </>
              ) : (
                <p className="note-body">{historyText(entry)}</p>
              )}
            </li>
          ))}
        </ol>
      )}
      <ScriptedForm
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <div className="field">
          <label htmlFor={`${uid}-note`}>{LEADS_TEXT.noteLabel}</label>
          <textarea
            id={`${uid}-note`}
            rows={4}
            maxLength={NOTE_MAX_LENGTH}
            value={draft}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${uid}-note-error` : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(undefined);
            }}
          />
          <FieldError id={`${uid}-note-error`} message={error} />
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {LEADS_TEXT.addNote}
        </button>
        <span role="status" className="inline-status">
          {status}
        </span>
      </ScriptedForm>
    </TitledSection>
  );
}
