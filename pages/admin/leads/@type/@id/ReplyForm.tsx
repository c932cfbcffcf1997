import { ScriptedForm } from '../../../../../components/form/ScriptedForm.tsx';
import { useId, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { adminApi } from '../../../../../components/request.ts';
import { AdminInput, AdminTextArea } from '../../../ui/AdminInput.tsx';
import { NoticeBox } from '../../../ui/Notice.tsx';
import { useFormRequest } from '../../../ui/use-form-request.ts';
import { useUnsavedWarning } from '../../../ui/use-unsaved-warning.ts';
import type { LeadDetail } from '../../../../../shared/admin.ts';
import { LEAD_WORK_TEXT, REPLY_BODY_MAX, REPLY_SUBJECT_MAX } from '../../../../../shared/lead-work-texts.ts';
import { type SavedReply, fillSavedReply } from '../../../../../shared/saved-replies.ts';
import { useServiceName } from '../../../ui/use-service-name.ts';
import { TitledSection } from '../../../ui/TitledSection.tsx';

/**
 * "Reply": an e-mail to the visitor, sent through the outbox from the company's address with Reply-To the staff
 * member. A lead held as spam asks first. What was typed stays in the form until the reply is queued; the
 * server's refusals (shared/schemas/lead-work.ts) show beside their fields.
 */
export function ReplyForm({
  lead,
  savedReplies,
  onSent,
}: {
  lead: LeadDetail;
  savedReplies: SavedReply[];
  onSent: (lead: LeadDetail) => void;
}) {
  const { csrfToken, user } = usePageContext();
  const serviceName = useServiceName();
  const [chosen, setChosen] = useState('');
  const [subject, setSubject] = useState<string>(LEAD_WORK_TEXT.subjectFor(lead.type));
  const [body, setBody] = useState('');
  const { notice, setNotice, errors, busy, run } = useFormRequest();
  const [asking, setAsking] = useState(false);
  const uid = useId();
  useUnsavedWarning(body.trim() !== '');

  async function send(confirmSpam: boolean) {
    if (lead.status === 'spam' && !confirmSpam) {
      setNotice(null);
      setAsking(true);
      return;
    }
    setAsking(false);
    await run(async () => {
      const updated = await adminApi<LeadDetail>('POST', `/api/admin/leads/${lead.type}/${lead.id}/replies`, csrfToken, {
        subject,
        body,
        confirmSpam,
      });
      setBody('');
      setChosen('');
      setNotice({ kind: 'success', text: LEAD_WORK_TEXT.replyQueued });
      onSent(updated);
    });
  }

  return (
    <TitledSection id={uid} heading={LEAD_WORK_TEXT.reply} className="admin-card">
      <p className="muted small">{LEAD_WORK_TEXT.replyHint(lead.email)}</p>
      <ScriptedForm
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send(false);
        }}
      >
        {savedReplies.length > 0 && (
          <div className="field">
            <label htmlFor={`${uid}-saved`}>{LEAD_WORK_TEXT.chooseSavedReply}</label>
            <select
              id={`${uid}-saved`}
              value={chosen}
              onChange={(e) => {
                setChosen(e.target.value);
                const saved = savedReplies.find((s) => s.id === e.target.value);
                if (!saved) return;
                const values = {
                  name: lead.name,
                  company: lead.company ?? '',
                  service: serviceName(lead.service),
                  sender: user?.name ?? '',
                };
                setBody(fillSavedReply(saved.body, values));
                setNotice({ kind: 'success', text: LEAD_WORK_TEXT.savedReplyFilled(saved.name) });
              }}
            >
              <option value="">{LEAD_WORK_TEXT.noSavedReplyChosen}</option>
              {savedReplies.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <AdminInput
          id={`${uid}-subject`}
          label={LEAD_WORK_TEXT.subject}
          maxLength={REPLY_SUBJECT_MAX}
          value={subject}
          error={errors.subject}
          onChange={(e) => setSubject(e.target.value)}
        />
        <AdminTextArea
          id={`${uid}-body`}
          label={LEAD_WORK_TEXT.message}
          rows={8}
          maxLength={REPLY_BODY_MAX}
          value={body}
          error={errors.body}
          onChange={(e) => setBody(e.target.value)}
        />
        {asking ? (
          <div className="confirm" role="group" aria-labelledby={`${uid}-question`}>
            <p id={`${uid}-question`}>{LEAD_WORK_TEXT.spamQuestion}</p>
            <button type="button" className="button button-primary" disabled={busy} onClick={() => void send(true)}>
              {LEAD_WORK_TEXT.spamConfirm}
            </button>
            <button type="button" className="button button-ghost-dark" onClick={() => setAsking(false)}>
              {LEAD_WORK_TEXT.cancel}
            </button>
          </div>
        ) : (
          <button type="submit" className="button button-primary" disabled={busy}>
            {LEAD_WORK_TEXT.sendReply}
          </button>
        )}
        <NoticeBox notice={notice} />
      </ScriptedForm>
    </TitledSection>
  );
}
