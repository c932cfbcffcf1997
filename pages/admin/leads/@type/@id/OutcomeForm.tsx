import { ScriptedForm } from '../../../../../components/form/ScriptedForm.tsx';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { FieldError } from '../../../../../components/form/FieldError.tsx';
import { LOST_REASONS, type LeadOutcome, type LostReason, WON_VALUE_MAX } from '../../../../../shared/admin.ts';
import { LEAD_WORK_TEXT } from '../../../../../shared/lead-work-texts.ts';

export interface OutcomeInput {
  /** As typed, less "$", spaces and commas; the server reads it as whole dollars or refuses it beside the field. */
  value?: string;
  lostReason?: LostReason;
}

/** The last step of a lead: "Won" asks for its value in AUD ("Value"), "Lost" for an optional reason. */
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
  const [typed, setTyped] = useState<string | undefined>();
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const first = useRef<HTMLInputElement & HTMLSelectElement>(null);
  // Focus moves into the form that appeared, so keyboard and screen-reader users land on its field.
  useLayoutEffect(() => first.current?.focus(), []);

  // A value that is not whole dollars is refused here too, with the server's words, before anything is sent.
  function submit() {
    const amount = value.replace(/[\s,$]/g, '');
    if (outcome === 'lost') onSubmit(reason ? { lostReason: reason as LostReason } : {});
    else if (/^[1-9]\d{0,8}$/.test(amount) && Number(amount) <= WON_VALUE_MAX) onSubmit({ value: amount });
    else setTyped(LEAD_WORK_TEXT.valueRequired);
  }

  return (
    <ScriptedForm
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
            aria-invalid={(typed ?? error) ? true : undefined}
            aria-describedby={[`${uid}-value-hint`, (typed ?? error) ? `${uid}-value-error` : ''].filter(Boolean).join(' ')}
            onChange={(e) => {
              setValue(e.target.value);
              setTyped(undefined);
            }}
          />
          <FieldError id={`${uid}-value-error`} message={typed ?? error} />
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
    </ScriptedForm>
  );
}
