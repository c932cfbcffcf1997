import { REVISION_TEXT } from '../../../shared/revisions.ts';
import { ActionButton } from './ActionButton.tsx';

/** The foot of a version's comparison (a post's or a page's history): restore it, or close the dialog. */
export function RestoreOrClose({ label, onRestore, onClose }: { label: string; onRestore: () => Promise<void>; onClose: () => void }) {
  return (
    <div className="button-row">
      <ActionButton
        className="button button-primary"
        onAction={async () => {
          await onRestore();
          onClose();
        }}
      >
        {label}
      </ActionButton>
      <button type="button" className="button button-ghost-dark" onClick={onClose}>
        {REVISION_TEXT.close}
      </button>
    </div>
  );
}
