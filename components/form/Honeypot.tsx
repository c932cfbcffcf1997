import { HONEYPOT_FIELD } from '../../shared/schemas/fields.ts';

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from screen readers);
 * form-filling bots do fill it, and the server then files the submission as spam.
 */
export function Honeypot({ value, onValueChange }: { value: string; onValueChange: (value: string) => void }) {
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label>
        Leave this field empty
        <input
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
        />
      </label>
    </div>
  );
}
