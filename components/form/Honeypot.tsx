import { FORM_TEXT } from '../../shared/messages.ts';
import { HONEYPOT_FIELD } from '../../shared/schemas/fields.ts';
import { useIsHydrated } from '../use-is-hydrated.ts';

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from screen readers);
 * form-filling bots do fill it, and the server then files the submission as spam. Only once scripts run: the
 * plain-HTML form never reaches the lead functions (it posts to the no-script notice), and an empty field would
 * only clutter the wizard's step-1 link (`/quote?service=…&step=2`).
 */
export function Honeypot({ value, onValueChange }: { value: string; onValueChange: (value: string) => void }) {
  const isHydrated = useIsHydrated();
  if (!isHydrated) return null;
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label>
        {FORM_TEXT.honeypot}
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
