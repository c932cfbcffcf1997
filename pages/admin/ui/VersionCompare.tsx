import { type ReactNode, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { adminApi, errorMessage } from '../../../components/request.ts';
import { REVISION_TEXT } from '../../../shared/revisions.ts';
import { Dialog } from '../blog-editor/Dialog.tsx';
import { ActionButton } from './ActionButton.tsx';

type Comparing<R, D> = { revision: R; diff: D | null; error: string | null };

/**
 * A history's comparison of an earlier version (a post's or a page's): `compare` loads its diff from `diffUrl`, and
 * the dialog shows it while `comparing` is set. A diff that arrives after another version was chosen is dropped.
 */
export function useVersionCompare<R extends { id: string }, D>(diffUrl: (revision: R) => string) {
  const { csrfToken } = usePageContext();
  const [comparing, setComparing] = useState<Comparing<R, D> | null>(null);
  async function compare(revision: R) {
    setComparing({ revision, diff: null, error: null });
    try {
      const diff = await adminApi<D>('GET', diffUrl(revision), csrfToken);
      setComparing((c) => (c?.revision.id === revision.id ? { ...c, diff } : c));
    } catch (err) {
      setComparing((c) => (c?.revision.id === revision.id ? { ...c, error: `${REVISION_TEXT.loadFailed} ${errorMessage(err)}` } : c));
    }
  }
  return { comparing, compare, close: () => setComparing(null) };
}

/** An earlier version's "Compare" button, named for the version it opens. */
export function CompareButton({ version, onClick }: { version: string; onClick: () => void }) {
  return (
    <button type="button" className="button button-ghost-dark" aria-label={REVISION_TEXT.compareLabel(version)} onClick={onClick}>
      {REVISION_TEXT.compare}
    </button>
  );
}

/**
 * The comparison's dialog: which version, the diff as `children` draws it once loaded (or why it did not load), and
 * its foot: restore that version, or close.
 */
export function CompareDialog<R, D>({
  comparing,
  describe,
  restoreLabel,
  onRestore,
  onClose,
  children,
}: {
  comparing: Comparing<R, D> | null;
  describe: (revision: R) => string;
  restoreLabel: string;
  onRestore: (revision: R) => Promise<void>;
  onClose: () => void;
  children: (diff: D) => ReactNode;
}) {
  return (
    <Dialog open={comparing !== null} title={REVISION_TEXT.diffTitle} onClose={onClose} wide>
      {comparing && (
        <>
          <p>{REVISION_TEXT.diffIntro(describe(comparing.revision))}</p>
          <div role="status">{comparing.diff === null && !comparing.error ? REVISION_TEXT.loading : comparing.error}</div>
          {comparing.diff !== null && children(comparing.diff)}
          <div className="button-row">
            <ActionButton
              className="button button-primary"
              onAction={async () => {
                await onRestore(comparing.revision);
                onClose();
              }}
            >
              {restoreLabel}
            </ActionButton>
            <button type="button" className="button button-ghost-dark" onClick={onClose}>
              {REVISION_TEXT.close}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
