import type { SelectHTMLAttributes } from 'react';
import { FieldFrame } from './Field.tsx';

export type SelectOption = string | { value: string; label: string };

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  /** The text of the empty first choice. */
  placeholder?: string | undefined;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled `<select>` whose first choice is empty, so nothing is chosen for the visitor. */
export function SelectField({
  label,
  error,
  hint,
  required,
  value,
  options,
  placeholder = 'Select…',
  onValueChange,
  className,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <select
          {...select}
          {...control}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => {
            const { value: v, label: l } = typeof o === 'string' ? { value: o, label: o } : o;
            return (
              <option key={v} value={v}>
                {l}
              </option>
            );
          })}
        </select>
      )}
    </FieldFrame>
  );
}
