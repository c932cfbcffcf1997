import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import type { PostRevision } from '../../../shared/blog.ts';
import { EDITOR_TEXT } from '../../../shared/admin-texts.ts';
import { REVISION_TEXT, type RevisionDiff, describeChange } from '../../../shared/revisions.ts';
import { adminApi, errorMessage } from '../../../components/request.ts';
import { RestoreOrClose } from '../ui/RestoreOrClose.tsx';
import { formatDateTime } from '../ui/format.ts';
import { Dialog } from './Dialog.tsx';
import { RevisionDiffView } from './RevisionDiffView.tsx';

type Comparing = { revision: PostRevision; diff: RevisionDiff | null; error: string | null };

/**
 * Every saved version of the post, newest first: who saved it and when, what kind of change it was, its title then.
 * Each earlier one opens what changed since (its diff against the current post), from where it can be restored.
 */
export function RevisionHistory({
  postId,
  revisions,
  timeZone,
  onRestore,
}: {
  postId: string;
  revisions: PostRevision[];
  timeZone: string;
  onRestore: (revision: PostRevision) => Promise<void>;
}) {
  const { csrfToken } = usePageContext();
  const [comparing, setComparing] = useState<Comparing | null>(null);
  const at = (iso: string) => formatDateTime(iso, timeZone);
  const describe = (r: PostRevision) => EDITOR_TEXT.savedWhen(at(r.savedAt), r.savedBy);

  async function compare(revision: PostRevision) {
    setComparing({ revision, diff: null, error: null });
    try {
      const diff = await adminApi<RevisionDiff>('GET', `/api/admin/posts/${postId}/revisions/${revision.id}/diff`, csrfToken);
      setComparing((c) => (c?.revision.id === revision.id ? { ...c, diff } : c));
    } catch (err) {
      setComparing((c) => (c?.revision.id === revision.id ? { ...c, error: `${REVISION_TEXT.loadFailed} ${errorMessage(err)}` } : c));
    }
  }

  return (
    <section className="revisions" aria-labelledby="revisions-title">
      <h2 id="revisions-title">{EDITOR_TEXT.history}</h2>
      <ol>
        {revisions.map((revision, i) => (
          <li key={revision.id}>
            <span className="revision-facts">
              <span>
                {EDITOR_TEXT.saved}
                {describe(revision)}
              </span>
              {revision.change && <span className="revision-change">{describeChange(revision.change, at)}</span>}
              <span className="revision-title">{revision.title}</span>
            </span>
            {i === 0 ? (
              <span className="muted">{EDITOR_TEXT.currentVersion}</span>
            ) : (
              <button
                type="button"
                className="button button-ghost-dark"
                aria-label={REVISION_TEXT.compareLabel(describe(revision))}
                onClick={() => void compare(revision)}
              >
                {REVISION_TEXT.compare}
              </button>
            )}
          </li>
        ))}
      </ol>
      <Dialog open={comparing !== null} title={REVISION_TEXT.diffTitle} onClose={() => setComparing(null)} wide>
        {comparing && (
          <>
            <p>{REVISION_TEXT.diffIntro(describe(comparing.revision))}</p>
            <div role="status">{comparing.diff === null && !comparing.error ? REVISION_TEXT.loading : comparing.error}</div>
            {comparing.diff && <RevisionDiffView diff={comparing.diff} timeZone={timeZone} />}
            <p className="muted">{REVISION_TEXT.restoreHint}</p>
            <RestoreOrClose
              label={EDITOR_TEXT.restoreConfirm}
              onRestore={() => onRestore(comparing.revision)}
              onClose={() => setComparing(null)}
            />
          </>
        )}
      </Dialog>
    </section>
  );
}
