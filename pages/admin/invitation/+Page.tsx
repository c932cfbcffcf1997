import type { FormEvent } from 'react';
import { useData } from 'vike-react/useData';
import { adminApi } from '../../../components/request.ts';
import { PASSWORD_MIN_LENGTH } from '../../../shared/admin.ts';
import { ADMIN_MESSAGES, STAFF_MESSAGES, STAFF_TEXTS } from '../../../shared/admin-texts.ts';
import { AdminInputs, type AdminInputSpec } from '../ui/AdminInput.tsx';
import { AdminShell } from '../ui/AdminShell.tsx';
import { NoticeBox, formBody } from '../ui/Notice.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { useFormRequest } from '../ui/use-form-request.ts';
import type { InvitationData } from './+data.ts';

const NEW_PASSWORD = { type: 'password', autoComplete: 'new-password', minLength: PASSWORD_MIN_LENGTH, maxLength: 1024 } as const;
const PASSWORD_FIELDS: AdminInputSpec[] = [
  { name: 'password', label: STAFF_TEXTS.newPassword(PASSWORD_MIN_LENGTH), ...NEW_PASSWORD },
  { name: 'confirmPassword', label: STAFF_TEXTS.repeatPassword, ...NEW_PASSWORD },
];

/** A refusal of the form posted without JavaScript (`?error=`), as the field errors the script would show. */
function refusal(error: string | null, email: string): Record<string, string> {
  if (error === 'password') return { password: ADMIN_MESSAGES.passwordTooShort };
  if (error === 'confirmPassword') return { confirmPassword: STAFF_MESSAGES.passwordsDiffer };
  if (error === 'exists') return { password: ADMIN_MESSAGES.accountExists(email) };
  return {};
}

/**
 * Where an invitation's one-time link leads: the invitee chooses a password and is signed in. The form posts as
 * JSON when the script runs, and as a plain form without it (the answer is then a redirect).
 */
export default function InvitationPage() {
  const { invitation, token, error } = useData<InvitationData>();
  const { notice, errors, busy, run } = useFormRequest();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = formBody(event);
    void run(
      async () => {
        const res = await adminApi<{ redirect: string }>('POST', '/api/admin/invitation', null, body);
        window.location.assign(res.redirect);
      },
      { leavesPage: true },
    );
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
  return (
    <AdminShell title={STAFF_TEXTS.invitationTitle}>
      <div className="admin-card login-card">
        <p>{STAFF_TEXTS.invitationFor(invitation.name, invitation.email)}</p>
        <NoticeBox notice={notice} />
        <form method="post" action="/api/admin/invitation" noValidate onSubmit={submit}>
          <input type="hidden" name="token" value={token} />
          {/* Password managers file the new password under this address. */}
          <input type="hidden" name="username" autoComplete="username" value={invitation.email} />
          <AdminInputs idPrefix="invitation" fields={PASSWORD_FIELDS} errors={notice ? errors : refusal(error, invitation.email)} />
          <SubmitButton busy={busy} label={STAFF_TEXTS.setPassword} busyLabel={STAFF_TEXTS.settingPassword} />
        </form>
      </div>
    </AdminShell>
  );
}
