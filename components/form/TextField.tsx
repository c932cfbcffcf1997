import type { InputHTMLAttributes } from 'react';
import { FieldFrame } from './Field.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  labelSuffix?: string | undefined;
}

/** A labelled `<input>` (text, email, tel, date, number …) with its hint and error. */
export function TextField({ label, error, hint, labelSuffix, required, value, onValueChange, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} labelSuffix={labelSuffix} className={className}>
      {(control) => (
        <input
          {...input}
          {...control}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </FieldFrame>
  );
}
