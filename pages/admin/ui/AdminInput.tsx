import type { ComponentProps, ReactNode } from 'react';
import { FieldError } from '../../../components/form/FieldError.tsx';

type FieldProps = { id: string; label: string; error?: string | undefined; hint?: string | undefined };
export type AdminInputProps = FieldProps & Omit<ComponentProps<'input'>, 'id'>;
export type AdminTextAreaProps = FieldProps & Omit<ComponentProps<'textarea'>, 'id'>;

/** The attributes that tie a control to its hint and error, so a screen reader reads them with it. */
function describedControl(
  id: string,
  { error, hint, required, describedBy }: { error?: string; hint?: string; required: boolean; describedBy?: string },
) {
  return {
    id,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [describedBy, hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined,
  } as const;
}

/** A control with its label, an optional hint above it and the server's error for it below. */
function AdminField({ id, label, error, hint, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {children}
      <FieldError id={error ? `${id}-error` : undefined} message={error} />
    </div>
  );
}

/** An input with its label, hint and error (AdminField). Required unless told otherwise. */
export function AdminInput({ id, label, error, hint, required = true, 'aria-describedby': describedBy, ...input }: AdminInputProps) {
  return (
    <AdminField id={id} label={label} error={error} hint={hint}>
      <input {...input} {...describedControl(id, { error, hint, required, describedBy })} />
    </AdminField>
  );
}

/** A textarea with its label, hint and error (AdminField). Required unless told otherwise. */
export function AdminTextArea({ id, label, error, hint, required = true, 'aria-describedby': describedBy, ...area }: AdminTextAreaProps) {
  return (
    <AdminField id={id} label={label} error={error} hint={hint}>
      <textarea {...area} {...describedControl(id, { error, hint, required, describedBy })} />
    </AdminField>
  );
}

export type AdminInputSpec = { name: string; label: string } & Omit<AdminInputProps, 'id' | 'name' | 'label' | 'error'>;

/** A form's inputs from a list: each with the id `${idPrefix}-${name}` and the server's error for its name, if any. */
export function AdminInputs({
  idPrefix,
  fields,
  errors = {},
}: {
  idPrefix: string;
  fields: readonly AdminInputSpec[];
  errors?: Record<string, string>;
}) {
  return fields.map((field) => <AdminInput key={field.name} {...field} id={`${idPrefix}-${field.name}`} error={errors[field.name]} />);
}
