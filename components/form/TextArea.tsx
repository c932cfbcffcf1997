import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame, type FieldProps, fieldParts } from './Field.tsx';

export type TextAreaProps = FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>;

export function TextArea({ rows = 6, ...props }: TextAreaProps) {
  const { frame, element } = fieldParts(props);
  return <FieldFrame {...frame}>{(control) => <textarea {...element} {...control} rows={rows} />}</FieldFrame>;
}
