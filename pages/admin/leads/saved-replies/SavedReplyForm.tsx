import { ScriptedForm } from '../../../../components/form/ScriptedForm.tsx';
import { LEAD_WORK_MESSAGES } from '../../../../shared/lead-work-messages.ts';
import { useId, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { FieldError } from '../../../../components/form/FieldError.tsx';
import { RequestError, adminApi, errorMessage } from '../../../../components/request.ts';
import { REPLY_BODY_MAX } from '../../../../shared/lead-work-texts.ts';
import { SAVED_REPLY_NAME_MAX, type SavedReply } from '../../../../shared/saved-replies.ts';
import { AdminInput } from '../../ui/AdminInput.tsx';
import { type Notice, NoticeBox } from '../../ui/Notice.tsx';

/**
 * One saved reply's form: a new one (`reply` undefined, emptied once added) or an existing one. The server's
 * refusals (an unknown placeholder, a name in use) show beside their field; what was typed stays.
 */
export function SavedReplyForm({ reply, onSaved }: { reply?: SavedReply; onSaved: (reply: SavedReply) => void }) {
  const { csrfToken } = usePageContext();
  const uid = useId();
  const [name, setName] = useState(reply?.name ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    setNotice(null);
    setErrors({});
    try {
      const url = reply ? `/api/admin/saved-replies/${reply.id}` : '/api/admin/saved-replies';
      const saved = await adminApi<{ savedReply: SavedReply; message: string }>(reply ? 'PUT' : 'POST', url, csrfToken, { name, body });
      setNotice({ kind: 'success', text: saved.message });
      if (!reply) {
        setName('');
        setBody('');
      }
      onSaved(saved.savedReply);
    } catch (err) {
      if (err instanceof RequestError && Object.keys(err.fields).length) setErrors(err.fields);
      setNotice({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ScriptedForm
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <AdminInput
        id={`${uid}-name`}
        label={LEAD_WORK_MESSAGES.savedReplyName}
        maxLength={SAVED_REPLY_NAME_MAX}
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="field">
        <label htmlFor={`${uid}-body`}>{LEAD_WORK_MESSAGES.savedReplyBody}</label>
        <textarea
          id={`${uid}-body`}
          rows={6}
          maxLength={REPLY_BODY_MAX}
          required
          value={body}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? `${uid}-body-error` : undefined}
          onChange={(e) => setBody(e.target.value)}
        />
        <FieldError id={`${uid}-body-error`} message={errors.body} />
      </div>
      <button type="submit" className="button button-primary button-small" disabled={busy}>
        {reply ? LEAD_WORK_MESSAGES.saveSavedReply : LEAD_WORK_MESSAGES.addSavedReply}
      </button>
      <NoticeBox notice={notice} />
    </ScriptedForm>
  );
}
