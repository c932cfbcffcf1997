import { usePageContext } from 'vike-react/usePageContext';
import { type LeadField, serviceName, serviceNamesOf } from '../../shared/lead-fields.ts';
import { SelectField } from './SelectField.tsx';
import { TextArea } from './TextArea.tsx';
import { TextField } from './TextField.tsx';

export interface LeadFieldsProps {
  fields: readonly LeadField[];
  values: Record<string, string>;
  errors: Record<string, string>;
  onValueChange: (name: string, value: string) => void;
  /** Attributes that depend on other answers, by field name (the completion date's `min`). */
  inputProps?: Record<string, { min?: string | undefined }>;
}

/**
 * Catalogue fields (shared/lead-fields.ts) as labelled controls: single-line ones in the two-column grid,
 * text areas across the form below it.
 */
export function LeadFields({ fields, values, errors, onValueChange, inputProps = {} }: LeadFieldsProps) {
  // The contact form's service list names each service as staff last published it.
  const names = serviceNamesOf(usePageContext().serviceLabels);
  const control = (field: LeadField) => {
    const common = {
      name: field.name,
      label: field.label,
      required: field.required,
      hint: field.hint,
      autoComplete: field.autoComplete,
      value: values[field.name] ?? '',
      onValueChange: (value: string) => onValueChange(field.name, value),
      error: errors[field.name],
    };
    switch (field.kind) {
      case 'select': {
        const label = field.name === 'service' ? (id: string) => serviceName(id, names) : field.optionLabel;
        const options = label ? field.options.map((value) => ({ value, label: label(value) })) : field.options;
        return <SelectField key={field.name} {...common} options={options} placeholder={field.placeholder} />;
      }
      case 'number':
        return (
          <TextField
            key={field.name}
            {...common}
            labelSuffix={field.unit}
            type="number"
            inputMode="numeric"
            min={field.min}
            max={field.max}
            step={1}
          />
        );
      case 'textarea':
        return <TextArea key={field.name} {...common} maxLength={field.maxLength} />;
      case 'date':
        return <TextField key={field.name} {...common} type="date" {...inputProps[field.name]} />;
      default:
        return <TextField key={field.name} {...common} type={field.kind} maxLength={field.maxLength} {...inputProps[field.name]} />;
    }
  };
  const wide = fields.filter((f) => f.kind === 'textarea');
  return (
    <>
      <div className="form-grid">{fields.filter((f) => f.kind !== 'textarea').map(control)}</div>
      {wide.map(control)}
    </>
  );
}
