import { ScriptedForm } from '../../../../../components/form/ScriptedForm.tsx';
import { useId, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { FieldError } from '../../../../../components/form/FieldError.tsx';
import { RequestError, adminApi, errorMessage } from '../../../../../components/request.ts';
import { FOLLOW_UP_NOTE_MAX, type LeadDetail } from '../../../../../shared/admin.ts';
import { LEAD_WORK_TEXT } from '../../../../../shared/lead-work-texts.ts';
import { AdminInput } from '../../../ui/AdminInput.tsx';
import { type Notice, NoticeBox } from '../../../ui/Notice.tsx';

/** "Follow up on": the day to get back to the person, and why; it shows on the dashboard from that morning. */
export function FollowUpCard({ lead, onChange }: { lead: LeadDetail; onChange: (lead: LeadDetail) => void }) {
  const { csrfToken } = usePageContext();
  const uid = useId();
  const [on, setOn] = useState(lead.followUpOn ?? '');
  const [note, setNote] = useState(lead.followUpNote ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  async function save(followUp: { on: string | null; note: string }) {
    setBusy(true);
    setNotice(null);
    setErrors({});
    try {
      const updated = await adminApi<LeadDetail>('PUT', `/api/admin/leads/${lead.type}/${lead.id}/follow-up`, csrfToken, followUp);
      onChange(updated);
      setOn(updated.followUpOn ?? '');
      setNote(updated.followUpNote ?? '');
      setNotice({
        kind: 'success',
        text: updated.followUpOn ? LEAD_WORK_TEXT.followUpSaved : LEAD_WORK_TEXT.followUpCleared,
      });
    } catch (err) {
      if (err instanceof RequestError && Object.keys(err.fields).length) setErrors(err.fields);
      setNotice({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${uid}-heading`} className="admin-card">
      <h2 id={`${uid}-heading`}>{LEAD_WORK_TEXT.followUpHeading}</h2>
      <ScriptedForm
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save({ on, note });
        }}
      >
        <AdminInput
          id={`${uid}-on`}
          type="date"
          label={LEAD_WORK_TEXT.followUpOn}
          hint={LEAD_WORK_TEXT.followUpHint}
          value={on}
          error={errors.on}
          onChange={(e) => setOn(e.target.value)}
        />
        <div className="field">
          <label htmlFor={`${uid}-note`}>{LEAD_WORK_TEXT.followUpNote}</label>
          <textarea
            id={`${uid}-note`}
            rows={2}
            maxLength={FOLLOW_UP_NOTE_MAX}
            value={note}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? `${uid}-note-error` : undefined}
            onChange={(e) => setNote(e.target.value)}
          />
          <FieldError id={`${uid}-note-error`} message={errors.note} />
        </div>
        <div className="button-row">
          <button type="submit" className="button button-small button-primary" disabled={busy}>
            {LEAD_WORK_TEXT.saveFollowUp}
          </button>
          {lead.followUpOn && (
            <button
              type="button"
              className="button button-small button-ghost-dark"
              disabled={busy}
              onClick={() => void save({ on: null, note: '' })}
            >
              {LEAD_WORK_TEXT.clearFollowUp}
            </button>
          )}
        </div>
        <NoticeBox notice={notice} />
      </ScriptedForm>
    </section>
  );
}
