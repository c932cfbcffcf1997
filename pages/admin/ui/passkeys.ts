import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  WebAuthnError,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { RequestError, adminApi, requestJson } from '../../../components/request.ts';
import { ADMIN_MESSAGES } from '../../../shared/admin-texts.ts';
import type { PasskeyInfo } from '../../../shared/passkeys.ts';

/*
 * The browser's half of passkeys (docs/product.md#passkeys): the server's options go to WebAuthn through
 * SimpleWebAuthn, and the browser's answer goes back to be checked.
 */

/**
 * Signs in with a passkey and answers where to go next. With `autofill`, the browser offers the site's passkeys
 * in the e-mail field's suggestions (conditional mediation) and this waits until one is picked.
 */
export async function signInWithPasskey(next: string, autofill = false): Promise<string> {
  const optionsJSON = await requestJson<PublicKeyCredentialRequestOptionsJSON>('POST', '/admin/login/passkey/options', { body: {} });
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  const { redirect } = await requestJson<{ redirect: string }>('POST', '/admin/login/passkey', { body: { response, next } });
  return redirect;
}

/**
 * Offers the site's passkeys among the suggestions of the e-mail field (marked `webauthn`) where the browser can:
 * resolves with where to go once one signed in, or null when the browser offers none or the offer was withdrawn
 * or closed; rejects with the server's refusal of the passkey picked.
 */
export async function passkeyFromAutofill(next: string): Promise<string | null> {
  if (!(await browserSupportsWebAuthnAutofill())) return null;
  try {
    return await signInWithPasskey(next, true);
  } catch (err) {
    if (err instanceof RequestError) throw err;
    return null;
  }
}

/**
 * Makes a passkey on this device for the signed-in person, named `name`; answers the message and their passkeys.
 * The password is needed when the session signed in a while ago (the server says so with a `password` field error).
 */
export async function addPasskey(
  csrfToken: string | null,
  name: string,
  password: string,
): Promise<{ message: string; passkeys: PasskeyInfo[] }> {
  const optionsJSON = await adminApi<PublicKeyCredentialCreationOptionsJSON>(
    'POST',
    '/api/admin/account/passkeys/options',
    csrfToken,
    password ? { password } : {},
  );
  const response = await startRegistration({ optionsJSON });
  return adminApi('POST', '/api/admin/account/passkeys', csrfToken, { name, response });
}

/**
 * What to tell the person when a passkey request failed: the server's refusal, or why the browser gave none; null
 * when another passkey request took its place (the sign-in button cancels the e-mail field's suggestions).
 */
export function passkeyProblem(err: unknown): string | null {
  if (err instanceof RequestError) return err.message;
  if (err instanceof WebAuthnError) {
    if (err.code === 'ERROR_CEREMONY_ABORTED') return null;
    if (err.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return ADMIN_MESSAGES.passkeyAlreadyAdded;
  }
  // The person closed the browser's prompt or let it time out (NotAllowedError), or the device could not help.
  return ADMIN_MESSAGES.passkeyCancelled;
}
