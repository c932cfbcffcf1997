import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './Field.tsx';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
}

export function TextArea({ label, error, hint, required, value, onValueChange, className, rows = 6, ...textarea }: TextAreaProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          rows={rows}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
      )}
    </FieldFrame>
  );
}
