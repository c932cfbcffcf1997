import { useState } from 'react';
import type { PostRevision } from '../../../shared/blog.ts';
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
  const describe = (r: PostRevision) => `${formatDateTime(r.savedAt, timeZone)} by ${r.savedBy ?? 'the site'}`;
  return (
    <section className="revisions" aria-labelledby="revisions-title">
      <h2 id="revisions-title">History</h2>
      <ol>
        {revisions.map((revision, i) => (
          <li key={revision.id}>
            <span>
              <span>Saved {describe(revision)}</span>
              <br />
              <span className="revision-title">{revision.title}</span>
            </span>
            {i === 0 ? (
              <span className="muted">Current version</span>
            ) : (
              <button type="button" className="button button-ghost-dark" aria-label={`Restore the version saved ${describe(revision)}`} onClick={() => setAsking(revision)}>
                Restore
              </button>
            )}
          </li>
        ))}
      </ol>
      <Dialog open={asking !== null} title="Restore this version?" onClose={() => setAsking(null)}>
        {asking && (
          <>
            <p>
              The post goes back to the version saved {describe(asking)}. Its address and publishing stay as they are, and the current
              version stays in the history.
            </p>
            <div className="button-row">
              <ActionButton
                className="button button-primary"
                onAction={async () => {
                  await onRestore(asking);
                  setAsking(null);
                }}
              >
                Restore this version
              </ActionButton>
              <button type="button" className="button button-ghost-dark" onClick={() => setAsking(null)}>
                Cancel
              </button>
            </div>
          </>
        )}
      </Dialog>
    </section>
  );
}
