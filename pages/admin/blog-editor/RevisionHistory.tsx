import type { PostRevision } from '../../../shared/blog.ts';
import { EDITOR_TEXT } from '../../../shared/admin-texts.ts';
import { REVISION_TEXT, type RevisionDiff, describeChange } from '../../../shared/revisions.ts';
import { CompareButton, CompareDialog, useVersionCompare } from '../ui/VersionCompare.tsx';
import { formatDateTime } from '../ui/format.ts';
import { RevisionDiffView } from './RevisionDiffView.tsx';

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
  const { comparing, compare, close } = useVersionCompare<PostRevision, RevisionDiff>(
    (revision) => `/api/admin/posts/${postId}/revisions/${revision.id}/diff`,
  );
  const at = (iso: string) => formatDateTime(iso, timeZone);
  const describe = (r: PostRevision) => EDITOR_TEXT.savedWhen(at(r.savedAt), r.savedBy);

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
              <CompareButton version={describe(revision)} onClick={() => void compare(revision)} />
            )}
          </li>
        ))}
      </ol>
      <CompareDialog
        comparing={comparing}
        describe={describe}
        restoreLabel={EDITOR_TEXT.restoreConfirm}
        onRestore={onRestore}
        onClose={close}
      >
        {(diff) => (
          <>
            <RevisionDiffView diff={diff} timeZone={timeZone} />
            <p className="muted">{REVISION_TEXT.restoreHint}</p>
          </>
        )}
      </CompareDialog>
    </section>
  );
}
