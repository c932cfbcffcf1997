import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { WebAuthnAbortService, browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { safeNextPath } from '../../../shared/admin.ts';
import { ADMIN_MESSAGES, LOGIN_TEXT } from '../../../shared/admin-texts.ts';
import { AdminInput, AdminInputs, type AdminInputSpec } from '../ui/AdminInput.tsx';
import { AdminShell } from '../ui/AdminShell.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { type CaptchaHandle, CaptchaProblem, SignInProofWidget } from '../../../components/CaptchaWidget.tsx';
import { RequestError, adminApi, errorMessage } from '../../../components/request.ts';
import { useIsHydrated } from '../../../components/use-is-hydrated.ts';
import { passkeyFromAutofill, passkeyProblem, signInWithPasskey } from '../ui/passkeys.ts';

/** The first step's fields; the browser offers saved passwords and passkeys for them (autocomplete). */
const PASSWORD_STEP_FIELDS: AdminInputSpec[] = [
  { name: 'email', label: LOGIN_TEXT.email, type: 'email', autoComplete: 'username webauthn', maxLength: 254 },
  { name: 'password', label: LOGIN_TEXT.password, type: 'password', autoComplete: 'current-password', maxLength: 1024 },
];

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

type Step = 'password' | 'code' | 'passkey';

/**
 * Sign-in: email and password, then (for accounts with two-factor sign-in) the authenticator code or a passkey.
 * Plain form posts without JavaScript; with it, the same endpoints answer JSON and errors appear in place, and a
 * passkey signs in alone: from its button, or picked among the e-mail field's suggestions where the browser
 * offers passkeys there (docs/product.md#passkeys).
 */
export default function LoginPage() {
  const { urlParsed } = usePageContext();
  const search = urlParsed.search;
  const next = safeNextPath(search.next);
  const [step, setStep] = useState<Step>(search.step === 'code' || search.step === 'passkey' ? search.step : 'password');
  // After the password: whether this account also has a passkey to use instead of the code.
  const [passkeyToo, setPasskeyToo] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const hydrated = useIsHydrated();
  const [error, setError] = useState(() => reasonText(search.error, Number(search.minutes) || 15));
  const [busy, setBusy] = useState(false);
  // While sign-in failures spike, browsers no account knows solve a proof of work first (sign-in-proof.ts).
  const [needsProof, setNeedsProof] = useState(search.error === 'proof');
  const proof = useRef<CaptchaHandle>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  /** Offers the site's passkeys among the e-mail field's suggestions, until one is picked or the page moves on. */
  const offerPasskeysInEmailField = useCallback(
    () =>
      passkeyFromAutofill(next).then(
        (to) => to && window.location.assign(to),
        (err: unknown) => setError(errorMessage(err)),
      ),
    [next],
  );

  useEffect(() => {
    if (step !== 'password') return;
    void offerPasskeysInEmailField();
    // Leaving the step (or the page) withdraws the suggestions.
    return () => WebAuthnAbortService.cancelCeremony();
  }, [step, offerPasskeysInEmailField]);

  async function signInByPasskey() {
    setPasskeyBusy(true);
    setError(null);
    try {
      window.location.assign(await signInWithPasskey(next));
    } catch (err) {
      setError(passkeyProblem(err));
      setPasskeyBusy(false);
      if (step === 'password') void offerPasskeysInEmailField();
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const body = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
      if (step === 'password' && needsProof && proof.current) body.proof = await proof.current.getToken();
      const url = step === 'password' ? '/admin/login' : '/admin/login/code';
      const result = await adminApi<{ redirect?: string; twoFactorRequired?: boolean; step?: Step; passkey?: boolean }>(
        'POST',
        url,
        null,
        body,
      );
      if (result.twoFactorRequired) {
        setStep(result.step ?? 'code');
        setPasskeyToo(result.passkey ?? false);
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

  /** Shown once scripts run, in browsers that can use passkeys; `primary` where it is the step's one action. */
  function passkeyButton(label: string, primary = false) {
    if (!hydrated || !browserSupportsWebAuthn()) return null;
    return (
      <button
        type="button"
        className={`button ${primary ? 'button-primary' : 'button-ghost-dark'}`}
        disabled={passkeyBusy}
        onClick={() => void signInByPasskey()}
      >
        {passkeyBusy ? LOGIN_TEXT.passkeyWaiting : label}
      </button>
    );
  }

  return (
    <AdminShell title={LOGIN_TEXT.title}>
      <div className="admin-card login-card">
        {search.signedOut === '1' && step === 'password' && !error && (
          <p role="status" className="notice notice-success">
            {LOGIN_TEXT.signedOut}
          </p>
        )}
        <div role="alert" className={error ? 'notice notice-error' : undefined}>
          {error}
        </div>
        {step === 'password' ? (
          <form method="post" action="/admin/login" onSubmit={submit} noValidate={false}>
            <input type="hidden" name="next" value={next} />
            <AdminInputs idPrefix="login" fields={PASSWORD_STEP_FIELDS} />
            {needsProof && <SignInProofWidget handle={proof} />}
            <div className="button-row">
              <SubmitButton busy={busy} label={LOGIN_TEXT.signIn} busyLabel={LOGIN_TEXT.signingIn} />
              {passkeyButton(LOGIN_TEXT.passkeySignIn)}
            </div>
          </form>
        ) : step === 'passkey' ? (
          <>
            <p>{LOGIN_TEXT.passkeyStep}</p>
            {passkeyButton(LOGIN_TEXT.usePasskey, true)}
          </>
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
            <div className="button-row">
              <SubmitButton busy={busy} label={LOGIN_TEXT.verify} busyLabel={LOGIN_TEXT.verifying} />
              {passkeyToo && passkeyButton(LOGIN_TEXT.usePasskeyInstead)}
            </div>
          </form>
        )}
      </div>
    </AdminShell>
  );
}
