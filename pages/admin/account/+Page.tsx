import { type FormEvent, useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import type { AccountInfo } from '../../../shared/admin.ts';
import { ADMIN_MESSAGES } from '../../../shared/messages.ts';
import { PASSWORD_MIN_LENGTH } from '../../../shared/admin.ts';
import { FieldError } from '../../../components/form/FieldError.tsx';
import { AdminShell } from '../ui/AdminShell.tsx';
import { type Notice, NoticeBox, formBody } from '../ui/Notice.tsx';
import { RequestError, adminApi, errorMessage } from '../../../components/request.ts';


function PasswordForm() {
  const { csrfToken } = usePageContext();
  const [notice, setNotice] = useState<Notice>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setNotice(null);
    setErrors({});
    try {
      const res = await adminApi<{ message: string }>('POST', '/api/admin/account/password', csrfToken, formBody(event));
      form.reset();
      setNotice({ kind: 'success', text: res.message });
    } catch (err) {
      if (err instanceof RequestError) setErrors(err.fields);
      setNotice({ kind: 'error', text: errorMessage(err) });
    }
  }
  const fields = [
    { name: 'currentPassword', label: 'Current password', auto: 'current-password' },
    { name: 'newPassword', label: `New password (at least ${PASSWORD_MIN_LENGTH} characters)`, auto: 'new-password' },
    { name: 'confirmPassword', label: 'Repeat the new password', auto: 'new-password' },
  ];
  return (
    <section aria-labelledby="password-heading" className="admin-card">
      <h2 id="password-heading">Change password</h2>
      <NoticeBox notice={notice} />
      <form onSubmit={submit}>
        {fields.map((f) => (
          <div className="field" key={f.name}>
            <label htmlFor={`pw-${f.name}`}>{f.label}</label>
            <input
              id={`pw-${f.name}`}
              name={f.name}
              type="password"
              autoComplete={f.auto}
              required
              minLength={f.name === 'currentPassword' ? undefined : PASSWORD_MIN_LENGTH}
              aria-invalid={errors[f.name] ? true : undefined}
              aria-describedby={errors[f.name] ? `pw-${f.name}-error` : undefined}
            />
            <FieldError id={`pw-${f.name}-error`} message={errors[f.name]} />
          </div>
        ))}
        <button type="submit" className="button button-primary">
          Change password
        </button>
      </form>
    </section>
  );
}

function TwoFactor({ account }: { account: AccountInfo }) {
  const { csrfToken } = usePageContext();
  const [enabled, setEnabled] = useState(account.hasTwoFactor);
  const [setup, setSetup] = useState<{ secret: string; qrDataUrl: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function call<T>(url: string, body: unknown, then: (result: T) => void) {
    setNotice(null);
    setErrors({});
    try {
      then(await adminApi<T>('POST', url, csrfToken, body));
    } catch (err) {
      if (err instanceof RequestError) setErrors(err.fields);
      setNotice({ kind: 'error', text: errorMessage(err) });
    }
  }

  return (
    <section aria-labelledby="tfa-heading" className="admin-card">
      <h2 id="tfa-heading">Two-factor sign-in</h2>
      {account.twoFactorRequired && !enabled && (
        <p className="notice notice-warning">{ADMIN_MESSAGES.twoFactorRequired}</p>
      )}
      <NoticeBox notice={notice} />
      {codes && (
        <div className="recovery-codes">
          <h3>Your recovery codes</h3>
          <p>Each code signs you in once if you lose your phone. Store them somewhere safe now: they are not shown again.</p>
          <ul>
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          {account.twoFactorRequired && (
            <p>
              <a href="/admin/dashboard">Continue to the dashboard</a>
            </p>
          )}
        </div>
      )}
      {enabled ? (
        <>
          <p>
            Two-factor sign-in is <strong>on</strong>. {codes ? '' : `${account.recoveryCodesLeft} recovery codes left.`}
          </p>
          {!account.twoFactorRequired && (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                const body = formBody(e);
                void call<{ message: string }>('/api/admin/account/totp/disable', body, (r) => {
                  setEnabled(false);
                  setCodes(null);
                  setNotice({ kind: 'success', text: r.message });
                });
              }}
            >
              <div className="field">
                <label htmlFor="tfa-password">Your password, to turn it off</label>
                <input
                  id="tfa-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={errors.password ? 'tfa-password-error' : undefined}
                />
                <FieldError id="tfa-password-error" message={errors.password} />
              </div>
              <button type="submit" className="button button-ghost-dark">
                Turn off two-factor sign-in
              </button>
            </form>
          )}
        </>
      ) : setup ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void call<{ message: string; recoveryCodes: string[] }>('/api/admin/account/totp/enable', formBody(e), (r) => {
              setEnabled(true);
              setSetup(null);
              setCodes(r.recoveryCodes);
              setNotice({ kind: 'success', text: r.message });
            });
          }}
        >
          <p>Scan this code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password).</p>
          <img src={setup.qrDataUrl} alt="QR code to add this account to an authenticator app" width={200} height={200} className="qr" />
          <p>
            Or type this key: <code className="secret">{setup.secret}</code>
          </p>
          <div className="field">
            <label htmlFor="tfa-code">The 6-digit code the app shows</label>
            <input
              id="tfa-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? 'tfa-code-error' : undefined}
            />
            <FieldError id="tfa-code-error" message={errors.code} />
          </div>
          <button type="submit" className="button button-primary">
            Turn on two-factor sign-in
          </button>
        </form>
      ) : (
        <>
          <p>Two-factor sign-in is off. With it on, signing in also needs a code from your phone.</p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => void call<{ secret: string; qrDataUrl: string }>('/api/admin/account/totp/start', {}, setSetup)}
          >
            Set up two-factor sign-in
          </button>
        </>
      )}
    </section>
  );
}

function Sessions({ count, limit }: { count: number; limit: number }) {
  const { csrfToken } = usePageContext();
  const [others, setOthers] = useState(count);
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <section aria-labelledby="sessions-heading" className="admin-card">
      <h2 id="sessions-heading">Other sessions</h2>
      <NoticeBox notice={notice} />
      <p>
        {others === 0 ? 'You are not signed in anywhere else.' : `You are signed in on ${others} other ${others === 1 ? 'browser or device' : 'browsers or devices'}.`}
      </p>
      <p className="hint">
        {`At most ${limit} sessions stay open at once: signing in on one more browser signs out the one signed in longest ago.`}
      </p>
      <button
        type="button"
        className="button button-ghost-dark"
        disabled={others === 0}
        onClick={async () => {
          try {
            const r = await adminApi<{ message: string }>('POST', '/api/admin/account/sessions/end-others', csrfToken, {});
            setOthers(0);
            setNotice({ kind: 'success', text: r.message });
          } catch (err) {
            setNotice({ kind: 'error', text: errorMessage(err) });
          }
        }}
      >
        Sign out other sessions
      </button>
    </section>
  );
}

export default function AccountPage() {
  const account = useData<AccountInfo>();
  return (
    <AdminShell title="Your account">
      <p>
        Signed in as <strong>{account.name}</strong> ({account.email}).
      </p>
      <div className="account-grid">
        <TwoFactor account={account} />
        <PasswordForm />
        <Sessions count={account.otherSessions} limit={account.sessionLimit} />
      </div>
    </AdminShell>
  );
}
