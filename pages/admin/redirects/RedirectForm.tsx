import { useId, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { ScriptedForm } from '../../../components/form/ScriptedForm.tsx';
import { adminApi } from '../../../components/request.ts';
import { REDIRECT_TEXT } from '../../../shared/redirect-messages.ts';
import { REDIRECT_FROM_MAX, REDIRECT_STATUSES, REDIRECT_TO_MAX, type Redirect, type RedirectStatus } from '../../../shared/redirects.ts';
import { AdminInput } from '../ui/AdminInput.tsx';
import { NoticeBox } from '../ui/Notice.tsx';
import { useFormRequest } from '../ui/use-form-request.ts';

/**
 * A redirect's form: a new one (`redirect` undefined, emptied once added) or an existing one. The server's refusals
 * (a loop, a chain, the site's own address) show beside their field, which takes focus; what was typed stays.
 */
export function RedirectForm({
  redirect,
  onSaved,
  onCancel,
}: {
  redirect?: Redirect;
  onSaved: (redirect: Redirect) => void;
  /** Editing: a Cancel button beside Save closes the form unchanged. */
  onCancel?: () => void;
}) {
  const { csrfToken } = usePageContext();
  const uid = useId();
  const [from, setFrom] = useState(redirect?.from ?? '');
  const [to, setTo] = useState(redirect?.to ?? '');
  const [status, setStatus] = useState<RedirectStatus>(redirect?.status ?? 301);
  const { notice, setNotice, errors, busy, run, formRef } = useFormRequest();

  function save() {
    return run(async () => {
      const url = redirect ? `/api/admin/redirects/${redirect.id}` : '/api/admin/redirects';
      const saved = await adminApi<{ redirect: Redirect; message: string }>(redirect ? 'PUT' : 'POST', url, csrfToken, {
        from,
        to,
        status,
      });
      setNotice({ kind: 'success', text: saved.message });
      if (!redirect) {
        setFrom('');
        setTo('');
      }
      onSaved(saved.redirect);
    });
  }

  return (
    <ScriptedForm
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <AdminInput
        id={`${uid}-from`}
        name="from"
        label={REDIRECT_TEXT.from}
        hint={REDIRECT_TEXT.fromHint}
        maxLength={REDIRECT_FROM_MAX}
        value={from}
        error={errors.from}
        onChange={(e) => setFrom(e.target.value)}
      />
      <AdminInput
        id={`${uid}-to`}
        name="to"
        label={REDIRECT_TEXT.to}
        hint={REDIRECT_TEXT.toHint}
        maxLength={REDIRECT_TO_MAX}
        value={to}
        error={errors.to}
        onChange={(e) => setTo(e.target.value)}
      />
      <div className="field">
        <label htmlFor={`${uid}-status`}>{REDIRECT_TEXT.type}</label>
        <select id={`${uid}-status`} name="status" value={status} onChange={(e) => setStatus(Number(e.target.value) as RedirectStatus)}>
          {REDIRECT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {REDIRECT_TEXT.types[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="button-row">
        <button type="submit" className="button button-primary button-small" disabled={busy}>
          {redirect ? REDIRECT_TEXT.save : REDIRECT_TEXT.add}
        </button>
        {onCancel && (
          <button type="button" className="button button-small button-ghost-dark" onClick={onCancel}>
            {REDIRECT_TEXT.cancel}
          </button>
        )}
      </div>
      <NoticeBox notice={notice} />
    </ScriptedForm>
  );
}
