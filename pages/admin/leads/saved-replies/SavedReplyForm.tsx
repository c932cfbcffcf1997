import { ScriptedForm } from '../../../../components/form/ScriptedForm.tsx';
import { LEAD_WORK_MESSAGES } from '../../../../shared/lead-work-messages.ts';
import { useId, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { adminApi } from '../../../../components/request.ts';
import { REPLY_BODY_MAX } from '../../../../shared/lead-work-texts.ts';
import { SAVED_REPLY_NAME_MAX, type SavedReply } from '../../../../shared/saved-replies.ts';
import { AdminInput, AdminTextArea } from '../../ui/AdminInput.tsx';
import { NoticeBox } from '../../ui/Notice.tsx';
import { useFormRequest } from '../../ui/use-form-request.ts';

/**
 * One saved reply's form: a new one (`reply` undefined, emptied once added) or an existing one. The server's
 * refusals (an unknown placeholder, a name in use) show beside their field; what was typed stays.
 */
export function SavedReplyForm({ reply, onSaved }: { reply?: SavedReply; onSaved: (reply: SavedReply) => void }) {
  const { csrfToken } = usePageContext();
  const uid = useId();
  const [name, setName] = useState(reply?.name ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const { notice, setNotice, errors, busy, run } = useFormRequest();

  function save() {
    return run(async () => {
      const url = reply ? `/api/admin/saved-replies/${reply.id}` : '/api/admin/saved-replies';
      const saved = await adminApi<{ savedReply: SavedReply; message: string }>(reply ? 'PUT' : 'POST', url, csrfToken, { name, body });
      setNotice({ kind: 'success', text: saved.message });
      if (!reply) {
        setName('');
        setBody('');
      }
      onSaved(saved.savedReply);
    });
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
      <AdminTextArea
        id={`${uid}-body`}
        label={LEAD_WORK_MESSAGES.savedReplyBody}
        rows={6}
        maxLength={REPLY_BODY_MAX}
        value={body}
        error={errors.body}
        onChange={(e) => setBody(e.target.value)}
      />
      <button type="submit" className="button button-primary button-small" disabled={busy}>
        {reply ? LEAD_WORK_MESSAGES.saveSavedReply : LEAD_WORK_MESSAGES.addSavedReply}
      </button>
      <NoticeBox notice={notice} />
    </ScriptedForm>
  );
}
