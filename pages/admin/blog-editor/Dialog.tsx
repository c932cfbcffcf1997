import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal dialog inside the page: the browser's own <dialog> shown with showModal(), so the page behind is inert,
 * Tab stays inside, Escape closes it and focus goes back to what opened it.
 */
export function Dialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {open && children}
    </dialog>
  );
}
