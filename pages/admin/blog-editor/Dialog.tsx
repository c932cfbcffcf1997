import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useIsHydrated } from '../../../components/use-is-hydrated.ts';

/**
 * A modal dialog inside the page: the browser's own <dialog> shown with showModal(), so the page behind is inert,
 * Tab stays inside, Escape closes it and focus goes back to what opened it. Once scripts run it lives at the end of
 * <body>, so a form inside it is never nested in the editor's form (its submit events stop here for the same reason);
 * the `admin` class gives its fields the admin's styles there. `wide` for reading (a revision's changes).
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  wide = false,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hydrated = useIsHydrated();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open, hydrated]);
  const dialog = (
    <dialog
      ref={ref}
      className={wide ? 'admin dialog dialog-wide' : 'admin dialog'}
      aria-labelledby={titleId}
      onClose={onClose}
      onSubmit={(e) => e.stopPropagation()}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {open && children}
    </dialog>
  );
  return hydrated ? createPortal(dialog, document.body) : dialog;
}
