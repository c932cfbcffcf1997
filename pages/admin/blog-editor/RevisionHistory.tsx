import { useState } from 'react';
import type { PostRevision } from '../../../shared/blog.ts';
import { ADMIN_TEXT, EDITOR_TEXT } from '../../../shared/messages.ts';
import { ActionButton } from '../ui/ActionButton.tsx';
import { formatDateTime } from '../ui/format.ts';
import { Dialog } from './Dialog.tsx';

/** Every saved version of the post, newest first (who, when, its title then), each but the current one restorable. */
export function RevisionHistory({ revisions, timeZone, onRestore }: {
  revisions: PostRevision[];
  timeZone: string;
  onRestore: (revision: PostRevision) => Promise<void>;
}) {
  const [asking, setAsking] = useState<PostRevision | null>(null);
  const describe = (r: PostRevision) => EDITOR_TEXT.savedWhen(formatDateTime(r.savedAt, timeZone), r.savedBy);
  return (
    <section className="revisions" aria-labelledby="revisions-title">
      <h2 id="revisions-title">{EDITOR_TEXT.history}</h2>
      <ol>
        {revisions.map((revision, i) => (
          <li key={revision.id}>
            <span>
              <span>
                {EDITOR_TEXT.saved}
                {describe(revision)}
              </span>
              <br />
              <span className="revision-title">{revision.title}</span>
            </span>
            {i === 0 ? (
              <span className="muted">{EDITOR_TEXT.currentVersion}</span>
            ) : (
              <button type="button" className="button button-ghost-dark" aria-label={EDITOR_TEXT.restoreLabel(describe(revision))} onClick={() => setAsking(revision)}>
                {EDITOR_TEXT.restore}
              </button>
            )}
          </li>
        ))}
      </ol>
      <Dialog open={asking !== null} title={EDITOR_TEXT.restoreQuestion} onClose={() => setAsking(null)}>
        {asking && (
          <>
            <p>
              {EDITOR_TEXT.restoreExplained.before}
              {describe(asking)}
              {EDITOR_TEXT.restoreExplained.after}
            </p>
            <div className="button-row">
              <ActionButton
                className="button button-primary"
                onAction={async () => {
                  await onRestore(asking);
                  setAsking(null);
                }}
              >
                {EDITOR_TEXT.restoreConfirm}
              </ActionButton>
              <button type="button" className="button button-ghost-dark" onClick={() => setAsking(null)}>
                {ADMIN_TEXT.cancel}
              </button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}
