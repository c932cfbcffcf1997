import { LEAD_WORK_MESSAGES, PLACEHOLDER_LIST } from '../../../../shared/lead-work-messages.ts';
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { adminApi, errorMessage } from '../../../../components/request.ts';
import { LEADS_TEXT } from '../../../../shared/admin-texts.ts';
import type { SavedReply } from '../../../../shared/saved-replies.ts';
import { AdminShell } from '../../ui/AdminShell.tsx';
import { ConfirmButton } from '../../ui/ConfirmButton.tsx';
import { type Notice, NoticeBox } from '../../ui/Notice.tsx';
import type { SavedRepliesData } from './+data.ts';
import { SavedReplyForm } from './SavedReplyForm.tsx';
import { TitledSection } from '../../ui/TitledSection.tsx';

/** "Saved replies": named messages staff reuse in a lead's Reply form (docs/product.md#lead-work). */
export default function SavedRepliesPage() {
  const { savedReplies: initial } = useData<SavedRepliesData>();
  const { csrfToken } = usePageContext();
  const [replies, setReplies] = useState(initial);
  const [notice, setNotice] = useState<Notice>(null);
  const upsert = (saved: SavedReply) =>
    setReplies((all) => [...all.filter((r) => r.id !== saved.id), saved].sort((a, b) => a.name.localeCompare(b.name)));

  return (
    <AdminShell title={LEAD_WORK_MESSAGES.savedReplies}>
      <p>
        <a href="/admin/leads">{LEADS_TEXT.allLeads}</a>
      </p>
      <p className="muted">{LEAD_WORK_MESSAGES.savedRepliesIntro(PLACEHOLDER_LIST)}</p>
      <NoticeBox notice={notice} />
      <TitledSection id="new-saved-reply" heading={LEAD_WORK_MESSAGES.addSavedReply} className="admin-card">
        <SavedReplyForm onSaved={upsert} />
      </TitledSection>
      {replies.length === 0 ? (
        <p>{LEAD_WORK_MESSAGES.noSavedReplies}</p>
      ) : (
        replies.map((reply) => (
          <section key={reply.id} aria-labelledby={`saved-${reply.id}`} className="admin-card">
            <h2 id={`saved-${reply.id}`}>{reply.name}</h2>
            <SavedReplyForm reply={reply} onSaved={upsert} />
            <ConfirmButton
              label={LEAD_WORK_MESSAGES.deleteSavedReply(reply.name)}
              question={LEAD_WORK_MESSAGES.deleteSavedReplyQuestion(reply.name)}
              confirmLabel={LEAD_WORK_MESSAGES.deleteSavedReplyConfirm}
              onConfirm={async () => {
                try {
                  await adminApi('DELETE', `/api/admin/saved-replies/${reply.id}`, csrfToken);
                  setReplies((all) => all.filter((r) => r.id !== reply.id));
                  setNotice({ kind: 'success', text: LEAD_WORK_MESSAGES.savedReplyDeleted(reply.name) });
                } catch (err) {
                  setNotice({ kind: 'error', text: errorMessage(err) });
                }
              }}
            />
          </section>
        ))
      )}
    </AdminShell>
  );
}
