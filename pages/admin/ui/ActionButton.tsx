import { type ReactNode, useState } from 'react';

/** A button whose action takes a while: disabled until it has finished, so a second press cannot repeat it. */
export function ActionButton({ className, onAction, children }: { className: string; onAction: () => Promise<void>; children: ReactNode }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await onAction();
        } finally {
          setBusy(false);
        }
      }}
    >
      {children}
    </button>
  );
}
