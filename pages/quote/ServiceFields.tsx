import { SelectField } from '../../components/form/SelectField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { quoteFieldsFor } from '../../shared/quote-fields.ts';
import type { FieldErrors } from '../../shared/schemas/fields.ts';

/** Step 3: the chosen service's own fields, all required, drawn from shared/quote-fields.ts. */
export function ServiceFields(props: {
  service: string;
  answers: Record<string, string>;
  errors: FieldErrors;
  onAnswer: (name: string, value: string) => void;
}) {
  const { service, answers, errors, onAnswer } = props;
  return (
    <div className="form-grid">
      {quoteFieldsFor(service).map((field) => {
        const common = {
          name: field.name,
          label: field.label,
          required: true,
          value: answers[field.name] ?? '',
          onValueChange: (value: string) => onAnswer(field.name, value),
          error: errors[field.name],
          hint: field.hint,
        };
        if (field.kind === 'select') return <SelectField key={field.name} {...common} options={field.options} />;
        if (field.kind === 'number') {
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
        }
        return <TextField key={field.name} {...common} maxLength={field.maxLength} />;
      })}
    </div>
  );
}
