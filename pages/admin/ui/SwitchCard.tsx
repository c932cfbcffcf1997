import { useState } from 'react';
import { ADMIN_TEXT } from '../../../shared/admin-texts.ts';
import { NoticeBox } from './Notice.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { useFormRequest } from './use-form-request.ts';

/**
 * One setting that is on or off, as a card: a checkbox with its hint and a save button; `save` sends the choice
 * and answers the message to announce.
 */
export function SwitchCard({
  id,
  heading,
  label,
  hint,
  saveLabel,
  initial,
  save,
}: {
  id: string;
  heading: string;
  label: string;
  hint: string;
  saveLabel: string;
  initial: boolean;
  save: (on: boolean) => Promise<{ message: string }>;
}) {
  const [on, setOn] = useState(initial);
  const { notice, setNotice, busy, run } = useFormRequest();
  return (
    <section aria-labelledby={`${id}-heading`} className="admin-card">
      <h2 id={`${id}-heading`}>{heading}</h2>
      <NoticeBox notice={notice} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => setNotice({ kind: 'success', text: (await save(on)).message }));
        }}
      >
        <div className="checkbox">
          <input id={id} type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} aria-describedby={`${id}-hint`} />
          <label htmlFor={id}>{label}</label>
        </div>
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
        <SubmitButton busy={busy} label={saveLabel} busyLabel={ADMIN_TEXT.saving} />
      </form>
    </section>
  );
}
