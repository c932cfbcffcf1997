import { type FormEvent, type ReactNode, useState } from 'react';
import { ADMIN_TEXT } from '../../../shared/admin-texts.ts';

type Errors<Field extends string> = Partial<Record<Field, string>>;

/**
 * A dialog form's own check on submit: its errors show by their fields until the next try, and `apply` runs only
 * when it finds none.
 */
export function useDialogCheck<Field extends string>(check: () => Errors<Field>, apply: () => void) {
  const [errors, setErrors] = useState<Errors<Field>>({});
  function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length === 0) apply();
  }
  return { errors, setErrors, submit };
}

/** The form inside a dialog: its fields, then the submit button, any other `actions`, and Cancel. */
export function DialogForm({
  onSubmit,
  submitLabel,
  actions,
  onCancel,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  actions?: ReactNode;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="dialog-form">
      {children}
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {submitLabel}
        </button>
        {actions}
        <button type="button" className="button button-ghost-dark" onClick={onCancel}>
          {ADMIN_TEXT.cancel}
        </button>
      </div>
    </form>
  );
}
