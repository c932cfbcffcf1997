import type { ComponentProps } from 'react';
import { FieldError } from '../../../components/form/FieldError.tsx';

export type AdminInputProps = { id: string; label: string; error?: string | undefined; hint?: string | undefined } & Omit<
  ComponentProps<'input'>,
  'id'
>;

/**
 * An input with its label, an optional hint above it and the server's error for it below, both read with it.
 * Required unless told otherwise.
 */
export function AdminInput({ id, label, error, hint, required = true, 'aria-describedby': describedBy, ...input }: AdminInputProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      <input
        {...input}
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={[describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export type AdminInputSpec = { name: string; label: string } & Omit<AdminInputProps, 'id' | 'name' | 'label' | 'error'>;

/** A form's inputs from a list: each with the id `${idPrefix}-${name}` and the server's error for its name. */
export function AdminInputs({
  idPrefix,
  fields,
  errors,
}: {
  idPrefix: string;
  fields: readonly AdminInputSpec[];
  errors: Record<string, string>;
}) {
  return fields.map((field) => <AdminInput key={field.name} {...field} id={`${idPrefix}-${field.name}`} error={errors[field.name]} />);
}
