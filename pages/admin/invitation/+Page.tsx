import { type FormEvent, useState } from 'react';
import { useData } from 'vike-react/useData';
import { FieldError } from '../../../components/form/FieldError.tsx';
import { RequestError, adminApi, errorMessage } from '../../../components/request.ts';
import { PASSWORD_MIN_LENGTH } from '../../../shared/admin.ts';
import { STAFF_MESSAGES, STAFF_TEXTS } from '../../../shared/messages.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { type Notice, NoticeBox, formBody } from '../ui/Notice.tsx';
import type { InvitationData } from './+data.ts';

/** Where an invitation's one-time link leads: the invitee chooses a password, then signs in. */
export default function InvitationPage() {
  const { invitation, token } = useData<InvitationData>();
  const [notice, setNotice] = useState<Notice>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    setErrors({});
    try {
      const res = await adminApi<{ redirect: string }>('POST', '/api/admin/invitation', null, formBody(event));
      window.location.assign(res.redirect);
    } catch (err) {
      if (err instanceof RequestError) setErrors(err.fields);
      setNotice({ kind: 'error', text: errorMessage(err) });
      setBusy(false);
    }
  }

  if (!invitation) {
    return (
      <AdminShell title={STAFF_TEXTS.invitationTitle}>
        <div className="admin-card login-card">
          <p className="notice notice-error">{STAFF_MESSAGES.invitationInvalid}</p>
          <a href="/admin/login">{STAFF_TEXTS.toSignIn}</a>
        </div>
      </AdminShell>
    );
  }
  const fields = [
    { name: 'password', label: STAFF_TEXTS.newPassword(PASSWORD_MIN_LENGTH) },
    { name: 'confirmPassword', label: STAFF_TEXTS.repeatPassword },
  ];
  return (
    <AdminShell title={STAFF_TEXTS.invitationTitle}>
      <div className="admin-card login-card">
        <p>{STAFF_TEXTS.invitationFor(invitation.name, invitation.email)}</p>
        <NoticeBox notice={notice} />
        <form onSubmit={submit}>
          <input type="hidden" name="token" value={token} />
          {/* Password managers file the new password under this address. */}
          <input type="hidden" name="username" autoComplete="username" value={invitation.email} />
          {fields.map((f) => (
            <div className="field" key={f.name}>
              <label htmlFor={`invitation-${f.name}`}>{f.label}</label>
              <input
                id={`invitation-${f.name}`}
                name={f.name}
                type="password"
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN_LENGTH}
                maxLength={1024}
                aria-invalid={errors[f.name] ? true : undefined}
                aria-describedby={errors[f.name] ? `invitation-${f.name}-error` : undefined}
              />
              <FieldError id={`invitation-${f.name}-error`} message={errors[f.name]} />
            </div>
          ))}
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? STAFF_TEXTS.settingPassword : STAFF_TEXTS.setPassword}
          </button>
        </form>
      </div>
    </AdminShell>
  );
}
