import type { SelectHTMLAttributes } from 'react';
import { FORM_TEXT } from '../../shared/messages.ts';
import { FieldFrame, type FieldProps, fieldParts } from './Field.tsx';

export type SelectOption = string | { value: string; label: string };

export type SelectFieldProps = FieldProps<SelectHTMLAttributes<HTMLSelectElement>> & {
  options: readonly SelectOption[];
  /** The text of the empty first choice. */
  placeholder?: string | undefined;
};

/** A labelled `<select>` whose first choice is empty, so nothing is chosen for the visitor. */
export function SelectField({ options, placeholder = FORM_TEXT.selectPlaceholder, ...props }: SelectFieldProps) {
  const { frame, element } = fieldParts(props);
  return (
    <FieldFrame {...frame}>
      {(control) => (
        <select {...element} {...control}>
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
