/** Where a token is used: the product's reCAPTCHA action names, reused by every provider, and staff sign-in under a flood (ALTCHA only). */
export type CaptchaAction = 'contact_form' | 'quote_form' | 'sign_in';

export type CaptchaRefusal = 'missing' | 'invalid' | 'expired' | 'wrong-action' | 'low-score';

export type CaptchaResult =
  | {
      ok: true;
      /**
       * Set when the provider cannot tell a replay by itself (ALTCHA is verified offline): the caller records
       * this key in the same transaction as the lead, so a second use of the same solution is refused.
       */
      singleUse?: { key: string; expiresAt: string };
    }
  | { ok: false; reason: CaptchaRefusal };

export interface CaptchaVerifier {
  provider: 'altcha' | 'recaptcha' | 'turnstile';
  /** Throws CaptchaUnavailableError when the provider cannot be reached; never for a bad token. */
  verify(token: string, context: { action: CaptchaAction; ip?: string | undefined }): Promise<CaptchaResult>;
}

export class CaptchaUnavailableError extends Error {}
