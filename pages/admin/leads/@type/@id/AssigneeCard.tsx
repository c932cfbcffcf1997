import { ScriptedForm } from '../../../../../components/form/ScriptedForm.tsx';
import { useId, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { adminApi, errorMessage } from '../../../../../components/request.ts';
import type { Assignee, LeadDetail } from '../../../../../shared/admin.ts';
import { LEAD_WORK_TEXT } from '../../../../../shared/lead-work-texts.ts';
import { can } from '../../../../../shared/roles.ts';
import { type Notice, NoticeBox } from '../../../ui/Notice.tsx';
import { TitledSection } from '../../../ui/TitledSection.tsx';

/**
 * "Assigned to": who owns the lead. The Owner and Administrators choose anyone who works leads (or nobody); Sales
 * see who has it, and may take it while nobody does.
 */
export function AssigneeCard({ lead, staff, onChange }: { lead: LeadDetail; staff: Assignee[]; onChange: (lead: LeadDetail) => void }) {
  const { csrfToken, user } = usePageContext();
  const [chosen, setChosen] = useState(lead.assignee?.id ?? '');
  const [status, setStatus] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const uid = useId();
  const mayAssignAny = Boolean(user && can(user.role, 'leads.assign-any'));
  const mayTake = Boolean(user && can(user.role, 'leads.assign') && lead.assignee === null);
  // Someone who left keeps their name here until the lead is given to someone else.
  const options = lead.assignee && !staff.some((s) => s.id === lead.assignee!.id) ? [...staff, lead.assignee] : staff;

  async function assign(assigneeId: string | null) {
    setBusy(true);
    setStatus(null);
    try {
      const updated = await adminApi<LeadDetail>('PUT', `/api/admin/leads/${lead.type}/${lead.id}/assignee`, csrfToken, { assigneeId });
      onChange(updated);
      setChosen(updated.assignee?.id ?? '');
      setStatus({ kind: 'success', text: LEAD_WORK_TEXT.assignmentSaved(updated.assignee?.name ?? null) });
    } catch (err) {
      setStatus({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <TitledSection id={uid} heading={LEAD_WORK_TEXT.assignmentHeading} className="admin-card">
      <ScriptedForm
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void assign(chosen || null);
        }}
      >
        <div className="field">
          <label htmlFor={`${uid}-assignee`}>{LEAD_WORK_TEXT.assignedTo}</label>
          <select id={`${uid}-assignee`} value={chosen} disabled={!mayAssignAny} onChange={(e) => setChosen(e.target.value)}>
            <option value="">{LEAD_WORK_TEXT.nobody}</option>
            {options.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="button-row">
          {mayAssignAny && (
            <button type="submit" className="button button-small" disabled={busy}>
              {LEAD_WORK_TEXT.assign}
            </button>
          )}
          {mayTake && user && (
            <button type="button" className="button button-small button-primary" disabled={busy} onClick={() => void assign(user.id)}>
              {LEAD_WORK_TEXT.takeIt}
            </button>
          )}
        </div>
        <NoticeBox notice={status} />
      </ScriptedForm>
    </TitledSection>
  );
}
