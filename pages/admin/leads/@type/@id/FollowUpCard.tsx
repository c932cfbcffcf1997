import { ScriptedForm } from '../../../../../components/form/ScriptedForm.tsx';
import { useId, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { adminApi } from '../../../../../components/request.ts';
import { FOLLOW_UP_NOTE_MAX, type LeadDetail } from '../../../../../shared/admin.ts';
import { LEAD_WORK_TEXT } from '../../../../../shared/lead-work-texts.ts';
import { AdminInput, AdminTextArea } from '../../../ui/AdminInput.tsx';
import { NoticeBox } from '../../../ui/Notice.tsx';
import { useFormRequest } from '../../../ui/use-form-request.ts';
import { TitledSection } from '../../../ui/TitledSection.tsx';

/** "Follow up on": the day to get back to the person, and why; it shows on the dashboard from that morning. */
export function FollowUpCard({ lead, onChange }: { lead: LeadDetail; onChange: (lead: LeadDetail) => void }) {
  const { csrfToken } = usePageContext();
  const uid = useId();
  const [on, setOn] = useState(lead.followUpOn ?? '');
  const [note, setNote] = useState(lead.followUpNote ?? '');
  const { notice, setNotice, errors, busy, run } = useFormRequest();

  function save(followUp: { on: string | null; note: string }) {
    return run(async () => {
      const updated = await adminApi<LeadDetail>('PUT', `/api/admin/leads/${lead.type}/${lead.id}/follow-up`, csrfToken, followUp);
      onChange(updated);
      setOn(updated.followUpOn ?? '');
      setNote(updated.followUpNote ?? '');
      setNotice({
        kind: 'success',
        text: updated.followUpOn ? LEAD_WORK_TEXT.followUpSaved : LEAD_WORK_TEXT.followUpCleared,
      });
    });
  }

  return (
    <TitledSection id={uid} heading={LEAD_WORK_TEXT.followUpHeading} className="admin-card">
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
        <AdminTextArea
          id={`${uid}-note`}
          label={LEAD_WORK_TEXT.followUpNote}
          required={false}
          rows={2}
          maxLength={FOLLOW_UP_NOTE_MAX}
          value={note}
          error={errors.note}
          onChange={(e) => setNote(e.target.value)}
        />
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
    </TitledSection>
  );
}
