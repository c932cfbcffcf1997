import { ScriptedForm } from '../../../components/form/ScriptedForm.tsx';
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import type { AccountInfo } from '../../../shared/admin.ts';
import { ACCOUNT_TEXT, ADMIN_MESSAGES } from '../../../shared/admin-texts.ts';
import { PASSWORD_MIN_LENGTH } from '../../../shared/admin.ts';
import { AdminInputs, type AdminInputSpec } from '../ui/AdminInput.tsx';
import { AdminShell } from '../ui/AdminShell.tsx';
import { type Notice, NoticeBox, formBody } from '../ui/Notice.tsx';
import { adminApi, errorMessage } from '../../../components/request.ts';
import { useFormRequest } from '../ui/use-form-request.ts';
import { Passkeys } from './Passkeys.tsx';
import { RecentPasswordInput, useRecentPassword } from './RecentPassword.tsx';
import { SwitchCard, type SwitchSetting } from '../ui/SwitchCard.tsx';
import { ANALYTICS_TEXT } from '../../../shared/analytics.ts';
import { LEAD_WORK_MESSAGES } from '../../../shared/lead-work-messages.ts';
import type { AccountData } from './+data.ts';
import { TitledSection } from '../ui/TitledSection.tsx';

const PASSWORD_FIELDS: AdminInputSpec[] = [
  { name: 'currentPassword', label: ACCOUNT_TEXT.currentPassword, type: 'password', autoComplete: 'current-password' },
  {
    name: 'newPassword',
    label: ACCOUNT_TEXT.newPassword(PASSWORD_MIN_LENGTH),
    type: 'password',
    autoComplete: 'new-password',
    minLength: PASSWORD_MIN_LENGTH,
  },
  {
    name: 'confirmPassword',
    label: ACCOUNT_TEXT.repeatPassword,
    type: 'password',
    autoComplete: 'new-password',
    minLength: PASSWORD_MIN_LENGTH,
  },
];

function PasswordForm() {
  const { csrfToken } = usePageContext();
  const { notice, errors, postForm } = useFormRequest();
  return (
    <TitledSection id="password" heading={ACCOUNT_TEXT.passwordHeading} className="admin-card">
      <NoticeBox notice={notice} />
      <ScriptedForm onSubmit={postForm('/api/admin/account/password', csrfToken)} noValidate>
        <AdminInputs idPrefix="pw" fields={PASSWORD_FIELDS} errors={errors} />
        <button type="submit" className="button button-primary">
          {ACCOUNT_TEXT.changePassword}
        </button>
      </ScriptedForm>
    </TitledSection>
  );
}

/** Opt-in e-mails (docs/product.md#analytics, #lead-work): off until the person turns them on. */
const OPT_INS = {
  weeklySummary: { id: 'weekly-summary', texts: ANALYTICS_TEXT.weeklySwitch, url: '/api/admin/account/weekly-summary', field: 'enabled' },
  followUpEmail: {
    id: 'follow-up-email',
    texts: LEAD_WORK_MESSAGES.followUpEmail,
    url: '/api/admin/account/follow-up-email',
    field: 'enabled',
  },
} satisfies Record<string, SwitchSetting>;

/** Turning two-factor sign-in off takes the password; turning it on, a code from the authenticator. */
const DISABLE_FIELDS: AdminInputSpec[] = [
  { name: 'password', label: ACCOUNT_TEXT.passwordToDisable, type: 'password', autoComplete: 'current-password' },
];
const ENABLE_FIELDS: AdminInputSpec[] = [
  { name: 'code', label: ACCOUNT_TEXT.code, inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '\\d{6}', maxLength: 6 },
];

