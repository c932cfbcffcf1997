import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { ScriptedForm } from '../../../components/form/ScriptedForm.tsx';
import { adminApi } from '../../../components/request.ts';
import { ADMIN_TEXT } from '../../../shared/admin-texts.ts';
import { NoticeBox } from './Notice.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { useFormRequest } from './use-form-request.ts';

/** What a switch card says: its heading, the checkbox's label and hint, and the save button's label. */
export interface SwitchTexts {
  heading: string;
  label: string;
  hint: string;
  save: string;
}

/**
 * One setting that is on or off, as a card: a checkbox with its hint and a save button. Saving PUTs `{ [field]: on }`
 * to `url`, and the card announces the message the server answers.
 */
export function SwitchCard({
  id,
  texts,
  initial,
  url,
  field,
}: {
  id: string;
  texts: SwitchTexts;
  initial: boolean;
  url: string;
  field: string;
}) {
  const { csrfToken } = usePageContext();
  const [on, setOn] = useState(initial);
  const { notice, setNotice, busy, run } = useFormRequest();
  return (
    <section aria-labelledby={`${id}-heading`} className="admin-card">
      <h2 id={`${id}-heading`}>{texts.heading}</h2>
      <NoticeBox notice={notice} />
      <ScriptedForm
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            const { message } = await adminApi<{ message: string }>('PUT', url, csrfToken, { [field]: on });
            setNotice({ kind: 'success', text: message });
          });
        }}
      >
        <div className="checkbox">
          <input id={id} type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} aria-describedby={`${id}-hint`} />
          <label htmlFor={id}>{texts.label}</label>
        </div>
        <p id={`${id}-hint`} className="hint">
          {texts.hint}
        </p>
        <SubmitButton busy={busy} label={texts.save} busyLabel={ADMIN_TEXT.saving} />
      </ScriptedForm>
    </section>
  );
}
