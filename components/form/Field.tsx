import { type ChangeEvent, type ReactNode, useId } from 'react';
import { FORM_TEXT } from '../../shared/messages.ts';
import { FieldError } from './FieldError.tsx';

export interface FieldFrameProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean | undefined;
  /** Extra text after the label, such as a unit ("TB"). */
  labelSuffix?: string | undefined;
  className?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}

/** What every control inside the frame carries: its id, the shared class, and its required/invalid state. */
export interface ControlProps {
  id: string;
  className: 'field-control';
  required: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** What every field takes besides its element's own attributes; the value is always text. */
export type FieldProps<Attributes> = Omit<Attributes, 'id' | 'onChange' | 'value'> & {
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
};

/** A field's props parted: the frame's (label, hint, error …) and its element's, with value and onChange wired. */
export function fieldParts<P extends FieldProps<object> & Pick<FieldFrameProps, 'required' | 'labelSuffix' | 'className'>>(props: P) {
  const { label, error, hint, labelSuffix, required, className, value, onValueChange, ...element } = props;
  const onChange = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onValueChange(e.target.value);
  return { frame: { label, error, hint, labelSuffix, required, className }, element: { ...element, value, onChange } };
}

/**
 * The frame every form control shares: a visible label, an optional hint and the error, both linked to
 * the control with `aria-describedby` so a screen reader reads them with the field.
 */
export function FieldFrame({ label, error, hint, required, labelSuffix, className, children }: FieldFrameProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field-invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field-label">
        {label}
        {labelSuffix ? ` (${labelSuffix})` : ''}
        {required ? (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="field-optional"> {FORM_TEXT.optional}</span>
        )}
      </label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {children({ id, className: 'field-control', required, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