/** `enabled`: the authenticator app is on; `hasPasskey`: a passkey, which counts as two-factor sign-in too. */
function TwoFactor({
  account,
  enabled,
  setEnabled,
  hasPasskey,
}: {
  account: AccountInfo;
  enabled: boolean;
  setEnabled: (on: boolean) => void;
  hasPasskey: boolean;
}) {
  const { csrfToken } = usePageContext();
  const [setup, setSetup] = useState<{ secret: string; qrDataUrl: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { notice, setNotice, errors, run } = useFormRequest();
  const call = <T,>(url: string, body: unknown, then: (result: T) => void) =>
    run(async () => then(await adminApi<T>('POST', url, csrfToken, body)));
  // Setting up asks for the password again when the session signed in a while ago, as adding a passkey does.
  const recent = useRecentPassword();
  const setUpCall = <T,>(url: string, body: unknown, then: (result: T) => void) =>
    run(async () => then(await recent.sending(() => adminApi<T>('POST', url, csrfToken, body))));
  const recentPassword = <RecentPasswordInput id="tfa-recent-password" asked={recent.asked} error={errors.password} />;

  return (
    <TitledSection id="tfa" heading={ACCOUNT_TEXT.twoFactorHeading} className="admin-card">
      {account.twoFactorRequired && !enabled && !hasPasskey && <p className="notice notice-warning">{ADMIN_MESSAGES.twoFactorRequired}</p>}
      <NoticeBox notice={notice} />
      {codes && (
        <div className="recovery-codes">
          <h3>{ACCOUNT_TEXT.recoveryHeading}</h3>
          <p>{ACCOUNT_TEXT.recoveryHint}</p>
          <ul>
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          {account.twoFactorRequired && (
            <p>
              <a href="/admin/dashboard">{ACCOUNT_TEXT.toDashboard}</a>
            </p>
          )}
        </div>
      )}
      {enabled ? (
        <>
          <p>
            {ACCOUNT_TEXT.twoFactorOn.before} <strong>{ACCOUNT_TEXT.twoFactorOn.state}</strong>
            {ACCOUNT_TEXT.twoFactorOn.after} {codes ? '' : ACCOUNT_TEXT.recoveryLeft(account.recoveryCodesLeft)}
          </p>
          {!account.twoFactorRequired && (
            <ScriptedForm
              noValidate
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
              <AdminInputs idPrefix="tfa" fields={DISABLE_FIELDS} errors={errors} />
              <button type="submit" className="button button-ghost-dark">
                {ACCOUNT_TEXT.disable}
              </button>
            </ScriptedForm>
          )}
        </>
      ) : setup ? (
        <ScriptedForm
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void setUpCall<{ message: string; recoveryCodes: string[] }>('/api/admin/account/totp/enable', formBody(e), (r) => {
              setEnabled(true);
              setSetup(null);
              setCodes(r.recoveryCodes);
              setNotice({ kind: 'success', text: r.message });
            });
          }}
        >
          <p>{ACCOUNT_TEXT.scan}</p>
          <img src={setup.qrDataUrl} alt={ACCOUNT_TEXT.qrAlt} width={200} height={200} className="qr" />
          <p>
            {ACCOUNT_TEXT.typeKey} <code className="secret">{setup.secret}</code>
          </p>
          <AdminInputs idPrefix="tfa" fields={ENABLE_FIELDS} errors={errors} />
          {recentPassword}
          <button type="submit" className="button button-primary">
            {ACCOUNT_TEXT.enable}
          </button>
        </ScriptedForm>
      ) : (
        <>
          <p>{ACCOUNT_TEXT.twoFactorOff}</p>
          <ScriptedForm
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void setUpCall<{ secret: string; qrDataUrl: string }>('/api/admin/account/totp/start', formBody(e), setSetup);
            }}
          >
            {recentPassword}
            <button type="submit" className="button button-primary">
              {ACCOUNT_TEXT.setUp}
            </button>
          </ScriptedForm>
        </>
      )}
    </TitledSection>
  );
}

function Sessions({ count, limit }: { count: number; limit: number }) {
  const { csrfToken } = usePageContext();
  const [others, setOthers] = useState(count);
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <TitledSection id="sessions" heading={ACCOUNT_TEXT.sessionsHeading} className="admin-card">
      <NoticeBox notice={notice} />
      <p>{ACCOUNT_TEXT.otherSessions(others)}</p>
      <p className="hint">{ACCOUNT_TEXT.sessionLimit(limit)}</p>
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
        {ACCOUNT_TEXT.endOthers}
      </button>
    </TitledSection>
  );
}

export default function AccountPage() {
  const account = useData<AccountData>();
  const [totp, setTotp] = useState(account.hasTwoFactor);
  const [passkeys, setPasskeys] = useState(account.passkeys);
  return (
    <AdminShell title={ACCOUNT_TEXT.title}>
      <p>
        {ACCOUNT_TEXT.signedInAs} <strong>{account.name}</strong> ({account.email}).
      </p>
      <div className="account-grid">
        <TwoFactor account={account} enabled={totp} setEnabled={setTotp} hasPasskey={passkeys.length > 0} />
        <Passkeys passkeys={passkeys} onChange={setPasskeys} hasTotp={totp} twoFactorRequired={account.twoFactorRequired} />
        <PasswordForm />
        <Sessions count={account.otherSessions} limit={account.sessionLimit} />
        {account.weeklySummary !== null && <SwitchCard setting={OPT_INS.weeklySummary} initial={account.weeklySummary} />}
        {account.followUpEmail !== null && <SwitchCard setting={OPT_INS.followUpEmail} initial={account.followUpEmail} />}
      </div>
    </AdminShell>
  );
}
