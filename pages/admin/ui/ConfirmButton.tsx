import { useId, useLayoutEffect, useRef, useState } from 'react';
import { ADMIN_TEXT } from '../../../shared/admin-texts.ts';
import { ActionButton } from './ActionButton.tsx';

/**
 * A destructive action asked twice: the first press shows what will happen and a second button that does it.
 * Focus moves to the question so screen readers announce it; Cancel or Escape puts the first button back, focused.
 */
export function ConfirmButton({
  label,
  name,
  question,
  confirmLabel,
  onConfirm,
}: {
  label: string;
  /** What a screen reader calls the button when its label alone is the same on every row ("Delete /old-page"); it starts with `label`. */
  name?: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  // Focus follows the press in the same commit as the change, so it is never left on the page's body (where an
  // Escape pressed at once would be lost); not on the first render, which nobody asked for.
  const pressed = useRef(false);
  useLayoutEffect(() => {
    if (pressed.current) (asking ? questionRef : buttonRef).current?.focus();
  }, [asking]);
  function ask(next: boolean) {
    pressed.current = true;
    setAsking(next);
  }
  const cancel = () => ask(false);
  if (!asking) {
    return (
      <button ref={buttonRef} type="button" className="button button-danger-ghost" aria-label={name} onClick={() => ask(true)}>
        {label}
      </button>
    );
  }
  return (
    <div
      className="confirm"
      role="group"
      aria-labelledby={id}
      onKeyDown={(event) => {
        if (event.key === 'Escape') cancel();
      }}
    >
      <p id={id} ref={questionRef} tabIndex={-1}>
        {question}
      </p>
      <ActionButton className="button button-danger" onAction={onConfirm}>
        {confirmLabel}
      </ActionButton>
      <button type="button" className="button button-ghost-dark" onClick={cancel}>
        {ADMIN_TEXT.cancel}
      </button>
    </div>
  );
}
