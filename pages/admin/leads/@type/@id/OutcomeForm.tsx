import { useId, useLayoutEffect, useRef, useState } from 'react';
import { FieldError } from '../../../../../components/form/FieldError.tsx';
import { LOST_REASONS, type LeadOutcome, type LostReason, WON_VALUE_MAX } from '../../../../../shared/admin.ts';
import { LEAD_WORK_TEXT } from '../../../../../shared/lead-work-texts.ts';

export interface OutcomeInput {
  value?: number;
  lostReason?: LostReason;
}

/**
 * The last step of a lead: "Won" asks for its value in AUD ("Value"), "Lost" for an optional reason. The value is
 * checked here as the server checks it, so a slip shows beside the field before anything is sent.
 */
export function OutcomeForm({
  outcome,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  outcome: LeadOutcome;
  busy: boolean;
  error: string | undefined;
  onSubmit: (input: OutcomeInput) => void;
  onCancel: () => void;
}) {
  const uid = useId();
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [valueError, setValueError] = useState<string | undefined>();
  const first = useRef<HTMLInputElement & HTMLSelectElement>(null);
  // Focus moves into the form that appeared, so keyboard and screen-reader users land on its field.
  useLayoutEffect(() => first.current?.focus(), []);
  const shownError = valueError ?? error;

  function submit() {
    if (outcome === 'lost') {
      onSubmit(reason ? { lostReason: reason as LostReason } : {});
      return;
    }
    const amount = Number(value.replace(/[\s,$]/g, ''));
    if (!Number.isInteger(amount) || amount < 1 || amount > WON_VALUE_MAX) {
      setValueError(LEAD_WORK_TEXT.valueRequired);
      return;
    }
    onSubmit({ value: amount });
  }

  return (
    <form
      noValidate
      className="outcome-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      {outcome === 'won' ? (
        <div className="field">
          <label htmlFor={`${uid}-value`}>{LEAD_WORK_TEXT.value}</label>
          <p id={`${uid}-value-hint`} className="hint">
            {LEAD_WORK_TEXT.valueHint}
          </p>
          <input
            ref={first}
            id={`${uid}-value`}
            inputMode="numeric"
            autoComplete="off"
            required
            value={value}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={[`${uid}-value-hint`, shownError ? `${uid}-value-error` : ''].filter(Boolean).join(' ')}
            onChange={(e) => {
              setValue(e.target.value);
              setValueError(undefined);
            }}
          />
          <FieldError id={`${uid}-value-error`} message={shownError} />
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${uid}-reason`}>{LEAD_WORK_TEXT.lostReason}</label>
          <select ref={first} id={`${uid}-reason`} value={reason} onChange={(e) => setReason(e.target.value)}>
            <option value="">{LEAD_WORK_TEXT.noReason}</option>
            {LOST_REASONS.map((r) => (
              <option key={r} value={r}>
                {LEAD_WORK_TEXT.lostReasons[r]}
              </option>
            ))}
          </select>
          <FieldError id={`${uid}-reason-error`} message={error} />
        </div>
      )}
      <div className="button-row">
        <button type="submit" className="button button-primary button-small" disabled={busy}>
          {outcome === 'won' ? LEAD_WORK_TEXT.markWon : LEAD_WORK_TEXT.markLost}
        </button>
        <button type="button" className="button button-ghost-dark button-small" onClick={onCancel}>
          {LEAD_WORK_TEXT.cancel}
        </button>
      </div>
    </form>
  );
}
