import type { InputHTMLAttributes } from 'react';
import { FieldFrame, type FieldProps, fieldParts } from './Field.tsx';

export type TextFieldProps = FieldProps<InputHTMLAttributes<HTMLInputElement>> & { labelSuffix?: string | undefined };

/** A labelled `<input>` (text, email, tel, date, number …) with its hint and error. */
export function TextField(props: TextFieldProps) {
  const { frame, element } = fieldParts(props);
  return <FieldFrame {...frame}>{(control) => <input {...element} {...control} />}</FieldFrame>;
}
