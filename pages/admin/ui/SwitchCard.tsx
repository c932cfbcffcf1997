import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { ScriptedForm } from '../../../components/form/ScriptedForm.tsx';
import { adminApi } from '../../../components/request.ts';
import { ADMIN_TEXT } from '../../../shared/admin-texts.ts';
import { NoticeBox } from './Notice.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { useFormRequest } from './use-form-request.ts';
import { TitledSection } from './TitledSection.tsx';

/**
 * One on/off setting: its checkbox's id, what the card says (its heading, the checkbox's label and hint, the save
 * button's label), and where saving PUTs `{ [field]: on }`.
 */
export interface SwitchSetting {
  id: string;
  texts: { heading: string; label: string; hint: string; save: string };
  url: string;
  field: string;
}

/** One setting that is on or off, as a card: a checkbox with its hint and a save button that announces the server's answer. */
export function SwitchCard({ setting, initial }: { setting: SwitchSetting; initial: boolean }) {
  const { id, texts, url, field } = setting;
  const { csrfToken } = usePageContext();
  const [on, setOn] = useState(initial);
  const { notice, setNotice, busy, run } = useFormRequest();
  return (
    <TitledSection id={id} heading={texts.heading} className="admin-card">
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
    </TitledSection>
  );
}
