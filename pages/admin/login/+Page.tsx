import { type FormEvent, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { safeNextPath } from '../../../shared/admin.ts';
import { ADMIN_MESSAGES, LOGIN_TEXT, STAFF_MESSAGES } from '../../../shared/messages.ts';
import { AdminInput } from '../ui/AdminInput.tsx';
import { AdminShell } from '../ui/AdminShell.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { type CaptchaHandle, CaptchaProblem, SignInProofWidget } from '../../../components/CaptchaWidget.tsx';
import { RequestError, adminApi, errorMessage } from '../../../components/request.ts';

/** The texts for the reasons a form post (no JavaScript) is sent back here; see server/staff/sign-in-routes.ts. */
function reasonText(reason: string | undefined, minutes: number): string | null {
  switch (reason) {
    case 'invalid':
      return ADMIN_MESSAGES.loginFailed;
    case 'throttled':
      return ADMIN_MESSAGES.loginThrottled(minutes);
    case 'code':
      return ADMIN_MESSAGES.totpInvalid;
    case 'expired':
      return ADMIN_MESSAGES.totpExpired;
    case 'proof':
      return ADMIN_MESSAGES.signInProofNeeded;
    case 'busy':
      return ADMIN_MESSAGES.signInBusy;
    default:
      return null;
  }
}

/**
 * Sign-in: email and password, then (for accounts with two-factor sign-in) the authenticator code. Plain
 * form posts without JavaScript; with it, the same endpoints answer JSON and errors appear in place.
 */
export default function LoginPage() {
  const { urlParsed } = usePageContext();
  const search = urlParsed.search;
  const next = safeNextPath(search.next);
  const [step, setStep] = useState<'password' | 'code'>(search.step === 'code' ? 'code' : 'password');
  const [error, setError] = useState(() => reasonText(search.error, Number(search.minutes) || 15));
  const [busy, setBusy] = useState(false);
  // While sign-in failures spike, browsers no account knows solve a proof of work first (sign-in-proof.ts).
  const [needsProof, setNeedsProof] = useState(search.error === 'proof');
  const proof = useRef<CaptchaHandle>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const body = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
      if (step === 'password' && needsProof && proof.current) body.proof = await proof.current.getToken();
      const url = step === 'password' ? '/admin/login' : '/admin/login/code';
      const result = await adminApi<{ redirect?: string; twoFactorRequired?: boolean }>('POST', url, null, body);
      if (result.twoFactorRequired) {
        setStep('code');
        requestAnimationFrame(() => codeRef.current?.focus());
      } else {
        window.location.assign(result.redirect ?? next);
      }
    } catch (err) {
      setError(err instanceof CaptchaProblem ? ADMIN_MESSAGES.signInProofFailed : errorMessage(err));
      if (err instanceof RequestError && err.message === ADMIN_MESSAGES.totpExpired) setStep('password');
      if (err instanceof RequestError && err.message === ADMIN_MESSAGES.signInProofNeeded) setNeedsProof(true);
      // A solution is spent by the attempt: the next one needs a fresh check (after a success the page moves on).
      proof.current?.reset();
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminShell title={LOGIN_TEXT.title}>
      <div className="admin-card login-card">
        {search.signedOut === '1' && !error && (
          <p role="status" className="notice notice-success">
            {LOGIN_TEXT.signedOut}
          </p>
        )}
        {search.invited === '1' && !error && (
          <p role="status" className="notice notice-success">
            {STAFF_MESSAGES.invitationAccepted}
          </p>
        )}
        <div role="alert" className={error ? 'notice notice-error' : undefined}>
          {error}
        </div>
        {step === 'password' ? (
          <form method="post" action="/admin/login" onSubmit={submit} noValidate={false}>
            <input type="hidden" name="next" value={next} />
            <AdminInput id="login-email" label={LOGIN_TEXT.email} name="email" type="email" autoComplete="username" maxLength={254} />
            <AdminInput id="login-password" label={LOGIN_TEXT.password} name="password" type="password" autoComplete="current-password" maxLength={1024} />
            {needsProof && <SignInProofWidget handle={proof} />}
            <SubmitButton busy={busy} label={LOGIN_TEXT.signIn} busyLabel={LOGIN_TEXT.signingIn} />
          </form>
        ) : (
          <form method="post" action="/admin/login/code" onSubmit={submit}>
            <p id="code-help">{LOGIN_TEXT.codeHelp}</p>
            <AdminInput
              id="login-code"
              label={LOGIN_TEXT.code}
              ref={codeRef}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={32}
              aria-describedby="code-help"
            />
            <SubmitButton busy={busy} label={LOGIN_TEXT.verify} busyLabel={LOGIN_TEXT.verifying} />
          </form>
        )}
      </div>
    </AdminShell>
  );
}
